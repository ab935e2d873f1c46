/// `Samples.swift`: `sample` (and `samples`) for every model, a preview client that answers
/// every operation with its sample response, and the operations' typed keys for canned answers.
/// When the models are a module of their own, its `Samples.swift` has the models' samples and
/// the client's has the rest.
enum SampleFileGenerator {
    static let fileName = "Samples.swift"

    /// The preview client's answers and the operations' keys, in the namespace's extension.
    struct Previews {
        var responses: [PreviewResponse]
        var operationKeys: [OperationKeyDeclaration]
        var namespace: String
    }

    static func file(samples: [SampleDeclaration], previews: Previews?, options: GeneratorOptions) -> GeneratedFile {
        var printer = Printer.forFile()
        printer.fileStart(specFileName: options.specFileName, imports: options.runtimeImports)
        render(samples, into: &printer, options: options)
        if let previews {
            printer.blank()
            render(previews, into: &printer, options: options)
        }
        return GeneratedFile(name: fileName, data: printer.takeContents())
    }

    private static func render(_ samples: [SampleDeclaration], into printer: inout Printer, options: GeneratorOptions) {
        let access = RenderContext(accessLevel: options.accessLevel).access
        for sample in samples {
            printer.blank()
            printer.block("extension \(sample.typeName)") { printer in
                let origin = sample.isFromExample ? "the spec's example" : "values valid for the schema"
                printer.documentation("A value for previews and tests, built from \(origin).")
                switch sample.sample {
                case .enumCase(let name):
                    printer.line("\(access)static var sample: \(sample.typeName) { .\(name) }")
                case .json(let json):
                    decoded(json, as: "\(access)static var sample: \(sample.typeName)", into: &printer)
                }
                if let list = sample.listJSON {
                    printer.blank()
                    printer.line("/// A few different values, for lists in previews and tests.")
                    decoded(list, as: "\(access)static var samples: [\(sample.typeName)]", into: &printer)
                }
            }
        }
    }

    private static func render(_ section: Previews, into printer: inout Printer, options: GeneratorOptions) {
        let access = RenderContext(accessLevel: options.accessLevel).access
        let (namespace, operationKeys, previews) = (section.namespace, section.operationKeys, section.responses)
        printer.block("extension \(namespace)") { printer in
            printer.line("/// A client that answers every operation with its sample response, without a network:")
            printer.line("/// for SwiftUI previews and tests. `delay` makes loading states visible.")
            printer.block("\(access)static func previewClient(delay: TimeInterval = 0) -> APIClient") { printer in
                if previews.isEmpty {
                    printer.line("APIClient.preview([:], delay: delay)")
                    return
                }
                if previews.count == 1, renderSingleEntry(previews[0], into: &printer) {
                    return
                }
                printer.line("APIClient.preview(")
                printer.indented { printer in
                    printer.line("[")
                    printer.indented { printer in
                        for preview in previews {
                            response(preview, into: &printer)
                        }
                    }
                    printer.line("],")
                    printer.line("delay: delay")
                }
                printer.line(")")
            }
            if !operationKeys.isEmpty {
                printer.blank()
                OperationKeyGenerator.render(
                    operationKeys, namespace: namespace, into: &printer, context: RenderContext(accessLevel: options.accessLevel))
            }
        }
    }

    /// `declaration { EmbeddedJSON.decode(json) }`, the JSON as a multi-line literal when the
    /// line would be too long.
    private static func decoded(_ json: String, as declaration: SourceText, into printer: inout Printer) {
        let literal = SwiftLiteral.rawString(json)
        let line: SourceText = "\(declaration) { EmbeddedJSON.decode(\(literal)) }"
        if printer.fits(line.count) {
            printer.line(line)
            return
        }
        printer.block(declaration) { printer in
            printer.line("EmbeddedJSON.decode(")
            printer.indented { printer in
                printer.multilineString(json)
            }
            printer.line(")")
        }
    }

    /// One entry of the preview client's responses: `"listPets": .json(text: …),`.
    /// One answer on one line, `APIClient.preview(["op": .status(201)], delay: delay)` (a
    /// one-element literal that fits a line takes no trailing comma, as swift-format writes it);
    /// false when the answer takes several lines.
    private static func renderSingleEntry(_ preview: PreviewResponse, into printer: inout Printer) -> Bool {
        var scratch = Printer()
        response(preview, into: &scratch)
        var entry = scratch.text
        guard entry.hasSuffix(",\n"), !entry.dropLast().contains("\n") else { return false }
        entry.removeLast(2)
        let call: SourceText = "APIClient.preview([\(entry)], delay: delay)"
        if printer.fits(call.count) {
            printer.line(call)
            return true
        }
        printer.line("APIClient.preview(")
        printer.indented { printer in
            printer.line("[\(entry)],")
            printer.line("delay: delay")
        }
        printer.line(")")
        return true
    }

    private static func response(_ preview: PreviewResponse, into printer: inout Printer) {
        let key = SwiftLiteral.string(preview.operationID)
        let value: String
        switch preview.body {
        case .json(let json):
            let line: SourceText = "\(key): .json(text: \(SwiftLiteral.rawString(json))),"
            if printer.fits(line.count) {
                printer.line(line)
            } else {
                printer.line("\(key): .json(")
                printer.indented { printer in
                    printer.line("text:")
                    printer.indented { printer in
                        printer.multilineString(json)
                    }
                }
                printer.line("),")
            }
            return
        case .text(let text):
            value = ".text(\(SwiftLiteral.string(text)))"
            if !printer.fits(key.count + value.count + 3), let literal = SwiftLiteral.multilineLines(text) {
                printer.line("\(key): .text(")
                printer.indented { printer in
                    printer.line(SourceText(literal.open))
                    for line in literal.lines { printer.line(SourceText(line)) }
                    printer.line(SourceText(literal.close))
                }
                printer.line("),")
                return
            }
        case .data: value = ".data(Data())"
        case .empty(let status): value = ".status(\(status))"
        }
        printer.line("\(key): \(value),")
    }
}
