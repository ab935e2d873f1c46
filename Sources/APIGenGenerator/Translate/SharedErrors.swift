import APIGenOpenAPI

/// What the operations' error responses have in common, so that it is declared once: a spec
/// that repeats one inline error object in every operation (Linode's, 383 times) gets one type
/// for it, and operations that declare the same errors share one error enum.
final class SharedErrors {
    /// Each inline error body schema's identity among its copies: its file and its text.
    private let keys: [SchemaID: String]
    /// The keys that more than one response has.
    let repeatedKeys: Set<String>
    /// The type each inline error body got, by key.
    var inlineTypes: [String: SwiftType] = [:]
    /// The first enum declared for each set of cases, and its operation's id.
    private var enums: [[CaseKey]: (typeName: String, operation: Identifier)] = [:]

    /// What makes two error enums the same: each case's name, status and type as written.
    private struct CaseKey: Hashable {
        let name: String
        let status: ErrorResponsesDeclaration.Case.Status
        let type: String
    }

    /// One pass over every operation's error responses, rendering each inline schema once.
    init(_ types: SchemaTypes) {
        var keys: [SchemaID: String] = [:]
        var seen: Set<String> = []
        var repeated: Set<String> = []
        for operation in types.document.operations {
            for response in ResponseTranslator.errorResponses(of: operation) {
                for id in response.content.compactMap(\.schema)
                where types.typeNames[id] == nil && types.table[id].reference == nil && keys[id] == nil {
                    let source = types.table[id].source
                    let key = "\(source.file) " + JSONText.render(types.files.value(at: source))
                    keys[id] = key
                    if !seen.insert(key).inserted { repeated.insert(key) }
                }
            }
        }
        self.keys = keys
        repeatedKeys = repeated
    }

    /// The key of an inline error body; nil for a schema that has a name (a component or
    /// `$ref` target).
    func inlineKey(of id: SchemaID) -> String? {
        keys[id]
    }

    /// The enum an earlier operation declared with the same cases, which `typeName` then
    /// aliases; nil when these cases are new, and `typeName` declares them.
    func shareEnum(
        _ typeName: String, operation: Identifier, cases: [ErrorResponsesDeclaration.Case]
    ) -> (typeName: String, operation: Identifier)? {
        let key = cases.map { CaseKey(name: $0.name.plain, status: $0.status, type: $0.type.code(in: "")) }
        if let shared = enums[key] {
            return shared
        }
        enums[key] = (typeName, operation)
        return nil
    }
}
