import APIGenOpenAPI

/// Sample values for every named model, and the preview client's answer to every operation.
struct SampleTranslator {
    let types: SchemaTypes
    /// One synthesizer for models and previews, so each schema's sample is built once.
    let synthesizer: SampleSynthesizer
    var table: SchemaTable { types.table }

    init(types: SchemaTypes) {
        self.types = types
        synthesizer = SampleSynthesizer(
            table: types.table, shapes: types.shapes, componentNames: types.componentNames, knownDiscriminators: types.knownDiscriminators)
    }

    /// `samples` (several values) are written for types that appear in lists; every named model
    /// gets `sample`.
    func samples(listElements: Set<String>) -> [SampleDeclaration] {
        var result: [SampleDeclaration] = []
        for (id, name) in types.namedSchemas {
            switch types.shapes[id] {
            case .stringEnum, .integerEnum:
                guard let first = types.caseNames(for: id).first else { continue }
                result.append(SampleDeclaration(typeName: name, sample: .enumCase(first), listJSON: nil, isFromExample: false))
            case .object, .union, .primitiveUnion:
                guard let value = synthesizer.sample(for: id, hint: name) else { continue }
                let variants =
                    listElements.contains(name) ? (0..<3).compactMap { synthesizer.sample(for: id, variant: $0, hint: name) } : []
                let distinct = SchemaShape.distinct(variants)
                // The synthesizer has chosen (and remembered) the example that keeps its schema.
                let fromExample: Bool
                if case .fits = synthesizer.fittingExamples.fits[id.index] { fromExample = true } else { fromExample = false }
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
                let example = previewExample(media, of: success.response)
                let value = example ?? media.schema.flatMap { synthesizer.sample(for: $0, hint: declaration.name.plain) } ?? .object([])
                return PreviewResponse(operationID: declaration.operationID, body: .json(JSONText.render(value)))
            case .text:
                let schemaExample = media.schema.flatMap { table[table.resolved($0)].examples.first?.stringValue }
                let text = media.examples.first?.stringValue ?? schemaExample ?? "OK"
                return PreviewResponse(operationID: declaration.operationID, body: .text(text))
            case .binary, .form, .multipart:
                return PreviewResponse(operationID: declaration.operationID, body: .data)
            case .eventStream, .jsonLines, .jsonSequence:
                let schema = chosen.elementSchema(types.shapes, table)
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

    /// The first of the media type's examples that decodes as the response type. When none
    /// does and one fails only by a limit of the Swift type (an int32's 3000000000), it is
    /// noted for `warnAboutUnheldValues`: the preview answers with a synthesized value instead.
    private func previewExample(_ media: MediaType, of response: Response) -> SpecValue? {
        guard let schema = media.schema else { return media.examples.first }
        let checker = ExampleChecker(table: table, shapes: types.shapes)
        var unheld: ValueFit.Misfit?
        for example in media.examples {
            guard let misfit = checker.misfit(example, to: schema) else { return example }
            if unheld == nil, misfit.problem.isTypeLimit { unheld = misfit }
        }
        if let unheld {
            // At the examples where the spec writes them (`content`, the media type, `example`
            // or `examples`; Swagger 2's `examples` beside the schema), else at the response.
            let content = types.source(of: media.name, in: types.source(of: "content", in: response.source))
            let example = types.source(of: "example", in: content)
            let source = example != content ? example : types.source(of: "examples", in: content)
            synthesizer.fittingExamples.unheld.append(.previewExample(source, status: response.status, media: media.name, unheld))
        }
        return nil
    }

    /// Warns about the values of the spec that samples left out because the Swift type cannot
    /// hold them (`UnheldValue`): once per place in the spec (an example, a `default`, `const`
    /// or `minimum`), up to `locatedPerReason` places per reason. The rest of a reason (a spec
    /// can write hundreds of date-times without a time zone) are counted in one more warning,
    /// at the first of them. A default the struct already warned about is not repeated.
    func warnAboutUnheldValues() {
        var located: [String: Int] = [:]
        var more: [(key: String, place: UnheldValue.Located, count: Int)] = []
        for unheld in synthesizer.fittingExamples.unheld {
            let place = unheld.located(in: types)
            guard types.warnedSources.insert(place.source).inserted else { continue }
            let key = place.what + ": " + place.problem.reason
            if located[key, default: 0] < Self.locatedPerReason {
                located[key, default: 0] += 1
                types.warning(place.message, at: place.source)
            } else if let index = more.firstIndex(where: { $0.key == key }) {
                more[index].count += 1
            } else {
                more.append((key, place, 1))
            }
        }
        for group in more {
            let place = group.place
            types.warning(
                group.count == 1
                    ? place.message
                    : "\(group.count) more \(place.what) are not used \(place.use), for the same reason (\(place.problem.reason));"
                        + " this is the first",
                at: place.source)
        }
    }

    /// How many places of one reason are warned about one by one.
    static let locatedPerReason = 5

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

/// A value that JSON Schema allows and the Swift type cannot hold, which a sample therefore
/// does not use (`SampleSynthesizer`), for `SampleTranslator.warnAboutUnheldValues`.
enum UnheldValue {
    /// A schema's `index`th example (none of its examples fit), its default, or the value its
    /// `const` or one-value `enum` fixes.
    case value(SchemaID, keyword: String, index: Int, ValueFit.Misfit)
    /// A `minimum` or `maximum` a number sample would have taken.
    case bound(SchemaID, keyword: String, value: Double, Scalar)
    /// A response's example the preview client does not answer with (none of its media type's
    /// examples fit), by where the examples are.
    case previewExample(SourceRef, status: String, media: String, ValueFit.Misfit)

    /// Where a warning about it points, what it groups with, and what it says.
    struct Located {
        var source: SourceRef
        var what: String
        /// What leaves it out: "for samples", "by the preview client".
        var use = "for samples"
        var problem: ValueFit.Problem
        var message: String
    }

    func located(in types: SchemaTypes) -> Located {
        switch self {
        case .value(let id, let keyword, let index, let misfit):
            let schema = types.table[id].source
            let source = keyword == "example" ? types.exampleSource(index, in: schema) : types.source(of: keyword, in: schema)
            return Located(
                source: source, what: keyword == "example" ? "examples" : "\(keyword) values", problem: misfit.problem,
                message: "\(keyword) not used for samples: \(misfit); a synthesized value is used instead")
        case .bound(let id, let keyword, let value, let scalar):
            let written: SpecValue = Int64(exactly: value).map { .int($0) } ?? .double(value)
            // An integer bound fails only by its range, once rounded toward the sample's side.
            let problem = scalar.isInteger ? .range(written, scalar) : ValueFit.problem(written, as: scalar) ?? .range(written, scalar)
            return Located(
                source: types.source(of: keyword, in: types.table[id].source), what: "\(keyword) values", problem: problem,
                message: "\(keyword) not used for samples: \(problem)")
        case .previewExample(let source, let status, let media, let misfit):
            return Located(
                source: source, what: "response examples", use: "by the preview client", problem: misfit.problem,
                message: "the \(media) example of response \(status) is not used by the preview client: \(misfit);"
                    + " a synthesized value is used instead")
        }
    }
}
