import APIGenOpenAPI
import APIGenYAML

/// The generator stages: a loaded document in, Swift files out. No I/O: the caller writes
/// the files (see `FileWriter`). `generate` runs both stages; `GeneratorPipeline` runs them one
/// by one, timing each.
public struct Generator {
    public struct Output: Sendable {
        /// The client's files (with the models, unless `options.modelsModule` puts them apart).
        public var files: [GeneratedFile]
        /// The files of the models' own module: empty unless `options.modelsModule` is set.
        public var modelFiles: [GeneratedFile] = []
        public var diagnostics: Diagnostics
    }

    /// What `render` writes: the client's files, and the models' module's when it is apart.
    public struct Rendered: Sendable {
        public var client: [GeneratedFile]
        public var models: [GeneratedFile]
    }

    /// Everything the renderers need, as plain declarations: what `translate` gives `render`.
    public struct Translation {
        var types: SchemaTypes
        var client: ClientDeclaration
        var declarations: [TypeDeclaration]
        var viewModels: [ViewModelDeclaration]
        var samples: [SampleDeclaration]
        var previews: [PreviewResponse]
        var operationKeys: [OperationKeyDeclaration]
        var exampleChecks: [ExampleCheckDeclaration]?
        var conformance: ConformanceDeclaration?
        /// The sample synthesizer, whose memo is the largest value built on the way: kept here
        /// so that the at-exit memory policy (`MemoryAtExit`) covers it with the rest.
        var sampleTranslator: SampleTranslator

        /// Warnings and errors found while translating.
        public var diagnostics: Diagnostics { types.diagnostics }

        /// What code written against this client can name, for `APIDiff`.
        public var surface: APISurface { APISurface(declarations: declarations, client: client) }
    }

    public let options: GeneratorOptions

    public init(options: GeneratorOptions) {
        self.options = options
    }

    public func generate(_ document: OpenAPIDocument, files: SpecFiles) -> Output {
        let translation = translate(SchemaCatalog(document), files: files)
        let rendered = render(translation)
        return Output(files: rendered.client, modelFiles: rendered.models, diagnostics: translation.diagnostics)
    }

    /// The document's schemas and operations as declarations, from the decisions `catalog` holds.
    public func translate(_ catalog: SchemaCatalog, files: SpecFiles) -> Translation {
        // With the models apart, the name both parts know, so that each part (one run per
        // target under the build plugin) names the types the same.
        let reserved: Set<String> = Set(
            [options.namespace, options.modelsModule ?? options.moduleName]
                + (options.conformance ? [ConformanceFileGenerator.typeName] : []))
        let types = SchemaTypes(catalog: catalog, files: files, reserved: reserved, typeOverrides: options.typeOverrides)
        types.validatesRequests = options.validatesRequests
        let entries = catalog.operations
        // Operations first: they name their inline bodies and responses, which the models
        // then declare.
        let (client, operations) = OperationTranslator(types: types).translate(entries, namespace: options.namespace)
        var declarations = types.translateNamedSchemas()
        var graph = TypeGraph(declarations)
        RecursionAnalysis.breakCycles(in: &graph)
        ValueLayout.boxLargeValues(in: &graph)
        graph.apply(to: &declarations)
        declarations += PatchRequestTranslator.declarations(types.patchRequestTypes, from: declarations)
        SharedPropertyTranslator.apply(to: &declarations)
        let makesClient = options.makesClient
        // View models read the translated page types to recognise paging.
        var viewModels =
            options.viewModels && makesClient
            ? ViewModelTranslator(types: types, declarations: declarations).viewModels(for: operations, tags: options.viewModelTags)
            : []
        OptimisticWriteTranslator.apply(to: &viewModels, operations: operations, declarations: declarations)
        let samples = SampleTranslator(types: types)
        // The client's part makes them too: the previews' values follow on from the samples'.
        let sampleDeclarations = samples.samples(listElements: Self.listElements(declarations, client))
        // A streaming variant is the same operation as the builder before it.
        let distinct = operations.filter { !$0.isStreamingVariant }
        var conformance =
            options.conformance && makesClient ? ConformanceTranslator(types: types, files: files).declaration(operations: distinct) : nil
        conformance?.checkSamples(sampleDeclarations)
        let previews = makesClient ? samples.previewResponses(for: distinct) : []
        // After both: previews sample the responses' inline schemas too.
        samples.warnAboutUnheldValues()
        return Translation(
            types: types,
            client: client,
            declarations: declarations,
            viewModels: viewModels,
            samples: sampleDeclarations,
            previews: previews,
            operationKeys: distinct.map(\.declaration).map {
                OperationKeyDeclaration(name: $0.name, operationID: $0.operationID, response: $0.response.type)
            },
            exampleChecks: options.exampleChecks && makesClient
                ? ExampleCheckTranslator(types: types).checks(operations: distinct) : nil,
            conformance: conformance,
            sampleTranslator: samples
        )
    }

    /// The declarations as Swift files. With `options.modelsModule`, the models and their samples
    /// are the files of a module of their own, and the client's files (endpoints, view models,
    /// the preview client) import it: the models depend on nothing the client declares.
    public func render(_ translation: Translation) -> Rendered {
        let apart = options.modelsModule != nil
        let modelOptions = apart ? options.forModelsModule : options
        let (makesClient, makesModels) = (options.makesClient, options.makesModels)
        // In the order a build compiles them (by name): endpoints, models, samples.
        var client =
            makesClient
            ? EndpointFileGenerator.files(client: translation.client, viewModels: translation.viewModels, options: options) : []
        var models = makesModels ? ModelFileGenerator.files(for: translation.declarations, options: modelOptions) : []
        let previews = SampleFileGenerator.Previews(
            responses: translation.previews, operationKeys: translation.operationKeys, namespace: options.namespace)
        if apart {
            if makesModels {
                models.append(SampleFileGenerator.file(samples: translation.samples, previews: nil, options: modelOptions))
            }
            if makesClient {
                client.append(SampleFileGenerator.file(samples: [], previews: previews, options: options))
            }
        } else {
            client += models
            models = []
            client.append(SampleFileGenerator.file(samples: translation.samples, previews: previews, options: options))
        }
        if let checks = translation.exampleChecks {
            client.append(ExampleCheckFileGenerator.file(for: checks, options: options))
        }
        if let conformance = translation.conformance {
            client.append(ConformanceFileGenerator.file(for: conformance, options: options))
        }
        return Rendered(client: client, models: models)
    }

    /// Names of top-level types that appear as array elements in models or responses.
    static func listElements(_ declarations: [TypeDeclaration], _ client: ClientDeclaration) -> Set<String> {
        var names: Set<String> = []
        func visit(_ type: SwiftType) {
            switch type {
            case .array(.named(let name)), .array(.optional(.named(let name))): names.insert(name)
            case .array(let element), .optional(let element), .dictionary(let element): visit(element)
            case .named, .scalar, .generic: break
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
