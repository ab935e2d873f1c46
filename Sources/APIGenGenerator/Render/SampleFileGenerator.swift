/// `Samples.swift`: `sample` (and `samples`) for every model, and a preview client that
/// answers every operation with its sample response.
enum SampleFileGenerator {
    static let fileName = "Samples.swift"

    static func file(samples: [SampleDeclaration], previews: [PreviewResponse], namespace: String, options: GeneratorOptions)
        -> GeneratedFile
    {
        let access = RenderContext(accessLevel: options.accessLevel).access
        var printer = Printer()
        printer.line(SourceText(GeneratedFile.header(specFileName: options.specFileName).trimmingTrailingNewline))
        printer.blank()
        printer.line("import APIGenRuntime")
        printer.line("import Foundation")
        for sample in samples {
            printer.blank()
            printer.block("extension \(sample.typeName)") { printer in
                let origin = sample.isFromExample ? "the spec's example" : "values valid for the schema"
                printer.line("/// A value for previews and tests, built from \(origin).")
                switch sample.sample {
                case .enumCase(let name):
                    printer.line("\(access)static var sample: \(sample.typeName) { \(name) }")
                case .json(let json):
                    printer.line("\(access)static var sample: \(sample.typeName) { SampleData.decode(\(SwiftLiteral.rawString(json))) }")
                }
                if let list = sample.listJSON {
                    printer.blank()
                    printer.line("/// A few different values, for lists in previews and tests.")
                    printer.line("\(access)static var samples: [\(sample.typeName)] { SampleData.decode(\(SwiftLiteral.rawString(list))) }")
                }
            }
        }
        printer.blank()
        printer.block("extension \(namespace)") { printer in
            printer.line("/// A client that answers every operation with its sample response, without a network:")
            printer.line("/// for SwiftUI previews and tests. `delay` makes loading states visible.")
            printer.block("\(access)static func previewClient(delay: TimeInterval = 0) -> APIClient") { printer in
                if previews.isEmpty {
                    printer.line("APIClient.preview([:], delay: delay)")
                    return
                }
                printer.line("APIClient.preview([")
                for preview in previews {
                    printer.line("    \(literal: preview.operationID): \(response(preview.body)),")
                }
                printer.line("], delay: delay)")
            }
        }
        return GeneratedFile(name: fileName, utf8: printer.utf8)
    }

    private static func response(_ body: PreviewResponse.Body) -> String {
        switch body {
        case .json(let json): return ".json(text: \(SwiftLiteral.rawString(json)))"
        case .text(let text): return ".text(\(SwiftLiteral.string(text)))"
        case .data: return ".data(Data())"
        case .empty(let status): return ".status(\(status))"
        }
    }
}
