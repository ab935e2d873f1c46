import APIGenOpenAPI

/// Sample values for every named model, and the preview client's answer to every operation.
struct SampleTranslator {
    let types: SchemaTypes
    /// One synthesizer for models and previews, so each schema's sample is built once.
    let synthesizer: SampleSynthesizer
    var table: SchemaTable { types.table }

    init(types: SchemaTypes) {
        self.types = types
        synthesizer = SampleSynthesizer(table: types.table, shapes: types.shapes, componentNames: types.componentNames)
    }

    /// `samples` (several values) are written for types that appear in lists; every named model
    /// gets `sample`.
    func samples(listElements: Set<String>) -> [SampleDeclaration] {
        let checker = ExampleChecker(table: table, shapes: types.shapes)
        var result: [SampleDeclaration] = []
        for (id, name) in types.namedSchemas {
            let schema = table[id]
            switch types.shapes[id] {
            case .stringEnum, .integerEnum:
                guard let first = types.caseNames(for: id).first else { continue }
                result.append(SampleDeclaration(typeName: name, sample: .enumCase(first), listJSON: nil, isFromExample: false))
            case .object, .union, .primitiveUnion:
                guard let value = synthesizer.sample(for: id, hint: name) else { continue }
                let variants =
                    listElements.contains(name) ? (0..<3).compactMap { synthesizer.sample(for: id, variant: $0, hint: name) } : []
                let distinct = SchemaShape.distinct(variants)
                let fromExample = (schema.examples).contains { checker.conforms($0, to: id) }
                result.append(
                    SampleDeclaration(
                        typeName: name,
                        sample: .json(JSONText.render(value)),
                        listJSON: distinct.count > 1 ? JSONText.render(.array(distinct)) : nil,
                        isFromExample: fromExample
                    ))
            default:
                continue
            }
        }
        return result
    }

    /// For each operation, its first success response's sample.
    func previewResponses(for operations: [TranslatedOperation]) -> [PreviewResponse] {
        return operations.map { translated in
            let declaration = translated.declaration
            guard let success = translated.entry.successes.first else {
                return PreviewResponse(operationID: declaration.operationID, body: .empty(status: 204))
            }
            let status = Int(success.response.status) ?? 200
            guard let chosen = success.media else {
                return PreviewResponse(operationID: declaration.operationID, body: .empty(status: status))
            }
            let media = chosen.type
            switch chosen.kind {
            case .json:
                let example = media.examples.first { value in
                    media.schema.map { ExampleChecker(table: table, shapes: types.shapes).conforms(value, to: $0) } ?? true
                }
                let value = example ?? media.schema.flatMap { synthesizer.sample(for: $0, hint: declaration.name.plain) } ?? .object([])
                return PreviewResponse(operationID: declaration.operationID, body: .json(JSONText.render(value)))
            case .text:
                let schemaExample = media.schema.flatMap { table[table.resolved($0)].examples.first?.stringValue }
                let text = media.examples.first?.stringValue ?? schemaExample ?? "OK"
                return PreviewResponse(operationID: declaration.operationID, body: .text(text))
            case .binary, .form, .multipart:
                return PreviewResponse(operationID: declaration.operationID, body: .data)
            }
        }
    }
}
