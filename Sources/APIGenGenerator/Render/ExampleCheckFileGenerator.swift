/// `ExampleChecks.swift` (only with `--example-checks`): decodes every example of the spec with
/// its generated type, for the corpus report's examples rate.
enum ExampleCheckFileGenerator {
    static let fileName = "ExampleChecks.swift"

    static func file(for checks: [ExampleCheckDeclaration], options: GeneratorOptions) -> GeneratedFile {
        var printer = Printer.forFile()
        printer.fileStart(specFileName: options.specFileName, imports: options.runtimeImports)
        printer.blank()
        printer.line("/// Decodes each example of the spec with its generated type.")
        printer.block("public nonisolated enum ExampleChecks") { printer in
            printer.line("/// Each example's location, type, whether it fits its schema, and the decoding error if any.")
            printer.block("public static func run() -> [(location: String, type: String, fitsSchema: Bool, error: String?)]") { printer in
                guard !checks.isEmpty else {
                    printer.line("[]")
                    return
                }
                printer.line("var results: [(location: String, type: String, fitsSchema: Bool, error: String?)] = []")
                for check in checks {
                    let type = check.type.code
                    printer.line(
                        "results.append(check(\(literal: check.location), \(check.fitsSchema), \(type).self, \(SwiftLiteral.rawString(check.json))))"
                    )
                }
                printer.line("return results")
            }
            printer.blank()
            printer.block(
                "private static func check<Value: Decodable>(_ location: String, _ fitsSchema: Bool, _ type: Value.Type, _ json: String) -> (location: String, type: String, fitsSchema: Bool, error: String?)"
            ) { printer in
                printer.block("do") { printer in
                    printer.line("_ = try APIJSON.makeDecoder().decode(Value.self, from: Data(json.utf8))")
                    printer.line("return (location, String(describing: Value.self), fitsSchema, nil)")
                }
                printer.block("catch") { printer in
                    printer.line("return (location, String(describing: Value.self), fitsSchema, String(describing: error))")
                }
            }
        }
        return GeneratedFile(name: fileName, data: printer.takeContents())
    }
}
