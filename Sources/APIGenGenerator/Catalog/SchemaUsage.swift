import APIGenOpenAPI

/// Which way each schema's values travel: sent by the client (request bodies, parameters,
/// answers to webhooks), received by it (responses, webhook payloads), or both. A required
/// `readOnly` property is absent from what the client sends, so it can be required only of a
/// schema the client only receives; a required `writeOnly` one only of a schema it only sends.
struct SchemaUsage {
    /// Schemas reached from what the client sends, through references and every subschema.
    private(set) var sent: Set<SchemaID> = []
    /// Schemas reached from what the client receives.
    private(set) var received: Set<SchemaID> = []
    /// Request bodies of PATCH operations: their nullable optional properties become
    /// `Nullable<T>?` so that "leave unchanged" and "set to null" can both be sent.
    private var patchBodies: Set<SchemaID> = []
    /// Bodies sent as `multipart/form-data`: their binary properties are files (`FilePart`),
    /// which carry a file name and content type and may be read from disk.
    private(set) var multipartBodies: Set<SchemaID> = []

    /// Where a schema's three-state (`Nullable<T>?`) PATCH fields are declared.
    enum PatchFields {
        /// Not a PATCH body.
        case none
        /// In the schema's own type: the client only sends it.
        case inType
        /// In a request type of their own: the client also receives the schema, and a received
        /// value has no use for "absent or null".
        case requestType
    }

    /// No usage known: every schema may go either way.
    init() {}

    init(_ document: OpenAPIDocument) {
        let table = document.schemas
        var sentRoots: [SchemaID] = []
        var receivedRoots: [SchemaID] = []
        for operation in document.operations {
            sentRoots += operation.parameters.compactMap(\.schema)
            let bodies = (operation.requestBody?.content ?? []).compactMap(\.schema)
            sentRoots += bodies
            if operation.method == .patch {
                patchBodies.formUnion(bodies.map { table.resolved($0) })
            }
            for media in operation.requestBody?.content ?? [] where media.name.lowercased().hasPrefix("multipart/") {
                if let schema = media.schema { multipartBodies.insert(table.resolved(schema)) }
            }
            receivedRoots += operation.responses.flatMap { $0.content.compactMap(\.schema) }
        }
        // A webhook or callback is the API calling the app: the app receives its body and sends its response.
        for webhook in document.webhooks + document.operations.flatMap({ $0.callbacks.flatMap(\.operations) }) {
            receivedRoots += (webhook.requestBody?.content ?? []).compactMap(\.schema)
            sentRoots += webhook.responses.flatMap { $0.content.compactMap(\.schema) }
        }
        let reach = SchemaReach(table)
        sent = reach.reachable(from: sentRoots)
        received = reach.reachable(from: receivedRoots)
    }

    /// Where the three-state fields of the (resolved) schema `id` go.
    func patchFields(of id: SchemaID) -> PatchFields {
        guard patchBodies.contains(id) else { return .none }
        return received.contains(id) ? .requestType : .inType
    }

    /// Whether values of the object `id` only ever come from the server.
    func isOnlyReceived(_ id: SchemaID) -> Bool {
        received.contains(id) && !sent.contains(id)
    }

    /// Whether values of the object `id` only ever go to the server.
    func isOnlySent(_ id: SchemaID) -> Bool {
        sent.contains(id) && !received.contains(id)
    }
}
