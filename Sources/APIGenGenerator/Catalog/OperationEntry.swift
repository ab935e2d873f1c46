import APIGenOpenAPI

/// What is decided once per operation and read by several translators: the media type of the
/// request body the builder sends, and for each success response the media type it is read as.
/// Requests, response types, view models, previews, example checks and the conformance file
/// all read these, so they cannot pick differently.
struct OperationEntry {
    /// A body's chosen media type and how it is sent or read.
    struct Media {
        let type: MediaType
        let kind: MediaTypes.Kind

        /// The schema of a JSON body.
        var jsonSchema: SchemaID? { kind == .json ? type.schema : nil }

        /// The schema of one element of a streamed body: OpenAPI 3.2's `itemSchema`, else the
        /// `schema`, which 3.0 and 3.1 specs write for one element, unless the lines of a JSON
        /// Lines or JSON Sequence body are described as an array (OpenSearch's bulk bodies):
        /// then its items.
        func elementSchema(_ shapes: ShapeTable, _ table: SchemaTable) -> SchemaID? {
            if let item = type.itemSchema { return item }
            guard let schema = type.schema, kind == .jsonLines || kind == .jsonSequence,
                let content = shapes.content(of: schema, in: table), case .array(let items?) = shapes[content]
            else { return type.schema }
            return items
        }
    }

    struct Success {
        let response: Response
        /// nil when the response has no body.
        let media: Media?
    }

    let operation: Operation
    /// nil when the operation has no request body, or none with a media type.
    let body: Media?
    /// The first media type of each other kind the body may be sent as (form beside JSON,
    /// multipart, bytes, text), in `MediaTypes.preferred`'s order: each gets a builder of its own.
    let alternativeBodies: [Media]
    /// The 2xx responses, else the `default` one (`Operation.successResponses`).
    let successes: [Success]
    /// The success responses that also offer a stream beside the body read by default
    /// (OpenAI's JSON or `text/event-stream`, chosen by `stream: true`), read as that stream;
    /// nil when none does.
    let streamedSuccesses: [Success]?

    init(_ operation: Operation, shapes: ShapeTable, table: SchemaTable) {
        func media(_ content: [MediaType]) -> Media? {
            MediaTypes.preferred(content, shapes, table).map { Media(type: $0, kind: MediaTypes.kind(of: $0, shapes, table)) }
        }
        self.operation = operation
        body = operation.requestBody.flatMap { media($0.content) }
        alternativeBodies = MediaTypes.alternatives(to: body?.type, in: operation.requestBody?.content ?? [], shapes, table).map {
            Media(type: $0, kind: MediaTypes.kind(of: $0, shapes, table))
        }
        successes = operation.successResponses.map { Success(response: $0, media: media($0.content)) }
        let streamed = zip(operation.successResponses, successes).compactMap { response, success -> Success? in
            guard success.media?.kind.isStream == false,
                let stream = response.content.lazy.map({ Media(type: $0, kind: MediaTypes.kind(of: $0, shapes, table)) }).first(
                    where: \.kind.isStream)
            else { return nil }
            return Success(response: response, media: stream)
        }
        streamedSuccesses = streamed.isEmpty ? nil : streamed
    }

    private init(operation: Operation, body: Media?, successes: [Success]) {
        self.operation = operation
        self.body = body
        self.alternativeBodies = []
        self.successes = successes
        self.streamedSuccesses = nil
    }

    /// The operation read as the stream its responses offer beside their default body.
    var streamingVariant: OperationEntry? {
        streamedSuccesses.map { OperationEntry(operation: operation, body: body, successes: $0) }
    }

    /// The schema of the first success response that is JSON with a schema.
    /// A success response declares a `Link` header: the server may name the next page there.
    var declaresLinkHeader: Bool {
        successes.contains { success in success.response.headers.contains { $0.name.lowercased() == "link" } }
    }

    var firstJSONSchema: SchemaID? {
        successes.lazy.compactMap { $0.media?.jsonSchema }.first
    }

    /// Each success response that is JSON with a schema, with the Swift type its body decodes
    /// as in `declaration` (its case's type when the responses differ by status).
    func jsonSuccesses(decodedBy declaration: OperationDeclaration) -> [(
        response: Response, media: MediaType, schema: SchemaID, type: SwiftType
    )] {
        var statusCases: [StatusCase] = []
        if case .byStatus(_, let cases) = declaration.response.decoding {
            statusCases = cases
        }
        return successes.compactMap { success in
            guard let media = success.media, let schema = media.jsonSchema else { return nil }
            let type =
                statusCases.isEmpty
                ? declaration.response.type.unwrapped : statusCases.first { $0.status == Int(success.response.status) }?.type
            return type.map { (success.response, media.type, schema, $0) }
        }
    }
}

/// An operation's catalog entry beside the builder declared for it: what the translators after
/// `OperationTranslator` take, so none pairs declarations with the document's operations by index.
struct TranslatedOperation {
    let entry: OperationEntry
    let declaration: OperationDeclaration
    /// The second builder of an operation that can answer with a stream (`createChatStream`
    /// beside `createChat`): same operation, so no preview, example check or conformance case.
    var isStreamingVariant = false

    var operation: Operation { entry.operation }
}
