import APIGenOpenAPI
import APIGenYAML

/// The generator stage: a loaded document in, Swift files out. No I/O: the caller writes
/// the files (see `FileWriter`).
public struct Generator {
    public struct Output: Sendable {
        public var files: [GeneratedFile]
        public var diagnostics: Diagnostics
        /// `translate` and `render`.
        public var timings = StageTimings()
    }

    public let options: GeneratorOptions
    /// Whether the declarations built on the way may be left unreleased (see `MemoryAtExit`).
    public let memoryAtExit: MemoryAtExit

    public init(options: GeneratorOptions, memoryAtExit: MemoryAtExit = .releasedNormally) {
        self.options = options
        self.memoryAtExit = memoryAtExit
    }

    public func generate(_ document: OpenAPIDocument, files: SpecFiles) -> Output {
        var timings = StageTimings()
        let translated = timings.measure("translate") { translate(document, files: files) }
        let output = timings.measure("render") { render(translated) }
        memoryAtExit.keepUntilExit(translated)
        return Output(files: output, diagnostics: translated.models.diagnostics, timings: timings)
    }

    /// Everything the renderers need, as plain declarations.
    private struct Translation {
        var models: ModelTranslator
        var client: ClientDeclaration
        var declarations: [TypeDeclaration]
        var viewModels: [ViewModelDeclaration]
        var samples: [SampleDeclaration]
        var previews: [PreviewResponse]
        var exampleChecks: [ExampleCheckDeclaration]?
        var conformance: ConformanceDeclaration?
    }

    private func translate(_ document: OpenAPIDocument, files: SpecFiles) -> Translation {
        let reserved: Set<String> = Set(
            [options.namespace, options.moduleName] + (options.conformance ? [ConformanceFileGenerator.typeName] : []))
        let models = ModelTranslator(document: document, files: files, reserved: reserved)
        // Operations first: they name their inline bodies and responses, which the models
        // then declare.
        let client = OperationTranslator(models: models).translate(namespace: options.namespace)
        var declarations = models.translateNamedSchemas()
        var graph = TypeGraph(declarations)
        RecursionAnalysis.breakCycles(in: &graph)
        ValueLayout.boxLargeValues(in: &graph)
        graph.apply(to: &declarations)
        // View models read the translated page types to recognise paging.
        let viewModels =
            options.viewModels
            ? ViewModelTranslator(models: models, declarations: declarations).viewModels(
                for: document.operations, declarations: client.operations, tags: options.viewModelTags)
            : []
        let samples = SampleTranslator(models: models)
        // Its memo of synthesised samples is the largest value not in `Translation`.
        defer { memoryAtExit.keepUntilExit(samples) }
        return Translation(
            models: models,
            client: client,
            declarations: declarations,
            viewModels: viewModels,
            samples: samples.samples(listElements: Self.listElements(declarations, client)),
            previews: samples.previewResponses(for: document.operations, declarations: client.operations),
            exampleChecks: options.exampleChecks
                ? ExampleCheckTranslator(models: models).checks(operations: document.operations, declarations: client.operations) : nil,
            conformance: options.conformance
                ? ConformanceTranslator(models: models, files: files).declaration(
                    operations: document.operations, declarations: client.operations) : nil
        )
    }

    private func render(_ translation: Translation) -> [GeneratedFile] {
        // In the order a build compiles them (by name): endpoints, models, samples.
        var output = EndpointFileGenerator.files(client: translation.client, viewModels: translation.viewModels, options: options)
        output += ModelFileGenerator.files(for: translation.declarations, options: options)
        output.append(
            SampleFileGenerator.file(
                samples: translation.samples, previews: translation.previews, namespace: options.namespace, options: options))
        if let checks = translation.exampleChecks {
            output.append(ExampleCheckFileGenerator.file(for: checks, options: options))
        }
        if let conformance = translation.conformance {
            output.append(ConformanceFileGenerator.file(for: conformance, options: options))
        }
        return output
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
                for property in structure.properties { visit(property.type) }
            }
            for nested in declaration.nested { visit(nested) }
        }
        for declaration in declarations { visit(declaration) }
        for operation in client.operations { visit(operation.response.type) }
        return names
    }
}
