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
        output.append(SampleFileGenerator.file(samples: samples.samples(listElements: Self.listElements(declarations, client)), previews: samples.previewResponses(for: document.operations, declarations: client.operations), namespace: options.namespace, options: options))
        if options.exampleChecks {
            let checks = ExampleCheckTranslator(models: translator).checks(operations: document.operations, declarations: client.operations)
            output.append(ExampleCheckFileGenerator.file(for: checks, options: options))
        }
        return Output(files: output, diagnostics: translator.diagnostics)
    }

    /// Names of top-level types that appear as array elements in models or responses.
    static func listElements(_ declarations: [TypeDeclaration], _ client: ClientDeclaration) -> Set<String> {
        var names: Set<String> = []
        func visit(_ type: SwiftType) {
            switch type {
            case .array(.named(let name)), .array(.optional(.named(let name))): names.insert(name)
            case .array(let element), .optional(let element), .dictionary(let element): visit(element)
            case .named: break
            }
        }
        func visit(_ declaration: TypeDeclaration) {
            if case .structure(let structure) = declaration.kind {
                structure.properties.forEach { visit($0.type) }
            }
            declaration.nested.forEach(visit)
        }
        declarations.forEach(visit)
        client.operations.forEach { visit($0.response.type) }
        return names
    }
}
