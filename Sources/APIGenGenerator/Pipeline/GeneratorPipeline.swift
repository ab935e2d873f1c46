import APIGenOpenAPI
import APIGenYAML
import Foundation

/// apigen from spec file to Swift files, stage by stage, with the plain value each stage hands
/// the next:
///
/// | stage | in → out |
/// |---|---|
/// | `read` | the entry file's bytes → its YAML tree (`SpecLoader.Read`) |
/// | `model` | the tree → the document model, schema references pending (`SpecLoader.Parsed`) |
/// | `resolve` | every reference followed, the files it names read (`SpecLoader.Result`) |
/// | `validate` | checks across the document, added to its diagnostics (`SpecLoader.Result`) |
/// | `filter` | only the operations and schemas asked for, when asked (`OpenAPIDocument`) |
/// | `catalog` | every decision made once per schema and operation (`SchemaCatalog`) |
/// | `translate` | the catalog → Swift declarations, data not text (`Generator.Translation`) |
/// | `render` | the declarations → Swift source, through one printer (`[GeneratedFile]`) |
/// | `write` | the files → disk, unchanged files left alone (`FileWriter.Summary`) |
///
/// The stages know nothing of timing or of process lifetime: the pipeline times each from
/// outside (`timings`) and hands each stage's value to the at-exit memory policy.
public struct GeneratorPipeline {
    /// CPU and wall time of each stage run so far.
    public private(set) var timings = StageTimings()
    public let memoryAtExit: MemoryAtExit

    public init(memoryAtExit: MemoryAtExit = .releasedNormally) {
        self.memoryAtExit = memoryAtExit
    }

    /// `read`, `model`, `resolve` and `validate`: the spec at `path` and every file it names.
    public mutating func load(path: String, loader: SpecLoader = SpecLoader()) -> SpecLoader.Result {
        let read = stage("read") { loader.read(path: path) }
        let parsed = stage("model") { loader.parse(read) }
        let resolved = stage("resolve") { loader.resolve(parsed) }
        return stage("validate") { loader.validate(resolved) }
    }

    /// `filter`: the part of the document `filter` keeps, and a warning for each entry that
    /// matches nothing.
    public mutating func filter(_ document: OpenAPIDocument, with filter: DocumentFilter) -> (
        document: OpenAPIDocument, warnings: [Diagnostic]
    ) {
        stage("filter") { filter.apply(to: document) }
    }

    /// `catalog`, `translate` and `render`: the Swift files of the client.
    public mutating func generate(_ document: OpenAPIDocument, files: SpecFiles, options: GeneratorOptions) -> Generator.Output {
        let generator = Generator(options: options)
        let catalog = stage("catalog") { SchemaCatalog(document) }
        let translation = stage("translate") { generator.translate(catalog, files: files) }
        let rendered = stage("render") { generator.render(translation) }
        return Generator.Output(files: rendered.client, modelFiles: rendered.models, diagnostics: translation.diagnostics)
    }

    /// `write`: the files into `folder`.
    public mutating func write(_ files: [GeneratedFile], to folder: URL) throws -> FileWriter.Summary {
        try stage("write") { try FileWriter().write(files, to: folder) }
    }

    private mutating func stage<Value>(_ name: String, _ body: () throws -> Value) rethrows -> Value {
        let value = try timings.measure(name, body)
        memoryAtExit.keepUntilExit(value)
        return value
    }
}
