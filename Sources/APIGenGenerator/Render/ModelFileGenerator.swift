/// Lays top-level model declarations out over a fixed number of files (`Models.swift`, or
/// `Models01.swift` …), each type in the file its name hashes to.
enum ModelFileGenerator {
    static let baseName = "Models"

    static func files(for declarations: [TypeDeclaration], options: GeneratorOptions) -> [GeneratedFile] {
        let count = max(1, options.modelFileCount)
        let context = RenderContext(accessLevel: options.accessLevel)
        return FileSharding.shards(declarations, count: count, key: \.name).enumerated().map { index, shard in
            var printer = Printer.forFile()
            if shard.isEmpty {
                printer.fileStart(specFileName: options.specFileName, imports: [])
                printer.line("// No types fell into this file; it exists so that the set of files never changes.")
            } else {
                printer.fileStart(specFileName: options.specFileName, imports: options.runtimeImports)
                for declaration in shard {
                    printer.blank()
                    DeclarationRenderer.render(declaration, into: &printer, context: context)
                }
            }
            return GeneratedFile(name: FileSharding.fileName(baseName, index: index, count: count), data: printer.takeContents())
        }
    }
}
