import Foundation

/// A page of a list whose server names the next page in a `Link` header, as GitHub's API does:
/// `Link: <https://api.github.com/repositories/1/contributors?page=2>; rel="next", <…>; rel="last"`.
/// Generated view models of such operations page with it; `Request.followingLinks()` makes one
/// from any request.
public struct LinkedPage<Value: Sendable>: Sendable {
    /// The decoded body.
    public var value: Value
    /// The `rel="next"` link; nil on the last page.
    public var next: URL?

    /// A page holding `value`, followed by the page at `next` (nil for none).
    public init(value: Value, next: URL?) {
        self.value = value
        self.next = next
    }
}

extension LinkedPage: Equatable where Value: Equatable {}
extension LinkedPage: Hashable where Value: Hashable {}

extension Request {
    /// The same request, answered with its value and the `rel="next"` link of the response's
    /// `Link` header, as written there (only its query matters to `PageRequest.following`).
    public func followingLinks() -> Request<LinkedPage<Response>> {
        let decode = response.decode
        var linked = Request<LinkedPage<Response>>(
            method: method, path: path, operationID: operationID,
            response: ResponseBody { response, body, decoder in
                LinkedPage(value: try decode(response, body, decoder), next: LinkHeader.target(of: "next", in: response.headers["Link"]))
            })
        linked.query = query
        linked.headers = headers
        linked.cookies = cookies
        linked.body = body
        linked.security = security
        linked.accept = accept
        linked.timeout = timeout
        linked.isIdempotent = isIdempotent
        linked.server = server
        return linked
    }
}

extension Request {
    /// The same request with the query of `link`, a `rel="next"` link of its response: how the
    /// next page is asked for where no parameter of the operation walks the pages.
    public func following(_ link: URL) -> Request {
        var next = self
        let items = URLComponents(url: link, resolvingAgainstBaseURL: true)?.queryItems ?? []
        next.query = items.map { (name: $0.name, value: $0.value ?? "") }
        return next
    }
}

extension PageRequest {
    /// The request a `rel="next"` link stands for: the value of the paging parameter
    /// `parameter` in it, read the way `current` pages (a page number, an offset or a cursor).
    /// Nil without a link, or when the link does not carry the parameter.
    public static func following(_ link: URL?, parameter: String, current: PageRequest) -> PageRequest? {
        guard let link, let components = URLComponents(url: link, resolvingAgainstBaseURL: true),
            let value = components.queryItems?.first(where: { $0.name == parameter })?.value
        else { return nil }
        switch current {
        case .page: return Int(value).map(PageRequest.page)
        case .offset: return Int(value).map(PageRequest.offset)
        case .cursor: return value.isEmpty ? nil : .cursor(value)
        }
    }
}

/// `Link` header values (RFC 8288): comma-separated `<URI>; param=value` entries.
enum LinkHeader {
    /// The URI of the first link whose `rel` (a space-separated list, case-insensitive) holds
    /// `relation`.
    static func target(of relation: String, in header: String?) -> URL? {
        guard var rest = header?[...] else { return nil }
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { return nil }
            let target = rest[rest.index(after: open)..<close]
            // Parameters run to the next entry; a quoted value may hold a comma.
            var end = rest.index(after: close)
            var quoted = false
            while end < rest.endIndex, quoted || rest[end] != "," {
                if rest[end] == "\"" { quoted.toggle() }
                end = rest.index(after: end)
            }
            if relations(in: rest[rest.index(after: close)..<end]).contains(relation.lowercased()) {
                return URL(string: String(target).trimmingCharacters(in: .whitespaces))
            }
            rest = rest[end...]
        }
        return nil
    }

    /// The relation types of one entry's parameters: `; rel="next last"` → `["next", "last"]`.
    private static func relations(in parameters: Substring) -> [String] {
        for parameter in parameters.split(separator: ";") {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return value.lowercased().split(separator: " ").map(String.init)
        }
        return []
    }
}
