import Foundation

/// A path key as specs write it, split into what a request sends: the template, and the fixed
/// query items after a `?` (`/responses?beta=true`, OpenAI's). A `#` and what follows
/// (`/v1/conversations#stream`, Mistral's name for a variant of an operation) is not sent: a
/// fragment never reaches the server.
struct PathTemplate: Equatable {
    let template: String
    let fixedQuery: [FixedQueryItem]

    init(_ path: String) {
        // Nearly every path has neither: nothing to split (and no Foundation text work).
        guard path.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) else {
            template = path
            fixedQuery = []
            return
        }
        let sent = path.prefix { $0 != "#" }
        let parts = sent.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        template = String(parts[0])
        let query = parts.count > 1 ? parts[1] : ""
        fixedQuery = query.split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return FixedQueryItem(name: decoded(pair[0]), value: pair.count > 1 ? decoded(pair[1]) : "")
        }
    }
}
