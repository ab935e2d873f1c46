/// `ViewModels.swift`: one view model per operation.
enum ViewModelFileGenerator {
    static let fileName = "ViewModels.swift"

    static func file(for models: [ViewModelDeclaration], namespace: String, options: GeneratorOptions) -> GeneratedFile {
        let context = RenderContext(accessLevel: options.accessLevel)
        var printer = Printer()
        printer.line(SourceText(GeneratedFile.header(specFileName: options.specFileName).trimmingTrailingNewline))
        printer.blank()
        printer.line("import APIGenRuntime")
        printer.line("import Foundation")
        printer.line("import Observation")
        let generator = ViewModelGenerator(namespace: namespace)
        for model in models {
            printer.blank()
            generator.render(model, into: &printer, context: context)
        }
        return GeneratedFile(name: fileName, utf8: printer.utf8)
    }
}
