import APIGenOpenAPI
import APIGenYAML

/// Operations become request builders; their inline schemas become top-level types named
/// after the operation (`CreatePostRequest`, `ListPetsResponse`).
struct OperationTranslator {
    let types: SchemaTypes
    var document: OpenAPIDocument { types.document }
    var table: SchemaTable { types.table }

    /// The client, and each operation's entry beside its builder.
    func translate(_ entries: [OperationEntry], namespace: String) -> (client: ClientDeclaration, operations: [TranslatedOperation]) {
        let schemes = SecurityTranslator(types: types).schemes()
        var names = NameScope(reserved: GeneratedMembers.namespace)
        var translated: [TranslatedOperation] = []
        for entry in entries {
            let operation = entry.operation
            let base = operation.operationId.map { SwiftName.memberName($0) } ?? fallbackName(operation)
            let name = names.claim(base)
            translated.append(TranslatedOperation(entry: entry, declaration: translate(entry, name: name, schemes: schemes)))
            if let streaming = entry.streamingVariant {
                var declaration = translate(streaming, name: names.claim(base + "Stream"), schemes: schemes)
                // Beside the summary, before the method and path line and the parameters.
                let note = ["Reads the response as a stream, an element at a time as it arrives.", ""]
                let lines = declaration.documentation.lines
                let methodLine = lines.firstIndex { $0.hasPrefix("`") && $0.hasSuffix("`") } ?? lines.endIndex
                declaration.documentation.lines.insert(contentsOf: note, at: methodLine)
                translated.append(TranslatedOperation(entry: streaming, declaration: declaration, isStreamingVariant: true))
            }
        }
        var documentation = Documentation(document.info.title)
        if let description = document.info.summary ?? document.info.description {
            documentation.appendParagraph(description)
        }
        documentation.appendParagraph("Every operation is a function returning a `Request`; send it with `APIClient.send(_:)`.")
        let client = ClientDeclaration(
            namespace: namespace,
            title: document.info.title,
            documentation: documentation,
            operations: translated.map(\.declaration),
            securitySchemes: schemes.map(\.declaration),
            servers: ServerTranslator.servers(document.servers),
            webhooks: WebhookTranslator(types: types).webhooks(document.webhooks),
            callbacks: translated.compactMap { operation in
                WebhookTranslator(types: types).callbacks(operation.entry.operation.callbacks, of: operation.declaration, in: namespace)
            }
        )
        return (client, translated)
    }

    /// `GET /pets/{petId}` → `getPetsPetId`.
    private func fallbackName(_ operation: Operation) -> String {
        SwiftName.memberName(operation.method.rawValue + " " + operation.path)
    }

    private func translate(_ entry: OperationEntry, name: String, schemes: [SecurityTranslator.Scheme])
        -> OperationDeclaration
    {
        let operation = entry.operation
        let typeBase = SwiftName.typeName(name)
        // The builder's local variables (`OperationGenerator`).
        var labels = NameScope(reserved: GeneratedMembers.builderLocals)
        var parameters: [OperationParameter] = []
        for parameter in operation.parameters {
            let label = labels.claim(SwiftName.memberName(parameter.name, fallback: "parameter"))
            parameters.append(translate(parameter, label: label, typeBase: typeBase))
        }
        // Required parameters first (in path, query, header, cookie order), then optional ones.
        let order: [OperationParameter.Location] = [.path, .query, .header, .cookie]
        parameters = parameters.enumerated().sorted { lhs, rhs in
            let left = (lhs.element.hasDefault ? 1 : 0, order.firstIndex(of: lhs.element.location)!, lhs.offset)
            let right = (rhs.element.hasDefault ? 1 : 0, order.firstIndex(of: rhs.element.location)!, rhs.offset)
            return left < right
        }.map(\.element)
        let body = operation.requestBody.flatMap { body in
            entry.body.flatMap {
                translateBody(body, media: $0, label: labels.claim("body"), typeBase: typeBase, isPatch: operation.method == .patch)
            }
        }
        let response = ResponseTranslator(types: types).response(for: entry, typeBase: typeBase)
        let path = PathTemplate(operation.path)
        var declaration = OperationDeclaration(
            name: Identifier(name),
            operationID: operation.operationId ?? name,
            method: RequestMethod(operation.method.rawValue),
            pathSegments: pathSegments(path.template, parameters: parameters),
            parameters: parameters,
            body: body,
            response: response,
            security: SecurityTranslator(types: types).requirements(of: operation, schemes: schemes),
            documentation: documentation(for: operation, parameters: parameters, body: body),
            deprecationMessage: nil
        )
        if let requestBody = operation.requestBody {
            declaration.alternativeBodies = entry.alternativeBodies.compactMap { media in
                alternativeBody(requestBody, media: media, labels: &labels, typeBase: typeBase, parameters: parameters, of: operation)
            }
        }
        declaration.fixedQuery = path.fixedQuery
        declaration.validatesBody = types.validatesRequests && body != nil
        declaration.server = ServerTranslator.operationServer(operation.servers, documentServers: document.servers)
        declaration.errors = ResponseTranslator(types: types).errors(for: entry, operation: Identifier(name), typeBase: typeBase)
        declaration.responseHeaders = ResponseHeadersTranslator(types: types).headers(for: entry, typeBase: typeBase)
        if operation.deprecated {
            declaration.deprecationMessage = "\(declaration.operationID) is deprecated by the API."
        }
        return declaration
    }

    private func translate(_ parameter: Parameter, label: String, typeBase: String) -> OperationParameter {
        var type =
            parameter.schema.map { types.typeDeclaredAtTopLevel(for: $0, suggestedName: typeBase + SwiftName.typeName(parameter.name)) }
            ?? .string
        var defaultValue: Literal?
        if let schema = parameter.schema, !parameter.required, let value = DefaultRules.value(of: schema, for: .parameter, in: table) {
            // Left out where no literal can stand in the signature: the server applies it.
            defaultValue = types.defaultLiteral(value, for: type.unwrapped, schema: schema).flatMap {
                DefaultRules.isSpellable($0, for: .parameter) ? $0 : nil
            }
        }
        let isIdempotencyKey = Self.carriesIdempotencyKey(parameter)
        if parameter.location == .path {
            // A path segment is never absent, nor null (Airflow's `map_index: {nullable: true}`).
            type = type.unwrapped
        }
        if let defaultValue, defaultValue != .null {
            type = type.unwrapped
        } else {
            defaultValue = nil
            // An idempotency key the caller leaves out is made by the client, required or not.
            if (!parameter.required && parameter.location != .path) || isIdempotencyKey {
                type = type.optional
            }
        }
        if parameter.location == .path, parameter.effectiveStyle != .simple {
            types.warning(
                "parameter '\(parameter.name)' has style '\(parameter.effectiveStyle.rawValue)', which is not supported; it is sent as 'simple'",
                at: parameter.source)
        }
        let location = OperationParameter.Location(rawValue: parameter.location.rawValue)!
        var documentation = Documentation(parameter.description)
        if parameter.deprecated {
            documentation.lines.append("Deprecated.")
        }
        if isIdempotencyKey {
            documentation.appendParagraph("nil sends a fresh key; every retry of one send repeats it.")
        }
        var translated = OperationParameter(
            name: Identifier(label),
            key: parameter.name,
            location: location,
            type: type,
            defaultValue: defaultValue,
            style: Self.queryStyle(parameter.effectiveStyle),
            explode: parameter.effectiveExplode,
            allowReserved: parameter.allowReserved,
            documentation: documentation
        )
        translated.isIdempotencyKey = isIdempotencyKey
        translated.constraints = parameter.schema.map(types.constraints(of:)) ?? []
        return translated
    }

    /// A union or free-form body: which members it has is known only from the value sent.
    private static func holdsMembersOnlyWhenSent(_ schema: SchemaID, _ types: SchemaTypes) -> Bool {
        guard let content = types.shapes.content(of: schema, in: types.table) else { return false }
        switch types.shapes[content] {
        case .union, .any: return true
        default: return false
        }
    }

    /// `Idempotency-Key` (Stripe's, Square's, Svix's spelling, with or without `X-`), or a header
    /// marked `x-apigen-idempotency-key: true`.
    static func carriesIdempotencyKey(_ parameter: Parameter) -> Bool {
        guard parameter.location == .header else { return false }
        let letters = parameter.name.lowercased().filter { $0.isLetter }
        return parameter.marksIdempotencyKey || letters == "idempotencykey" || letters == "xidempotencykey"
    }

    /// The parser lets only query parameters have these styles; every other is `form` here
    /// and unused.
    private static func queryStyle(_ style: Parameter.Style) -> OperationParameter.QueryStyle {
        switch style {
        case .spaceDelimited: return .spaceDelimited
        case .pipeDelimited: return .pipeDelimited
        case .deepObject: return .deepObject
        case .form, .simple, .label, .matrix: return .form
        }
    }

    /// The argument that carries the body in the media type the catalog chose (JSON first, then
    /// form, multipart, bytes, text); a JSON Lines body is an array of its lines' items.
    /// `isPatch`: a PATCH sends its body schema through the request type `patchRequestType` names.
    private func translateBody(
        _ body: RequestBody, media chosen: OperationEntry.Media, label: String, typeBase: String, isPatch: Bool
    ) -> OperationBody? {
        let (media, kind) = (chosen.type, chosen.kind)
        let name = Identifier(label)
        let documentation = Documentation(body.description)
        var type: SwiftType
        let encoding: OperationBody.Encoding
        switch kind {
        case .json:
            type =
                media.schema.map {
                    (isPatch ? types.patchRequestType(for: $0) : nil)
                        ?? types.typeDeclaredAtTopLevel(for: $0, suggestedName: typeBase + "Request")
                } ?? .jsonValue
            encoding = .json(contentType: MediaTypes.contentType(of: media, kind: kind))
        case .form, .multipart:
            guard let schema = media.schema else { return nil }
            type = types.typeDeclaredAtTopLevel(for: schema, suggestedName: typeBase + "Request")
            let fields = bodyFields(schema, encodings: media.encodingContentTypes)
            if fields.isEmpty, Self.holdsMembersOnlyWhenSent(schema, types) {
                encoding = kind == .form ? .formMembers : .multipartMembers
            } else {
                encoding = kind == .form ? .form(fields: fields) : .multipart(fields: fields)
            }
        case .jsonLines:
            let item = chosen.elementSchema(types.shapes, types.table).map {
                types.typeDeclaredAtTopLevel(for: $0, suggestedName: typeBase + "RequestItem")
            }
            type = .array(item ?? .jsonValue)
            encoding = .jsonLines(contentType: MediaTypes.contentType(of: media, kind: kind))
        case .binary, .eventStream, .jsonSequence:
            type = .data
            encoding = .data(contentType: MediaTypes.contentType(of: media, kind: kind))
        case .text:
            type = .string
            encoding = .text(contentType: MediaTypes.contentType(of: media, kind: kind))
        }
        type = body.required ? type.unwrapped : type.optional
        return OperationBody(name: name, type: type, encoding: encoding, documentation: documentation)
    }

    /// The body in another media type (`kind` names its label: `form`, `multipart`, `data`,
    /// `text`), always given: choosing the builder is choosing to send it. Its documentation is
    /// the operation's, saying which media type it sends.
    private func alternativeBody(
        _ requestBody: RequestBody, media: OperationEntry.Media, labels: inout NameScope, typeBase: String,
        parameters: [OperationParameter], of operation: Operation
    ) -> AlternativeBody? {
        let label: String
        switch media.kind {
        case .json: label = "json"
        case .form: label = "form"
        case .multipart: label = "multipart"
        case .text: label = "text"
        case .jsonLines: label = "lines"
        case .binary, .eventStream, .jsonSequence: label = "data"
        }
        let suffix = SwiftName.typeName(label)
        guard
            var body = translateBody(
                requestBody, media: media, label: labels.claim(label), typeBase: typeBase + suffix, isPatch: false)
        else { return nil }
        body.type = body.type.unwrapped
        var documentation = self.documentation(for: operation, parameters: parameters, body: body)
        let note = ["Sends the body as `\(MediaTypes.contentType(of: media.type, kind: media.kind))`.", ""]
        let methodLine = documentation.lines.firstIndex { $0.hasPrefix("`") && $0.hasSuffix("`") } ?? documentation.lines.endIndex
        documentation.lines.insert(contentsOf: note, at: methodLine)
        return AlternativeBody(body: body, documentation: documentation)
    }

    /// The fields of a form or multipart body: the object's properties, named as in its struct.
    /// Binary properties are files, structured ones JSON parts, the rest text.
    private func bodyFields(_ schema: SchemaID, encodings: [String: String]) -> [BodyField] {
        types.structMembers(of: schema).map { member in
            let kind: BodyField.Kind
            // `encoding.contentType` may list several types; a part has one.
            let declared = encodings[member.key]?.split(separator: ",").first.map { String($0.drop { $0 == " " }) }
            let fileType = declared.flatMap { $0.contains("*") ? nil : $0 } ?? "application/octet-stream"
            switch MultipartPart(member.schema, shapes: types.shapes, table: table) {
            case .file, .files: kind = .file(contentType: fileType)
            case .json: kind = .json
            case .value: kind = .text
            }
            return BodyField(key: member.key, property: member.name, kind: kind)
        }
    }

    private func pathSegments(_ path: String, parameters: [OperationParameter]) -> [PathSegment] {
        var segments: [PathSegment] = []
        var literal = ""
        var current: String?
        for character in path {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current {
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                if let parameter = parameters.first(where: { $0.location == .path && $0.key == name }) {
                    segments.append(.parameter(parameter.name))
                }
                current = nil
            } else if current != nil {
                current?.append(character)
            } else {
                literal.append(character)
            }
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return segments
    }

    // MARK: Documentation

    private func documentation(for operation: Operation, parameters: [OperationParameter], body: OperationBody?) -> Documentation {
        var documentation = Documentation(operation.summary)
        if let description = operation.description, description != operation.summary {
            documentation.appendParagraph(description)
        }
        documentation.appendParagraph(Documentation.methodLine(operation.method.rawValue, operation.path))
        let documented = (parameters.map { ($0.name, $0.documentation) } + (body.map { [($0.name, $0.documentation)] } ?? [])).filter {
            !$0.1.isEmpty
        }
        if !documented.isEmpty {
            documentation.lines += ["", "- Parameters:"]
            for (name, parameter) in documented {
                let lines = parameter.printedLines
                documentation.lines.append("  - \(name.plain): \(lines.first ?? "")")
                documentation.lines += lines.dropFirst().map { $0.isEmpty ? "" : "    " + $0 }
            }
        }
        return documentation
    }
}
