import APIGenYAML
import Foundation

/// Reads a spec's node tree into an `OpenAPIDocument`, following references and reporting
/// every problem as a located diagnostic. One instance parses one spec.
final class SpecParser {
    var files: SpecFiles
    var diagnostics = Diagnostics()
    var schemas = SchemaTable()
    var version: SpecVersion = .openAPI30
    /// Each schema node is parsed once, so aliases and shared files cost nothing extra and
    /// recursive references terminate.
    var schemaIDs = NodeSchemaIDs()
    /// `$ref`s met while parsing schemas, resolved afterwards by a work list rather than by
    /// recursion, so long reference chains cannot overflow the stack.
    var pendingReferences: [(schema: SchemaID, node: SourceRef, text: String)] = []
    /// The schemas being parsed that are marked `$recursiveAnchor: true`, innermost last.
    var recursiveAnchors: [SchemaID] = []
    var pendingDiscriminators: [(schema: SchemaID, entries: [(value: String, text: String, node: SourceRef)])] = []
    var componentNames: [SchemaID: String] = [:]
    var fileLookups: [FileKey: Int] = [:]
    /// The canonical path of each absolute path a reference named: many files name the same
    /// shared file, and resolving symbolic links walks the file system.
    var canonicalByPath: [String: String] = [:]
    var references: [FileKey: SourceRef] = [:]
    /// Schema references already located and checked to name a schema.
    var schemaTargets: [FileKey: SourceRef] = [:]
    /// Swagger 2.0's document-wide `consumes` and `produces`.
    var swaggerDefaultConsumes = ["application/json"]
    var swaggerDefaultProduces = ["application/json"]
    /// Rule breaks with an evident repair are errors rather than warnings.
    let strict: Bool

    init(files: SpecFiles, strict: Bool = false) {
        self.files = files
        self.strict = strict
        // Large specs have a schema per ten-odd nodes: reserving spares the copies (and fresh
        // pages) of growing a table of big structs; capacity never touched costs no memory.
        schemas.schemas.reserveCapacity(files.documents.first.map { $0.nodeCount / 4 } ?? 0)
    }

    // MARK: Diagnostics

    func error(_ message: String, at ref: SourceRef) {
        diagnostics.append(.error(message, at: files.location(ref), pointer: files.pointer(ref)))
    }

    func warning(_ message: String, at ref: SourceRef) {
        diagnostics.append(.warning(message, at: files.location(ref), pointer: files.pointer(ref)))
    }

    /// A rule break with one evident repair, which the caller makes: a warning, so that a client
    /// is still made, or an error when strict.
    func repair(_ message: String, at ref: SourceRef) {
        diagnostics.append(Diagnostic(strict ? .error : .warning, message, at: files.location(ref), pointer: files.pointer(ref)))
    }

    // MARK: Reading nodes

    func document(_ ref: SourceRef) -> YAMLDocument {
        files.documents[ref.file]
    }

    func child(_ ref: SourceRef, _ node: YAMLNode) -> SourceRef {
        SourceRef(file: ref.file, node: node)
    }

    func describeKind(_ ref: SourceRef) -> String {
        switch document(ref).kind(ref.node) {
        case .scalar: return "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        }
    }

    /// The pairs of a mapping, or an error naming what was expected.
    func pairs(_ ref: SourceRef, expecting what: String) -> [(key: String, value: SourceRef)]? {
        let doc = document(ref)
        guard doc.kind(ref.node) == .mapping else {
            error("expected \(what) (a mapping), found \(describeKind(ref))", at: ref)
            return nil
        }
        return doc.pairs(ref.node).map { ($0.key, child(ref, $0.value)) }
    }

    func items(_ ref: SourceRef, expecting what: String) -> [SourceRef]? {
        let doc = document(ref)
        guard doc.kind(ref.node) == .sequence else {
            error("expected \(what) (a sequence), found \(describeKind(ref))", at: ref)
            return nil
        }
        return doc.items(ref.node).map { child(ref, $0) }
    }

    /// A scalar as text; plain numbers and booleans count (`version: 1.0`).
    func text(_ ref: SourceRef, expecting what: String = "a string") -> String? {
        guard let value = document(ref).scalar(ref.node) else {
            error("expected \(what), found \(describeKind(ref))", at: ref)
            return nil
        }
        return value
    }

    /// Descriptions are documentation: a wrong kind is ignored rather than failing the spec.
    func documentation(_ ref: SourceRef) -> String? {
        document(ref).scalar(ref.node)
    }

    func bool(_ ref: SourceRef) -> Bool? {
        guard case .bool(let value)? = document(ref).scalarValue(ref.node) else {
            error("expected true or false, found \(describeScalar(ref))", at: ref)
            return nil
        }
        return value
    }

    func number(_ ref: SourceRef) -> Double? {
        switch document(ref).scalarValue(ref.node) {
        case .int(let value)?: return Double(value)
        case .double(let value)?: return value
        default:
            error("expected a number, found \(describeScalar(ref))", at: ref)
            return nil
        }
    }

    func integer(_ ref: SourceRef) -> Int? {
        guard case .int(let value)? = document(ref).scalarValue(ref.node), let int = Int(exactly: value) else {
            error("expected an integer, found \(describeScalar(ref))", at: ref)
            return nil
        }
        return int
    }

    func value(_ ref: SourceRef) -> SpecValue {
        SpecValue(document: document(ref), node: ref.node)
    }

    private func describeScalar(_ ref: SourceRef) -> String {
        guard let text = document(ref).scalar(ref.node) else { return describeKind(ref) }
        return "'\(text.prefix(40))'"
    }
}
