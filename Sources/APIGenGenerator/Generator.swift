import APIGenOpenAPI
import APIGenYAML

/// The generator stage: a loaded document in, Swift files out. No I/O: the caller writes
/// the files (see `FileWriter`).
public struct Generator {
    public struct Output: Sendable {
        public var files: [GeneratedFile]
        public var diagnostics: Diagnostics
    }

    public let options: GeneratorOptions

    public init(options: GeneratorOptions) {
        self.options = options
    }

    public func generate(_ document: OpenAPIDocument, files: SpecFiles) -> Output {
        let translator = ModelTranslator(document: document, files: files)
        // Operations first: they name their inline bodies and responses, which the models
        // then declare.
        let client = OperationTranslator(models: translator).translate(namespace: options.namespace)
        var declarations = translator.translateNamedSchemas()
        RecursionAnalysis.breakCycles(in: &declarations)
        // View models read the translated page types to recognise paging.
        let viewModels = options.viewModels
            ? ViewModelTranslator(models: translator, declarations: declarations).viewModels(for: document.operations, declarations: client.operations, tags: options.viewModelTags)
            : []
        let samples = SampleTranslator(models: translator)
        var output = ModelFileGenerator.files(for: declarations, options: options)
        output.append(ClientFileGenerator.file(for: client, options: options))
        output.append(ViewModelFileGenerator.file(for: viewModels, namespace: options.namespace, options: options))
        output.append(SampleFileGenerator.file(samples: samples.samples(), previews: samples.previewResponses(for: document.operations, declarations: client.operations), namespace: options.namespace, options: options))
        return Output(files: output, diagnostics: translator.diagnostics)
    }
}
