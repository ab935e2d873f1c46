import APIGenYAML
import Foundation

/// The entry point of the OpenAPI stage: a spec file in, a checked `OpenAPIDocument` out.
public struct SpecLoader: Sendable {
    public struct Result: Sendable {
        /// nil when the spec could not be read at all; otherwise present even with errors,
        /// so callers can still report everything found.
        public var document: OpenAPIDocument?
        public var files: SpecFiles
        public var diagnostics: Diagnostics
        /// `read` (the entry file), `model` (parsing it), `resolve` (references, the files they
        /// name, validation).
        public var timings = StageTimings()

        public var succeeded: Bool {
            document != nil && !diagnostics.hasErrors
        }
    }

    public var reader: YAMLReader

    public init(reader: YAMLReader = YAMLReader()) {
        self.reader = reader
    }

    /// Reads the spec at `path` (shown in diagnostics as given) and every file it references.
    public func load(path: String) -> Result {
        let canonical = SpecFiles.canonical(path)
        let root = (canonical as NSString).deletingLastPathComponent
        var files = SpecFiles(rootDirectory: root, reader: reader)
        var diagnostics = Diagnostics()
        var timings = StageTimings()
        do {
            _ = try timings.measure("read") { () throws(Diagnostic) in try files.load(canonicalPath: canonical, displayPath: path) }
        } catch {
            diagnostics.append(error)
            return Result(document: nil, files: files, diagnostics: diagnostics, timings: timings)
        }
        let parser = SpecParser(files: files)
        var document = parser.parseDocument(root: SourceRef(file: 0, node: files.documents[0].root))
        if let parsed = document {
            parser.timings.measure("resolve") { SpecValidator(parser: parser).validate(parsed) }
            document = parsed
        }
        timings.append(contentsOf: parser.timings)
        return Result(document: document, files: parser.files, diagnostics: parser.diagnostics, timings: timings)
    }
}
