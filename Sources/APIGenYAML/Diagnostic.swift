/// Where something is in a source file: 1-based line and column, as editors count them.
public struct SourceLocation: Hashable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// A problem found in a spec, printed in the form Xcode and editors pick up:
/// `path:line:col: error: message (#/json/pointer)`.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error
        case warning
        case note
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    /// The JSON pointer of the node the problem is about, without the leading `#`.
    public var pointer: String?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil, pointer: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.pointer = pointer
    }

    public static func error(_ message: String, at location: SourceLocation? = nil, pointer: String? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location, pointer: pointer)
    }

    public static func warning(_ message: String, at location: SourceLocation? = nil, pointer: String? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location, pointer: pointer)
    }

    public var description: String {
        var text = ""
        if let location {
            text = "\(location.file):\(location.line):\(location.column): "
        }
        text += "\(severity.rawValue): \(message)"
        if let pointer {
            text += " (#\(pointer))"
        }
        return text
    }
}

/// Collects diagnostics from every stage. Bounded, so a spec with a million problems
/// cannot eat memory: past the limit only a count is kept.
public struct Diagnostics: Sendable {
    public private(set) var items: [Diagnostic] = []
    public private(set) var droppedCount = 0
    public let limit: Int

    public init(limit: Int = 500) {
        self.limit = limit
    }

    public var hasErrors: Bool {
        errorCount > 0
    }

    public private(set) var errorCount = 0

    public mutating func append(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error {
            errorCount += 1
        }
        if items.count < limit {
            items.append(diagnostic)
        } else {
            droppedCount += 1
        }
    }

    public mutating func append(contentsOf other: Diagnostics) {
        for item in other.items {
            append(item)
        }
        droppedCount += other.droppedCount
    }

    public var errors: [Diagnostic] {
        items.filter { $0.severity == .error }
    }

    public var warnings: [Diagnostic] {
        items.filter { $0.severity == .warning }
    }
}
