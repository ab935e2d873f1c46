import APIGenOpenAPI
import Foundation

/// The success type of an operation from its 2xx responses: one type when they agree, an
/// optional when some have no body, an enum by status when their bodies differ.
struct ResponseTranslator {
    let types: SchemaTypes

    private struct Entry {
        var status: String
        var type: SwiftType?
        var decoding: OperationResponse.Decoding
        var mediaType: String?
    }

    func response(for operation: OperationEntry, typeBase: String) -> OperationResponse {
        let entries = operation.successes.map { entry(for: $0, typeBase: typeBase) }
        let accept = Array(Set(entries.compactMap(\.mediaType))).sorted().joined(separator: ", ")
        let acceptHeader = accept.isEmpty ? nil : accept
        // A stream is read as it comes, whatever the status: the first streamed response decides.
        if let streamed = entries.first(where: { if case .stream = $0.decoding { true } else { false } }), let type = streamed.type {
            return OperationResponse(type: type, decoding: streamed.decoding, accept: streamed.mediaType)
        }
        var distinct: [SwiftType] = []
        for entry in entries {
            if let type = entry.type?.unwrapped, !distinct.contains(type) {
                distinct.append(type)
            }
        }
        switch distinct.count {
        case 0:
            return OperationResponse(type: .named("Void"), decoding: .empty, accept: acceptHeader)
        case 1:
            let entry = entries.first { $0.type != nil }!
            if entries.contains(where: { $0.type == nil }), case .json = entry.decoding {
                return OperationResponse(type: distinct[0].optional, decoding: .optionalJSON, accept: acceptHeader)
            }
            // A body that may be JSON's `null` (`type: [array, 'null']`) is an optional, which
            // decodes `null` as nil.
            if case .json = entry.decoding, entries.contains(where: { $0.type?.isOptional == true }) {
                return OperationResponse(type: distinct[0].optional, decoding: .json, accept: acceptHeader)
            }
            return OperationResponse(type: distinct[0], decoding: entry.decoding, accept: acceptHeader)
        default:
            let enumName = types.claimTopLevelName(typeBase + "Response")
            var names = NameScope(reserved: GeneratedMembers.everyType)
            let cases = entries.map { entry in
                StatusCase(
                    name: Identifier(names.claim(Self.caseName(forStatus: entry.status))), status: Int(entry.status),
                    type: entry.type?.unwrapped,
                    decoding: entry.decoding)
            }
            return OperationResponse(type: .named(enumName), decoding: .byStatus(enumName: enumName, cases: cases), accept: acceptHeader)
        }
    }

    private func entry(for success: OperationEntry.Success, typeBase: String) -> Entry {
        let response = success.response
        guard let chosen = success.media else {
            return Entry(status: response.status, type: nil, decoding: .empty, mediaType: nil)
        }
        let (type, decoding) = bodyType(of: chosen, suggestedName: typeBase + "Response")
        return Entry(status: response.status, type: type, decoding: decoding, mediaType: chosen.type.name)
    }

    /// What a body of `media` is read as: a JSON body its schema's type (declared at the top level
    /// as `suggestedName` when inline), text a `String`, anything else `Data`. Responses, webhooks
    /// and callbacks all read their bodies this way.
    func bodyType(of media: OperationEntry.Media, suggestedName: String) -> (SwiftType, OperationResponse.Decoding) {
        switch media.kind {
        case .json:
            return (media.type.schema.map { types.typeDeclaredAtTopLevel(for: $0, suggestedName: suggestedName) } ?? .jsonValue, .json)
        case .text:
            return (.string, .text)
        case .binary, .form, .multipart:
            return (.data, .data)
        case .eventStream, .jsonLines, .jsonSequence:
            let stream = streamElements(of: media, suggestedName: suggestedName)
            return (stream.responseType, .stream(stream))
        }
    }

    /// The elements of a streamed body (`OperationEntry.Media.elementSchema`). For an event
    /// stream the schema is the events' data, unless it is an object of event fields with a
    /// `data` property (as 3.2's examples and Mistral's spec write it): then its `data`'s
    /// `contentSchema` is the payload, or, without one, the events decode as that object.
    private func streamElements(of media: OperationEntry.Media, suggestedName: String) -> OperationResponse.Stream {
        let base = suggestedName.hasSuffix("Response") ? String(suggestedName.dropLast("Response".count)) : suggestedName
        let schema = media.elementSchema(types.shapes, types.table)
        func type(_ id: SchemaID, _ suffix: String) -> SwiftType {
            types.typeDeclaredAtTopLevel(for: id, suggestedName: base + suffix)
        }
        switch media.kind {
        case .jsonLines:
            return .jsonLines(schema.map { type($0, "Item") } ?? .jsonValue)
        case .jsonSequence:
            return .jsonSequence(schema.map { type($0, "Item") } ?? .jsonValue)
        default:
            guard let schema else { return .events(payload: .string) }
            guard let data = eventDataSchema(schema) else {
                return .events(payload: type(schema, "Event"))
            }
            if let content = types.table[types.table.resolved(data)].contentSchema {
                return .events(payload: type(content, "EventData"))
            }
            return .eventObjects(type(schema, "Event"))
        }
    }

    /// The `data` property's schema when `schema` describes a whole event: an object of
    /// `event`, `id`, `retry` and `data` only. One of `data` alone is an event too: Mistral
    /// writes each stream so (`CompletionEvent: {data: CompletionChunk}`), and a payload with
    /// nothing but a `data` member is rare in a stream.
    private func eventDataSchema(_ schema: SchemaID) -> SchemaID? {
        let members = types.structMembers(of: schema)
        let eventFields: Set<String> = ["event", "id", "retry", "data"]
        guard members.allSatisfy({ eventFields.contains($0.key) }) else { return nil }
        return members.first { $0.key == "data" }?.schema
    }

    /// What an event's `data` string holds (its `contentSchema`), when `schema` describes a
    /// whole event.
    func eventDataContentSchema(_ schema: SchemaID) -> SchemaID? {
        eventDataSchema(schema).flatMap { types.table[types.table.resolved($0)].contentSchema }
    }

    /// The declared error responses with a JSON body, as the operation's error enum: exact
    /// statuses first, then ranges (`4XX`), then `default` unless it is the success response.
    func errors(for operation: OperationEntry, operation builder: Identifier, typeBase: String) -> ErrorResponsesDeclaration? {
        let declared = Self.errorResponses(of: operation.operation)
        var names = NameScope(reserved: GeneratedMembers.everyType)
        var cases: [ErrorResponsesDeclaration.Case] = []
        for response in declared {
            guard let media = MediaTypes.preferred(response.content, types.shapes, types.table),
                MediaTypes.kind(of: media, types.shapes, types.table) == .json
            else { continue }
            let status: ErrorResponsesDeclaration.Case.Status
            if response.status == "default" {
                status = .other
            } else if let code = Int(response.status) {
                status = .exact(code)
            } else if let hundreds = Int(response.status.prefix(1)), response.status.uppercased().hasSuffix("XX") {
                status = .range(hundreds * 100)
            } else {
                continue
            }
            let name = names.claim(Self.errorCaseName(forStatus: response.status))
            let type = media.schema.map { errorBodyType($0, caseName: name, typeBase: typeBase) } ?? .jsonValue
            let documentation = Documentation(response.description)
            cases.append(.init(name: Identifier(name), status: status, type: type, documentation: documentation))
        }
        guard !cases.isEmpty else { return nil }
        let rank: (ErrorResponsesDeclaration.Case) -> Int = { item in
            switch item.status {
            case .exact: 0
            case .range: 1
            case .other: 2
            }
        }
        cases = cases.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
        let typeName = types.claimTopLevelName(typeBase + "Error")
        var declaration = ErrorResponsesDeclaration(typeName: typeName, cases: cases)
        declaration.sharedWith = types.sharedErrors.shareEnum(typeName, operation: builder, cases: cases)
        return declaration
    }

    /// The responses that are errors: not 2xx, and `default` unless it is the success response.
    static func errorResponses(of operation: APIGenOpenAPI.Operation) -> [Response] {
        let defaultIsSuccess = operation.successResponses.contains { $0.status == "default" }
        return operation.responses.filter { !$0.isSuccess && !($0.status == "default" && defaultIsSuccess) }
    }

    /// A named schema's type; an inline one's type is declared once for every operation that
    /// repeats the same schema (named after its status then: `NotFoundErrorBody`).
    private func errorBodyType(_ id: SchemaID, caseName: String, typeBase: String) -> SwiftType {
        let catalog = types.sharedErrors
        guard let key = catalog.inlineKey(of: id) else {
            return types.typeDeclaredAtTopLevel(for: id, suggestedName: typeBase + SwiftName.typeName(caseName))
        }
        if let known = catalog.inlineTypes[key] {
            return known
        }
        let status = caseName == "other" ? "" : SwiftName.typeName(caseName)
        let name = catalog.repeatedKeys.contains(key) ? status + "ErrorBody" : typeBase + SwiftName.typeName(caseName)
        let type = types.typeDeclaredAtTopLevel(for: id, suggestedName: name)
        catalog.inlineTypes[key] = type
        return type
    }

    /// `404` → `notFound`, `4XX` → `clientError`, `default` → `other`.
    static func errorCaseName(forStatus status: String) -> String {
        switch status.uppercased() {
        case "400": return "badRequest"
        case "401": return "unauthorized"
        case "402": return "paymentRequired"
        case "403": return "forbidden"
        case "404": return "notFound"
        case "405": return "methodNotAllowed"
        case "406": return "notAcceptable"
        case "408": return "requestTimeout"
        case "409": return "conflict"
        case "410": return "gone"
        case "412": return "preconditionFailed"
        case "413": return "contentTooLarge"
        case "415": return "unsupportedMediaType"
        case "422": return "unprocessableContent"
        case "429": return "tooManyRequests"
        case "500": return "internalServerError"
        case "501": return "notImplemented"
        case "502": return "badGateway"
        case "503": return "serviceUnavailable"
        case "504": return "gatewayTimeout"
        case "3XX": return "redirection"
        case "4XX": return "clientError"
        case "5XX": return "serverError"
        case "DEFAULT": return "other"
        default: return "status\(status)"
        }
    }

    /// `200` → `ok`, `201` → `created`, `2XX` → `success`.
    static func caseName(forStatus status: String) -> String {
        switch status {
        case "200": return "ok"
        case "201": return "created"
        case "202": return "accepted"
        case "203": return "nonAuthoritativeInformation"
        case "204": return "noContent"
        case "205": return "resetContent"
        case "206": return "partialContent"
        case "207": return "multiStatus"
        case "2XX": return "success"
        default: return "status\(status)"
        }
    }
}
