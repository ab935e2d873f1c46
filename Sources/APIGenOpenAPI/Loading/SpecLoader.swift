import APIGenYAML
import Foundation

/// The entry point of the OpenAPI stages: a spec file in, a checked `OpenAPIDocument` out.
///
/// `load(path:)` runs them all. A caller that times or inspects the stages runs them one by one:
/// `read(path:)` (the entry file as a YAML tree), `parse(_:)` (the document model, with schema
/// references still pending), `resolve(_:)` (every reference followed, the files they name read)
/// and `validate(_:)` (checks across the document). Each takes the value the one before returns.
public struct SpecLoader: Sendable {
    public struct Result: Sendable {
        /// nil when the spec could not be read at all; otherwise present even with errors,
        /// so callers can still report everything found.
        public var document: OpenAPIDocument?
        public var files: SpecFiles
        public var diagnostics: Diagnostics

        public var succeeded: Bool {
            document != nil && !diagnostics.hasErrors
        }
    }

    /// A document between `parse(_:)` and `resolve(_:)`: the model, and the parser holding the
    /// references it has yet to follow.
    public struct Parsed {
        let parser: SpecParser
        let document: OpenAPIDocument?
    }

    /// The entry file read; `document` is nil until it is parsed.
    public struct Read: Sendable {
        public var files: SpecFiles
        public var diagnostics: Diagnostics
        /// False when the entry file could not be read or is not YAML.
        public var succeeded: Bool
    }

    public var reader: YAMLReader
    /// The folder whose files references may reach (`--root`, `root:` in apigen.yaml), as the
    /// user wrote it; it must hold the spec. nil: `defaultRoot(forSpecAt:)`.
    public var root: String?

    /// Rule breaks that apigen would repair (a `$ref` to a missing schema, an undeclared path
    /// parameter, a duplicate operationId, …) are errors instead of warnings.
    public var strict: Bool

    public init(reader: YAMLReader = YAMLReader(), root: String? = nil, strict: Bool = false) {
        self.reader = reader
        self.root = root
        self.strict = strict
    }

    /// The root folder when none is chosen: the nearest folder from the spec's up that holds
    /// `.git` or `Package.swift`, the repository or package the spec belongs to, whose other
    /// files (shared schemas beside the app's sources) its developer means it to reach; else the
    /// spec's own folder, so that a spec lying loose in Downloads reads nothing around it.
    public static func defaultRoot(forSpecAt path: String) -> String {
        let folder = (SpecFiles.canonical(path) as NSString).deletingLastPathComponent
        var candidate = folder
        while !candidate.isEmpty {
            for marker in [".git", "Package.swift"]
            where FileManager.default.fileExists(atPath: (candidate as NSString).appendingPathComponent(marker)) {
                return candidate
            }
            let parent = (candidate as NSString).deletingLastPathComponent
            if parent == candidate { break }
            candidate = parent
        }
        return folder
    }

    /// Reads the spec at `path` (shown in diagnostics as given) and every file it references.
    public func load(path: String) -> Result {
        let read = read(path: path)
        return validate(resolve(parse(read)))
    }

    /// Reads the entry file into a YAML tree.
    public func read(path: String) -> Read {
        let canonical = SpecFiles.canonical(path)
        var files = SpecFiles(rootDirectory: SpecFiles.canonical(root ?? Self.defaultRoot(forSpecAt: path)), reader: reader)
        var diagnostics = Diagnostics()
        if let root, !files.isUnderRoot(canonical) {
            let start = SourceLocation(file: path, line: 1, column: 1)
            diagnostics.append(.error("the spec is outside the root folder '\(root)'; the root must hold it", at: start))
            return Read(files: files, diagnostics: diagnostics, succeeded: false)
        }
        do {
            _ = try files.load(canonicalPath: canonical, displayPath: path)
            return Read(files: files, diagnostics: diagnostics, succeeded: true)
        } catch {
            diagnostics.append(error)
            return Read(files: files, diagnostics: diagnostics, succeeded: false)
        }
    }

    /// Builds the document model from the entry file's tree; schema references are collected,
    /// not yet followed.
    public func parse(_ read: Read) -> Parsed {
        guard read.succeeded else {
            let parser = SpecParser(files: read.files, strict: strict)
            parser.diagnostics = read.diagnostics
            return Parsed(parser: parser, document: nil)
        }
        let parser = SpecParser(files: read.files, strict: strict)
        let document = parser.parseDocument(root: SourceRef(file: 0, node: read.files.documents[0].root))
        return Parsed(parser: parser, document: document)
    }

    /// Follows every schema reference, reading the files they name, so the document's schema
    /// table is complete.
    public func resolve(_ parsed: Parsed) -> Result {
        guard var document = parsed.document else {
            return Result(document: nil, files: parsed.parser.files, diagnostics: parsed.parser.diagnostics)
        }
        let parser = parsed.parser
        parser.resolvePendingSchemaReferences()
        document.schemas = parser.schemas
        return Result(document: document, files: parser.files, diagnostics: parser.diagnostics)
    }

    /// The checks that need the whole document: unique operation ids and path parameters that
    /// match the path, repaired where the repair is evident.
    public func validate(_ resolved: Result) -> Result {
        guard var document = resolved.document else { return resolved }
        var result = resolved
        SpecValidator(files: resolved.files, strict: strict).validate(&document, into: &result.diagnostics)
        result.document = document
        return result
    }
}
