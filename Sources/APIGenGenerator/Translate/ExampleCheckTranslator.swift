import APIGenOpenAPI

/// One spec example to decode with its generated type (for the corpus report).
struct ExampleCheckDeclaration {
    /// Where the example is: `GET /pets 200` or `#/components/schemas/Pet`.
    var location: String
    var type: SwiftType
    var json: String
    /// Whether the example fits its schema by apigen's own check: a failure to decode an
    /// example that does not fit is the spec's fault, not the generator's.
    var fitsSchema: Bool
}

/// Collects the examples of success responses and of named schemas.
struct ExampleCheckTranslator {
    let types: SchemaTypes
    var table: SchemaTable { types.table }

    func checks(operations: [TranslatedOperation]) -> [ExampleCheckDeclaration] {
        let checker = ExampleChecker(table: table, shapes: types.shapes)
        var result: [ExampleCheckDeclaration] = []
        for translated in operations {
            let operation = translated.operation
            for (response, media, schema, type) in translated.entry.jsonSuccesses(decodedBy: translated.declaration) {
                let examples = media.examples + table[table.resolved(schema)].examples
                for (index, example) in examples.enumerated() {
                    let location =
                        "\(operation.method.rawValue.uppercased()) \(operation.path), response \(response.status)"
                        + (examples.count > 1 ? " #\(index + 1)" : "")
                    result.append(
                        ExampleCheckDeclaration(
                            location: location, type: type, json: JSONText.render(example),
                            fitsSchema: checker.conforms(example, to: schema)))
                }
            }
        }
        for (id, name) in types.namedSchemas where types.shapes[id].declaresType {
            for (index, example) in table[id].examples.enumerated() {
                let location = "schema \(name)" + (table[id].examples.count > 1 ? " #\(index + 1)" : "")
                result.append(
                    ExampleCheckDeclaration(
                        location: location, type: .named(name), json: JSONText.render(example),
                        fitsSchema: checker.conforms(example, to: id)))
            }
        }
        return result
    }
}
