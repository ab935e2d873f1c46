import APIGenYAML

/// Paths, operations, parameters, request bodies and responses (OpenAPI 3.x; Swagger 2.0
/// reuses the parts that are the same).
extension SpecParser {
    /// `paths` keys must be path templates; `webhooks` keys are free names.
    func parsePaths(_ ref: SourceRef, keysArePaths: Bool = true) -> [Operation] {
        var operations: [Operation] = []
        for entry in pairs(ref, expecting: "a map of paths") ?? [] {
            if entry.key.hasPrefix("x-") { continue }
            if keysArePaths, !entry.key.hasPrefix("/") {
                error("path '\(entry.key)' must start with '/'", at: entry.value)
                continue
            }
            guard let item = followObject(entry.value), let fields = pairs(item, expecting: "a path item") else { continue }
            var shared: [Parameter] = []
            var methods: [(HTTPMethod, SourceRef)] = []
            var summary: String?
            var description: String?
            var servers: [Server] = []
            for field in fields {
                if let method = HTTPMethod(pathItemField: field.key) {
                    methods.append((method, field.value))
                } else if field.key == "additionalOperations" {
                    methods += additionalOperations(field.value)
                } else if field.key == "parameters" {
                    shared = parameters(field.value)
                } else if field.key == "summary" {
                    summary = documentation(field.value)
                } else if field.key == "description" {
                    description = documentation(field.value)
                } else if field.key == "servers" {
                    servers = (items(field.value, expecting: "a list of servers") ?? []).compactMap(parseServer)
                }
            }
            for (method, node) in methods {
                if var operation = parseOperation(method: method, path: entry.key, node, shared: shared) {
                    operation.summary = operation.summary ?? summary
                    operation.description = operation.description ?? description
                    // The operation's own servers win over its path's.
                    if operation.servers.isEmpty { operation.servers = servers }
                    operations.append(operation)
                }
            }
        }
        return operations
    }

    private func parseOperation(method: HTTPMethod, path: String, _ node: SourceRef, shared: [Parameter]) -> Operation? {
        // Some specs (DigitalOcean) keep each operation in a file of its own behind `$ref`.
        guard let ref = followObject(node), let fields = pairs(ref, expecting: "an operation") else { return nil }
        var operation = Operation(method: method, path: path, source: ref)
        var own: [Parameter] = []
        var swaggerConsumes: [String]?
        var swaggerProduces: [String]?
        var responsesNode: SourceRef?
        for field in fields {
            switch field.key {
            case "operationId": operation.operationId = text(field.value)
            case "summary": operation.summary = documentation(field.value)
            case "description": operation.description = documentation(field.value)
            case "tags": operation.tags = (items(field.value, expecting: "a list of tags") ?? []).compactMap { text($0) }
            case "deprecated": operation.deprecated = bool(field.value) ?? false
            case "parameters": own = parameters(field.value)
            case "requestBody": operation.requestBody = parseRequestBody(field.value)
            case "responses": responsesNode = field.value
            case "security": operation.security = securityRequirements(field.value)
            case "servers": operation.servers = (items(field.value, expecting: "a list of servers") ?? []).compactMap(parseServer)
            case "callbacks" where version != .swagger2: operation.callbacks = parseCallbacks(field.value)
            case "consumes": swaggerConsumes = (items(field.value, expecting: "a list of media types") ?? []).compactMap { text($0) }
            case "produces": swaggerProduces = (items(field.value, expecting: "a list of media types") ?? []).compactMap { text($0) }
            default:
                if field.key.hasPrefix("x-") {
                    operation.extensions[field.key] = value(field.value)
                }
            }
        }
        // Operation parameters override path-level ones with the same name and location.
        var merged = shared.filter { base in !own.contains { $0.name == base.name && $0.location == base.location } }
        merged += own
        if version == .swagger2 {
            let (parameters, body) = swaggerBody(merged, consumes: swaggerConsumes ?? swaggerDefaultConsumes, at: ref)
            merged = parameters
            operation.requestBody = body
        }
        operation.parameters = merged
        if let responsesNode {
            operation.responses = parseResponses(responsesNode, produces: swaggerProduces ?? swaggerDefaultProduces)
        } else {
            repair("an operation needs 'responses'; it is read as returning nothing", at: ref)
        }
        return operation
    }

    /// 3.2's `additionalOperations`: methods without a fixed field (`PURGE`, `LINK`), by name. A
    /// name that is not an HTTP token, or that a fixed field covers, is left out with a warning.
    private func additionalOperations(_ ref: SourceRef) -> [(HTTPMethod, SourceRef)] {
        let token = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return (pairs(ref, expecting: "a map of operations") ?? []).compactMap { entry in
            guard !entry.key.isEmpty, entry.key.allSatisfy(token.contains) else {
                warning("'\(entry.key)' is not an HTTP method name; the operation is left out", at: entry.value)
                return nil
            }
            guard HTTPMethod(pathItemField: entry.key.lowercased()) == nil else {
                warning("'\(entry.key)' has a field of its own in a path item; the operation is left out", at: entry.value)
                return nil
            }
            return (HTTPMethod(rawValue: entry.key), entry.value)
        }
    }

    /// `callbacks`: name → (URL expression → path item), a callback perhaps behind `$ref`
    /// (`#/components/callbacks/…`).
    private func parseCallbacks(_ ref: SourceRef) -> [Callback] {
        (pairs(ref, expecting: "a map of callbacks") ?? []).compactMap { entry in
            guard !entry.key.hasPrefix("x-"), let callback = followObject(entry.value) else { return nil }
            return Callback(name: entry.key, operations: parsePaths(callback, keysArePaths: false))
        }
    }

    func parameters(_ ref: SourceRef) -> [Parameter] {
        (items(ref, expecting: "a list of parameters") ?? []).compactMap(parseParameter)
    }

    func parseParameter(_ ref: SourceRef) -> Parameter? {
        guard let target = followObject(ref, ifMissing: "the parameter is left out"), let fields = pairs(target, expecting: "a parameter")
        else { return nil }
        let lookup = Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard let nameNode = lookup["name"], let name = text(nameNode) else {
            error("a parameter needs a 'name'", at: target)
            return nil
        }
        guard let locationNode = lookup["in"], let locationText = text(locationNode) else {
            error("parameter '\(name)' needs 'in' (path, query, header or cookie)", at: target)
            return nil
        }
        let location: Parameter.Location
        switch locationText {
        case "path", "query", "header", "cookie":
            location = Parameter.Location(rawValue: locationText)!
        case "querystring":
            return queryString(name: name, lookup: lookup, at: target)
        case "body" where version == .swagger2, "formData" where version == .swagger2:
            // Gathered into a request body by the Swagger converter.
            var parameter = Parameter(name: name, location: .query, required: false, source: target)
            parameter.swaggerBodyPart = locationText == "body" ? .body : .formData
            parameter.schema = locationText == "body" ? lookup["schema"].map { schema($0) } : schema(target)
            parameter.required = lookup["required"].flatMap(bool) ?? false
            parameter.description = lookup["description"].flatMap(documentation)
            return parameter
        default:
            error(
                "parameter '\(name)' has unknown location '\(locationText)'; expected path, query, querystring, header or cookie",
                at: locationNode)
            return nil
        }
        var parameter = Parameter(name: name, location: location, required: location == .path, source: target)
        for field in fields {
            read(field, into: &parameter)
        }
        if version == .swagger2, parameter.schema == nil {
            // Swagger 2.0 writes the type on the parameter itself.
            parameter.schema = schema(target)
            if lookup["collectionFormat"] == nil, lookup["type"].flatMap({ document($0).scalar($0.node) }) == "array" {
                parameter.explode = false
            }
        }
        if parameter.schema == nil {
            warning("parameter '\(name)' has no schema; it is sent as a string", at: target)
        }
        applyReferenceSiblings(of: ref, to: &parameter)
        return parameter
    }

    /// One field of a parameter object.
    private func read(_ field: (key: String, value: SourceRef), into parameter: inout Parameter) {
        let location = parameter.location
        switch field.key {
        case "required": parameter.required = bool(field.value) ?? parameter.required
        case "schema": parameter.schema = schema(field.value)
        case "style": parameter.style = style(field.value, location: location, name: parameter.name)
        case "explode": parameter.explode = bool(field.value)
        case "allowReserved": parameter.allowReserved = bool(field.value) ?? false
        case "description": parameter.description = documentation(field.value)
        case "deprecated": parameter.deprecated = bool(field.value) ?? false
        case "x-apigen-idempotency-key": parameter.marksIdempotencyKey = bool(field.value) ?? false
        case "content":
            if let media = mediaTypes(field.value).first {
                parameter.schema = media.schema
                parameter.contentType = media.name
            }
        case "collectionFormat" where version == .swagger2:
            switch text(field.value) {
            case "multi": (parameter.style, parameter.explode) = (.form, true)
            case "ssv" where location == .query: (parameter.style, parameter.explode) = (.spaceDelimited, false)
            case "pipes" where location == .query: (parameter.style, parameter.explode) = (.pipeDelimited, false)
            default: (parameter.style, parameter.explode) = (Parameter.Style.defaultStyle(in: location), false)
            }
        default: break
        }
    }

    /// `{$ref: Filter.yaml, required: true}`: the standard lets a reference's siblings change its
    /// description only, but the author's meaning is evident, so a `required` or `deprecated`
    /// beside it applies too, with a warning that other tools may ignore it.
    private func applyReferenceSiblings(of ref: SourceRef, to parameter: inout Parameter) {
        guard document(ref).value(ref.node, forKey: "$ref") != nil, let siblings = pairs(ref, expecting: "a parameter") else { return }
        for field in siblings {
            switch field.key {
            case "description": parameter.description = documentation(field.value)
            case "required", "deprecated":
                guard let flag = bool(field.value) else { continue }
                if field.key == "required" ? flag != parameter.required : flag != parameter.deprecated {
                    warning(
                        "'\(field.key): \(flag)' beside '$ref' is applied to parameter '\(parameter.name)', though the standard ignores it there",
                        at: field.value)
                }
                if field.key == "required" { parameter.required = flag } else { parameter.deprecated = flag }
            default: continue
            }
        }
    }

    /// 3.2's `in: querystring`: the whole query string, its `content` saying how. A form-encoded
    /// object is the same as an exploded `form` query parameter of that object (each property
    /// its own `key=value`), and is read as one; other content is left out with a warning.
    private func queryString(name: String, lookup: [String: SourceRef], at target: SourceRef) -> Parameter? {
        guard let media = lookup["content"].flatMap({ mediaTypes($0).first }),
            media.name.lowercased().hasPrefix("application/x-www-form-urlencoded")
        else {
            let message = "querystring parameter '\(name)' is supported only as application/x-www-form-urlencoded content; it is left out"
            warning(message, at: target)
            return nil
        }
        var parameter = Parameter(name: name, location: .query, required: lookup["required"].flatMap(bool) ?? false, source: target)
        parameter.schema = media.schema
        (parameter.style, parameter.explode) = (.form, true)
        parameter.description = lookup["description"].flatMap(documentation)
        return parameter
    }

    /// A parameter's `style`, when OpenAPI allows it in `location`; else a warning, and nil for
    /// the location's default.
    private func style(_ ref: SourceRef, location: Parameter.Location, name: String) -> Parameter.Style? {
        guard let written = text(ref) else { return nil }
        let allowed = Parameter.Style.allowed(in: location)
        guard let style = Parameter.Style(rawValue: written), allowed.contains(style) else {
            let fallback = Parameter.Style.defaultStyle(in: location).rawValue
            let list = allowed.map(\.rawValue).joined(separator: ", ")
            warning(
                "parameter '\(name)' has style '\(written)', which a \(location.rawValue) parameter cannot have (\(list)); '\(fallback)' is used",
                at: ref)
            return nil
        }
        return style
    }

    func parseRequestBody(_ ref: SourceRef) -> RequestBody? {
        guard let target = followObject(ref), let fields = pairs(target, expecting: "a request body") else { return nil }
        var body = RequestBody(description: nil, required: false, content: [], source: target)
        for field in fields {
            switch field.key {
            case "description": body.description = documentation(field.value)
            case "required": body.required = bool(field.value) ?? false
            case "content": body.content = mediaTypes(field.value)
            default: break
            }
        }
        return body
    }

    func mediaTypes(_ ref: SourceRef) -> [MediaType] {
        let map = followMap(ref, holding: "a map of media types")
        return (map.flatMap { pairs($0, expecting: "a map of media types") } ?? []).compactMap { entry in
            // 3.2 keeps media type objects in `#/components/mediaTypes` behind `$ref`.
            guard let target = followObject(entry.value), let fields = pairs(target, expecting: "a media type") else { return nil }
            var media = MediaType(name: entry.key, schema: nil)
            for field in fields {
                switch field.key {
                case "schema": media.schema = schema(field.value)
                case "itemSchema": media.itemSchema = schema(field.value)
                case "example": media.examples.append(value(field.value))
                case "examples":
                    for example in pairs(field.value, expecting: "a map of examples") ?? [] {
                        if let target = followObject(example.value), let exampleValue = document(target).value(target.node, forKey: "value")
                        {
                            media.examples.append(value(child(target, exampleValue)))
                        }
                    }
                case "encoding":
                    for encoding in pairs(field.value, expecting: "a map of encodings") ?? [] {
                        if let contentType = document(encoding.value).value(encoding.value.node, forKey: "contentType").flatMap({
                            document(encoding.value).scalar($0)
                        }) {
                            media.encodingContentTypes[encoding.key] = contentType
                        }
                    }
                default: break
                }
            }
            return media
        }
    }

    private func parseResponses(_ ref: SourceRef, produces: [String]) -> [Response] {
        (pairs(ref, expecting: "a map of responses") ?? []).compactMap { entry in
            if entry.key.hasPrefix("x-") { return nil }
            let status = entry.key.uppercased()
            let isStatus =
                status == "DEFAULT"
                || (status.count == 3 && status.first.map { "12345".contains($0) } == true
                    && status.dropFirst().allSatisfy { ("0"..."9").contains($0) || $0 == "X" })
            guard isStatus else {
                error("response key '\(entry.key)' is not a status code, a range like 2XX, or 'default'", at: entry.value)
                return nil
            }
            let code = status == "DEFAULT" ? "default" : status
            guard let target = followObject(entry.value, ifMissing: "the response is read as having no content") else {
                // A reference that fails for another reason is an error: no client is made.
                return Response(status: code, source: entry.value)
            }
            guard let fields = pairs(target, expecting: "a response") else { return nil }
            var response = Response(status: code, source: target)
            for field in fields {
                switch field.key {
                case "description": response.description = documentation(field.value)
                case "content": response.content = mediaTypes(field.value)
                case "schema" where version == .swagger2:
                    let schemaID = schema(field.value)
                    response.content = produces.map { MediaType(name: $0, schema: schemaID) }
                case "examples" where version == .swagger2:
                    for example in pairs(field.value, expecting: "a map of examples") ?? [] {
                        if let index = response.content.firstIndex(where: { $0.name == example.key }) {
                            response.content[index].examples.append(value(example.value))
                        }
                    }
                case "headers":
                    for header in pairs(field.value, expecting: "a map of headers") ?? [] {
                        guard let headerNode = followObject(header.value), let headerFields = pairs(headerNode, expecting: "a header")
                        else { continue }
                        let lookup = Dictionary(headerFields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
                        let schemaID = lookup["schema"].map { schema($0) } ?? (version == .swagger2 ? schema(headerNode) : nil)
                        response.headers.append(
                            Header(
                                name: header.key, description: lookup["description"].flatMap(documentation),
                                required: lookup["required"].flatMap(bool) ?? false, schema: schemaID))
                    }
                default: break
                }
            }
            return response
        }
    }
}
