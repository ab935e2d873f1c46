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
            case .eventStream, .jsonLines, .jsonSequence:
                let schema = media.itemSchema ?? media.schema
                var value = schema.flatMap { synthesizer.sample(for: $0, hint: declaration.name.plain) }
                // An event whose data is encoded JSON: the data's sample is its content schema's.
                if let schema, let content = ResponseTranslator(types: types).eventDataContentSchema(schema),
                    case .object(var members)? = value, let index = members.firstIndex(where: { $0.key == "data" }),
                    let data = synthesizer.sample(for: content, hint: declaration.name.plain)
                {
                    members[index].value = .string(JSONText.render(data))
                    value = .object(members)
                }
                return PreviewResponse(operationID: declaration.operationID, body: .text(Self.streamed(value, kind: chosen.kind)))
            }
        }
    }

    /// One element of a stream as its body: an event (`event:` and `data:` lines from an event
    /// object, else the value as data), a line, or a record.
    static func streamed(_ value: SpecValue?, kind: MediaTypes.Kind) -> String {
        switch kind {
        case .jsonLines:
            return JSONText.render(value ?? .object([])) + "\n"
        case .jsonSequence:
            return "\u{1E}" + JSONText.render(value ?? .object([])) + "\n"
        default:
            guard let value else { return "data: OK\n\n" }
            if case .object(let members) = value, let data = members.first(where: { $0.key == "data" })?.value {
                let event = members.first { $0.key == "event" }.flatMap { $0.value.stringValue }.map { "event: \($0)\n" } ?? ""
                return event + "data: " + (data.stringValue ?? JSONText.render(data)) + "\n\n"
            }
            return "data: " + (value.stringValue ?? JSONText.render(value)) + "\n\n"
        }
    }
}
