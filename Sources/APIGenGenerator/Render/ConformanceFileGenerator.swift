/// `Conformance.swift` (only with `--conformance`): what `Scripts/conformance` drives to check
/// the client against independent validators. It round-trips JSON through the type generated
/// for each schema, and builds every operation's request from synthesized values.
enum ConformanceFileGenerator {
    static let fileName = "Conformance.swift"
    /// The enum's name, reserved while it is generated so that no schema takes it.
    static let typeName = "APIGenConformance"
    /// Request cases per function: one function for thousands of calls is slow to compile.
    private static let casesPerFunction = 64

    static func file(for conformance: ConformanceDeclaration, options: GeneratorOptions) -> GeneratedFile {
        var printer = Printer.forFile()
        printer.fileStart(specFileName: options.specFileName, imports: options.runtimeImports)
        printer.blank()
        printer.line("/// Round trips through the generated types and every operation's request, for the conformance oracle.")
        printer.block("public nonisolated enum \(typeName)") { printer in
            renderLocations(conformance.roundTrips, into: &printer)
            printer.blank()
            renderRoundTrip(conformance.roundTrips, into: &printer)
            printer.blank()
            renderSamples(conformance.samples, into: &printer)
            printer.blank()
            renderRequests(conformance.requests, namespace: options.namespace, into: &printer)
            printer.blank()
            renderHelpers(into: &printer)
        }
        return GeneratedFile(name: fileName, data: printer.takeContents())
    }

    private static func renderLocations(_ roundTrips: [ConformanceDeclaration.RoundTrip], into printer: inout Printer) {
        printer.line("/// The schema locations `roundTrip` knows, in document order.")
        printer.list("public static let locations: [String] = [", roundTrips.map { "\(literal: $0.location)" }, "]", trailingComma: true)
    }

    private static func renderRoundTrip(_ roundTrips: [ConformanceDeclaration.RoundTrip], into printer: inout Printer) {
        printer.line("/// Decodes `json` as the type generated for the schema at `location` and encodes the value again;")
        printer.line("/// nil when no type was generated for it.")
        printer.block("public static func roundTrip(_ location: String, _ json: Data) throws -> Data?") { printer in
            printer.switchBlock("location") { printer in
                for roundTrip in roundTrips {
                    printer.line("case \(literal: roundTrip.location): return try trip(\(roundTrip.type.code).self, json)")
                }
                printer.line("default: return nil")
            }
        }
    }

    private static func renderSamples(_ samples: [ConformanceDeclaration.SampleCheck], into printer: inout Printer) {
        printer.line("/// The samples of the type generated for the schema at `location`, encoded; nil when it has none.")
        printer.block("public static func samples(_ location: String) throws -> [Data]?") { printer in
            printer.switchBlock("location") { printer in
                for sample in samples {
                    let values = sample.hasList ? "[\(sample.typeName).sample] + \(sample.typeName).samples" : "[\(sample.typeName).sample]"
                    printer.line("case \(literal: sample.location): return try encoded(\(values))")
                }
                printer.line("default: return nil")
            }
        }
    }

    private static func renderRequests(_ cases: [ConformanceDeclaration.RequestCase], namespace: String, into printer: inout Printer) {
        let chunks = stride(from: 0, to: cases.count, by: casesPerFunction).map {
            Array(cases[$0..<min($0 + casesPerFunction, cases.count)])
        }
        printer.line("/// Every operation's request, built from values synthesized for its parameters and body: with")
        printer.line("/// its required arguments only, then with all; `error` says why one could not be built.")
        printer.block("public static func requests(_ client: APIClient) async -> [RequestCase]") { printer in
            printer.line("var cases: [RequestCase] = []")
            for index in chunks.indices {
                printer.line("await requests\(index)(client, into: &cases)")
            }
            printer.line("return cases")
        }
        for (index, chunk) in chunks.enumerated() {
            printer.blank()
            printer.block("private static func requests\(index)(_ client: APIClient, into cases: inout [RequestCase]) async") { printer in
                for item in chunk {
                    let arguments = item.arguments.map { argument -> SourceText in
                        switch argument.value {
                        case .json(let json): return "\(argument.label): value(\(SwiftLiteral.rawString(json)))"
                        case .bytes: return "\(argument.label): Data(\"apigen\".utf8)"
                        }
                    }
                    printer.line("cases.append(")
                    printer.indented { printer in
                        printer.line("await request(\(literal: item.operationID), \(literal: item.variant), client) {")
                        printer.indented { printer in
                            printer.list("try \(namespace).\(item.builder)(", arguments, ")")
                        }
                        printer.line("})")
                    }
                }
            }
        }
    }

    private static func renderHelpers(into printer: inout Printer) {
        printer.line("/// One built request, or why it could not be built.")
        printer.line("public typealias RequestCase = (operation: String, variant: String, request: HTTPRequest?, error: String?)")
        printer.blank()
        printer.block("private static func trip<Value: Codable>(_ type: Value.Type, _ json: Data) throws -> Data") { printer in
            printer.line("let value = try APIJSON.makeDecoder().decode(Value.self, from: json)")
            printer.line("return try APIJSON.encodeAsSent(value, with: APIJSON.makeEncoder())")
        }
        printer.blank()
        printer.block("private static func encoded<Value: Encodable>(_ values: [Value]) throws -> [Data]") { printer in
            printer.line("let encoder = APIJSON.makeEncoder()")
            printer.line("return try values.map { try APIJSON.encodeAsSent($0, with: encoder) }")
        }
        printer.blank()
        printer.block("private static func value<Value: Decodable>(_ json: String) throws -> Value") { printer in
            printer.line("try APIJSON.makeDecoder().decode(Value.self, from: Data(json.utf8))")
        }
        printer.blank()
        printer.listBlock(
            "private static func request<Response>(",
            ["_ operation: String", "_ variant: String", "_ client: APIClient", "_ build: () throws -> Request<Response>"],
            ") async -> RequestCase"
        ) { printer in
            printer.block("do") { printer in
                printer.line("return (operation, variant, try await client.makeHTTPRequest(try build()), nil)")
            }
            printer.block("catch") { printer in
                printer.line("return (operation, variant, nil, String(describing: error))")
            }
        }
    }
}
