import Foundation

/// The help of `apigen` and its subcommands, in swift-argument-parser's layout (OVERVIEW, USAGE,
/// ARGUMENTS, OPTIONS, SUBCOMMANDS). The README shows these texts as printed; a test keeps the
/// two the same.
struct CommandHelp {
    struct Entry {
        var names: String
        var text: String
    }

    var name: String
    var overview: String
    var usage: String
    var arguments: [Entry] = []
    var options: [Entry] = []
    var subcommands: [Entry] = []
    var discussion: String?

    static let helpEntry = Entry(names: "-h, --help", text: "Show help information.")

    /// The full help, as `--help` prints it.
    var text: String {
        var sections = ["OVERVIEW: \(overview)", "USAGE: \(usage)"]
        for (title, entries) in [("ARGUMENTS", arguments), ("OPTIONS", options + [Self.helpEntry]), ("SUBCOMMANDS", subcommands)]
        where !entries.isEmpty {
            sections.append("\(title):\n" + entries.map(Self.line).joined(separator: "\n"))
        }
        if let discussion { sections.append(discussion) }
        return sections.joined(separator: "\n\n")
    }

    /// What a usage error prints after its message: the usage line and where the help is.
    var usageHint: String {
        "Usage: \(usage)\n  See 'apigen \(name.isEmpty ? "" : name + " ")--help' for more information."
    }

    /// The option names this command takes, for "did you mean" hints.
    var optionNames: [String] {
        (options + [Self.helpEntry]).flatMap { entry in
            entry.names.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
                .filter { $0.hasPrefix("-") }
        }
    }

    private static func line(_ entry: Entry) -> String {
        // The text in a column of its own, wrapped to 100 characters, as swift-argument-parser lays it out.
        let names = "  " + entry.names
        let width = 28
        let indent = String(repeating: " ", count: width)
        let wrapped = wrap(entry.text, width: 100 - width)
        let first =
            names.count < width
            ? names.padding(toLength: width, withPad: " ", startingAt: 0) + wrapped[0] : names + "\n" + indent + wrapped[0]
        return ([first] + wrapped.dropFirst().map { indent + $0 }).joined(separator: "\n")
    }

    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        return lines + [current]
    }
}
