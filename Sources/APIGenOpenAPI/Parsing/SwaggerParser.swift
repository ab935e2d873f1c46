import APIGenYAML

/// Swagger 2.0, up-converted while parsing into the same form as OpenAPI 3:
/// `definitions` become component schemas, body and formData parameters a request body,
/// `produces`/`consumes` media types, and host/basePath/schemes a server.
extension SpecParser {
    func parseSwagger(_ lookup: [String: SourceRef], root: SourceRef) -> OpenAPIDocument? {
        guard let info = parseInfo(lookup["info"], root: root) else { return nil }
        var result = OpenAPIDocument(version: .swagger2, info: info)
        if let consumes = lookup["consumes"] {
            swaggerDefaultConsumes = (items(consumes, expecting: "a list of media types") ?? []).compactMap { text($0) }
        }
        if let produces = lookup["produces"] {
            swaggerDefaultProduces = (items(produces, expecting: "a list of media types") ?? []).compactMap { text($0) }
        }
        if let definitions = lookup["definitions"] {
            for entry in pairs(definitions, expecting: "a map of definitions") ?? [] {
                let id = schema(entry.value)
                schemas.components.append((entry.key, id))
                componentNames[id] = entry.key
            }
        }
        if let definitions = lookup["securityDefinitions"] {
            for entry in pairs(definitions, expecting: "a map of security definitions") ?? [] {
                if let scheme = parseSecurityScheme(name: entry.key, entry.value) {
                    result.securitySchemes.append(scheme)
                }
            }
        }
        result.servers = swaggerServers(lookup)
        if let security = lookup["security"] {
            result.security = securityRequirements(security)
        }
        if let tags = lookup["tags"] {
            result.tags = parseTags(tags)
        }
        if let paths = lookup["paths"] {
            result.operations = parsePaths(paths)
        } else {
            repair("missing 'paths'; the document is read as having no operations", at: root)
        }
        return result
    }

    private func swaggerServers(_ lookup: [String: SourceRef]) -> [Server] {
        let host = lookup["host"].flatMap { text($0) }
        let basePath = lookup["basePath"].flatMap { text($0) } ?? ""
        let schemes = lookup["schemes"].flatMap { items($0, expecting: "a list of schemes") }?.compactMap { text($0) } ?? []
        guard let host else {
            return basePath.isEmpty ? [] : [Server(url: basePath)]
        }
        let preferred = schemes.contains("https") || schemes.isEmpty ? "https" : schemes[0]
        return [Server(url: "\(preferred)://\(host)\(basePath)")]
    }

    /// Splits body and formData parameters (marked by the parameter parser)
    /// out of the list and turns them into a request body.
    func swaggerBody(_ parameters: [Parameter], consumes: [String], at operation: SourceRef) -> ([Parameter], RequestBody?) {
        let kept = parameters.filter { $0.swaggerBodyPart == nil }
        if let body = parameters.first(where: { $0.swaggerBodyPart == .body }) {
            let media = (consumes.isEmpty ? ["application/json"] : consumes).map { MediaType(name: $0, schema: body.schema) }
            return (kept, RequestBody(description: body.description, required: body.required, content: media, source: body.source))
        }
        let fields = parameters.filter { $0.swaggerBodyPart == .formData }
        guard let first = fields.first else { return (kept, nil) }
        let object = newSchema(source: operation)
        schemas[object].types = [.object]
        schemas[object].properties = fields.compactMap { field in field.schema.map { Schema.Property(name: field.name, schema: $0) } }
        schemas[object].required = fields.filter(\.required).map(\.name)
        let files = fields.filter(isFileParameter)
        for field in files {
            if let id = field.schema { schemas[id].format = "binary" }
        }
        let formTypes = consumes.filter { $0.hasPrefix("multipart/form-data") || $0.hasPrefix("application/x-www-form-urlencoded") }
        let mediaNames = formTypes.isEmpty ? [!files.isEmpty ? "multipart/form-data" : "application/x-www-form-urlencoded"] : formTypes
        let body = RequestBody(
            description: nil, required: fields.contains(where: \.required), content: mediaNames.map { MediaType(name: $0, schema: object) },
            source: first.source)
        return (kept, body)
    }

    /// `type: file`, which the schema parser has already mapped to a string.
    private func isFileParameter(_ field: Parameter) -> Bool {
        guard let id = field.schema else { return false }
        let source = schemas[id].source
        let doc = document(source)
        return doc.value(source.node, forKey: "type").flatMap { doc.scalar($0) } == "file"
    }
}
