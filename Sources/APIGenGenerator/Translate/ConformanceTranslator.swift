import APIGenOpenAPI
import Foundation

/// What the conformance oracle (`Scripts/conformance`) needs from a spec's client: which Swift
/// type decodes the schema at each location, and every operation's request built from values
/// synthesized for its parameters and body.
struct ConformanceDeclaration {
    /// A schema the oracle sends instances of, by where it is written: the spec file's path
    /// relative to the entry file's folder, `#`, and the JSON pointer of its node
    /// (`openapi.yaml#/components/schemas/Pet`).
    struct RoundTrip {
        var location: String
        var type: SwiftType
    }

    /// One call of a request builder.
    struct RequestCase {
        var operationID: String
        /// `required` (required arguments only) or `all`.
        var variant: String
        var builder: String
        var arguments: [Argument]
    }

    struct Argument {
        enum Value {
            /// JSON decoded as the parameter's type.
            case json(String)
            /// Bytes, for `Data` bodies and parts that JSON cannot carry as they are.
            case bytes
        }

        var label: String
        var value: Value
    }

    /// A named type's samples, checked against the schema at `location` by the oracle's
    /// validator; `hasList` when the type has `samples` beside `sample`.
    struct SampleCheck {
        var location: String
        var typeName: String
        var hasList: Bool
    }

    var roundTrips: [RoundTrip]
    var requests: [RequestCase]
    var samples: [SampleCheck] = []

    /// The sample checks: each named type that has samples, at the first location of its type.
    mutating func checkSamples(_ declarations: [SampleDeclaration]) {
        let hasList = Dictionary(declarations.map { ($0.typeName, $0.listJSON != nil) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = []
        samples = roundTrips.compactMap { roundTrip in
            guard case .named(let name) = roundTrip.type, let list = hasList[name], seen.insert(name).inserted else { return nil }
            return SampleCheck(location: roundTrip.location, typeName: name, hasList: list)
        }
    }
}

/// Collects the locations of named schemas and of operations' JSON bodies, and the request
/// cases of every operation.
struct ConformanceTranslator {
    let types: SchemaTypes
    let files: SpecFiles
    var table: SchemaTable { types.table }

    func declaration(operations: [TranslatedOperation]) -> ConformanceDeclaration {
        let synthesizer = SampleSynthesizer(
            table: table, shapes: types.shapes, componentNames: types.componentNames, knownDiscriminators: types.knownDiscriminators)
        var roundTrips: [ConformanceDeclaration.RoundTrip] = []
        var seen: Set<String> = []
        func add(_ id: SchemaID, _ type: SwiftType) {
            let location = self.location(of: table[id].source)
            if seen.insert(location).inserted {
                roundTrips.append(.init(location: location, type: type))
            }
        }
        // A nullable schema's value may be null: a name for one (`InvoiceItemAssetAccount: {$ref:
        // LinkedLedgerAccount}`, that one `nullable: true`) or a body of `type: [array, 'null']`.
        func tripped(_ id: SchemaID, _ type: SwiftType) -> SwiftType {
            SchemaShape.isNullable(id, table) ? type.unwrapped.optional : type
        }
        for (id, name) in types.namedSchemas {
            add(id, tripped(id, .named(name)))
        }
        var requests: [ConformanceDeclaration.RequestCase] = []
        for translated in operations {
            let declaration = translated.declaration
            if let body = declaration.body, case .json = body.encoding, let schema = translated.entry.body?.type.schema {
                add(schema, body.type.unwrapped)
            }
            for response in translated.entry.jsonSuccesses(decodedBy: declaration) {
                add(response.schema, tripped(response.schema, response.type))
            }
            requests += requestCases(translated, synthesizer: synthesizer)
        }
        return ConformanceDeclaration(roundTrips: roundTrips, requests: requests)
    }

    /// `models/droplet.yml#/properties/id`: the file relative to the entry file's folder.
    private func location(of source: SourceRef) -> String {
        let path = files.canonicalPaths[source.file]
        let root = URL(fileURLWithPath: files.canonicalPaths[0]).deletingLastPathComponent().path + "/"
        let relative = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
        return relative + "#" + files.pointer(source)
    }

    /// The builder called with its required arguments only, and with all of them; values are
    /// synthesized from each parameter's and the body's schema.
    private func requestCases(_ translated: TranslatedOperation, synthesizer: SampleSynthesizer) -> [ConformanceDeclaration.RequestCase] {
        let (operation, declaration) = (translated.operation, translated.declaration)
        var required: [ConformanceDeclaration.Argument] = []
        var all: [ConformanceDeclaration.Argument] = []
        for parameter in declaration.parameters {
            let source = operation.parameters.first { $0.name == parameter.key && $0.location.rawValue == parameter.location.rawValue }
            let value = argument(for: parameter.type, schema: source?.schema, hint: parameter.key, synthesizer: synthesizer)
            let argument = ConformanceDeclaration.Argument(label: parameter.name.argumentLabel, value: value)
            all.append(argument)
            if !parameter.hasDefault { required.append(argument) }
        }
        if let body = declaration.body, let media = translated.entry.body {
            let value = bodyArgument(body, media: media, synthesizer: synthesizer)
            let argument = ConformanceDeclaration.Argument(label: body.name.argumentLabel, value: value)
            all.append(argument)
            if !body.type.isOptional { required.append(argument) }
        }
        let builder = declaration.name.code
        var cases = [
            ConformanceDeclaration.RequestCase(operationID: declaration.operationID, variant: "all", builder: builder, arguments: all)
        ]
        if required.count < all.count {
            cases.insert(.init(operationID: declaration.operationID, variant: "required", builder: builder, arguments: required), at: 0)
        }
        return cases
    }

    /// A JSON Lines body is an array of one item; every other body a value of its schema.
    private func bodyArgument(
        _ body: OperationBody, media: OperationEntry.Media, synthesizer: SampleSynthesizer
    ) -> ConformanceDeclaration.Argument.Value {
        guard case .jsonLines = body.encoding else {
            return argument(for: body.type, schema: media.type.schema, hint: body.name.plain, synthesizer: synthesizer)
        }
        let item = media.elementSchema(types.shapes, table).flatMap { synthesizer.sample(for: $0, hint: body.name.plain) }
        return .json(JSONText.render(.array([item ?? .object([])])))
    }

    private func argument(
        for type: SwiftType, schema: SchemaID?, hint: String, synthesizer: SampleSynthesizer
    ) -> ConformanceDeclaration.Argument.Value {
        if type.unwrapped == .data {
            return .bytes
        }
        let value = schema.flatMap { synthesizer.sample(for: $0, hint: hint) } ?? .null
        return .json(JSONText.render(value))
    }
}
