import APIGenYAML
import Foundation

/// The document level of OpenAPI 3.0/3.1: info, servers, paths, components, security.
extension SpecParser {
    /// The document model; its schema table is filled in by `resolvePendingSchemaReferences()`.
    func parseDocument(root: SourceRef) -> OpenAPIDocument? {
        guard let entries = pairs(root, expecting: "an OpenAPI document") else { return nil }
        let lookup = Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        if let swagger = lookup["swagger"] {
            guard text(swagger) == "2.0" else {
                error("unsupported Swagger version '\(document(swagger).scalar(swagger.node) ?? "")'; expected 2.0", at: swagger)
                return nil
            }
            version = .swagger2
            return parseSwagger(lookup, root: root)
        }
        guard let versionNode = lookup["openapi"] else {
            error("missing 'openapi' version (or 'swagger: \"2.0\"')", at: root)
            return nil
        }
        guard let versionText = text(versionNode, expecting: "a version string") else { return nil }
        let parts = versionText.split(separator: ".")
        switch (parts.first, parts.dropFirst().first) {
        case ("3", "0"): version = .openAPI30
        case ("3", "1"): version = .openAPI31
        case ("3", "2"): version = .openAPI32
        default:
            error("unsupported OpenAPI version '\(versionText)'; expected 3.0.x, 3.1.x or 3.2.x", at: versionNode)
            return nil
        }
        guard let info = parseInfo(lookup["info"], root: root) else { return nil }
        var result = OpenAPIDocument(version: version, info: info)
        if let components = lookup["components"] {
            parseComponents(components, into: &result)
        }
        if let servers = lookup["servers"] {
            result.servers = (items(servers, expecting: "a list of servers") ?? []).compactMap(parseServer)
        }
        if let security = lookup["security"] {
            result.security = securityRequirements(security)
        }
        if let tags = lookup["tags"] {
            result.tags = parseTags(tags)
        }
        if let paths = lookup["paths"] {
            result.operations = parsePaths(paths)
        } else if version == .openAPI30 {
            repair("missing 'paths'; the document is read as having no operations", at: root)
        }
        if let webhooks = lookup["webhooks"] {
            result.webhooks = parsePaths(webhooks, keysArePaths: false)
        }
        return result
    }

    func parseInfo(_ ref: SourceRef?, root: SourceRef) -> Info? {
        guard let ref else {
            // The title names the module; the file's name stands in for it.
            let path = files.documents[root.file].path
            let title = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            repair("missing 'info'; the title is taken from the file name, '\(title)'", at: root)
            return Info(title: title, version: "")
        }
        guard let entries = pairs(ref, expecting: "an info object") else { return nil }
        var info = Info(title: "", version: "")
        var sawTitle = false
        for entry in entries {
            switch entry.key {
            case "title":
                info.title = text(entry.value) ?? ""
                sawTitle = true
            case "version": info.version = text(entry.value) ?? ""
            case "summary": info.summary = documentation(entry.value)
            case "description": info.description = documentation(entry.value)
            default: break
            }
        }
        if !sawTitle {
            error("missing 'title' in 'info'", at: ref)
        }
        return info
    }

    private func parseComponents(_ ref: SourceRef, into result: inout OpenAPIDocument) {
        for section in pairs(ref, expecting: "components") ?? [] {
            // Every section is a map of names; none may be a `$ref`, but some specs make one so.
            guard !section.key.hasPrefix("x-"), let map = followMap(section.value, holding: "a map of \(section.key)") else { continue }
            switch section.key {
            case "schemas":
                for entry in pairs(map, expecting: "a map of schemas") ?? [] {
                    let id = schema(entry.value)
                    schemas.components.append((entry.key, id))
                    componentNames[id] = entry.key
                }
            case "securitySchemes":
                for entry in pairs(map, expecting: "a map of security schemes") ?? [] {
                    if let scheme = parseSecurityScheme(name: entry.key, entry.value) {
                        result.securitySchemes.append(scheme)
                    }
                }
            default:
                // Parameters, responses, bodies and headers are parsed where they are used.
                break
            }
        }
    }

    func parseServer(_ ref: SourceRef) -> Server? {
        guard let entries = pairs(ref, expecting: "a server") else { return nil }
        var server = Server(url: "")
        for entry in entries {
            switch entry.key {
            case "url": server.url = text(entry.value) ?? ""
            case "description": server.description = documentation(entry.value)
            case "variables":
                for variable in pairs(entry.value, expecting: "server variables") ?? [] {
                    guard let fields = pairs(variable.value, expecting: "a server variable") else { continue }
                    var parsed = Server.Variable(name: variable.key, defaultValue: "", enumValues: [], description: nil)
                    for field in fields {
                        switch field.key {
                        case "default": parsed.defaultValue = text(field.value) ?? ""
                        case "enum": parsed.enumValues = (items(field.value, expecting: "a list of values") ?? []).compactMap { text($0) }
                        case "description": parsed.description = documentation(field.value)
                        default: break
                        }
                    }
                    server.variables.append(parsed)
                }
            default: break
            }
        }
        return server
    }

    func parseTags(_ ref: SourceRef) -> [Tag] {
        (items(ref, expecting: "a list of tags") ?? []).compactMap { item in
            guard let fields = pairs(item, expecting: "a tag") else { return nil }
            var tag = Tag(name: "", description: nil)
            for field in fields {
                if field.key == "name" { tag.name = text(field.value) ?? "" }
                if field.key == "description" { tag.description = documentation(field.value) }
            }
            return tag
        }
    }

    func securityRequirements(_ ref: SourceRef) -> [SecurityRequirement] {
        (items(ref, expecting: "a list of security requirements") ?? []).compactMap { item in
            guard let schemes = pairs(item, expecting: "a security requirement") else { return nil }
            return SecurityRequirement(schemes: schemes.map { ($0.key, scopes($0.value)) })
        }
    }

    /// A requirement's scopes; a scalar in their place (`oauth2: null`) stands for none.
    private func scopes(_ ref: SourceRef) -> [String] {
        if document(ref).kind(ref.node) == .scalar {
            repair("expected a list of scopes (a sequence), found a scalar; it is read as no scopes", at: ref)
            return []
        }
        return (items(ref, expecting: "a list of scopes") ?? []).compactMap { text($0) }
    }

    func parseSecurityScheme(name: String, _ ref: SourceRef) -> SecurityScheme? {
        guard let target = followObject(ref), let fields = pairs(target, expecting: "a security scheme") else { return nil }
        let lookup = Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let description = lookup["description"].flatMap(documentation)
        guard let typeNode = lookup["type"], let type = text(typeNode) else {
            error("a security scheme needs a 'type'", at: target)
            return nil
        }
        let kind: SecurityScheme.Kind
        switch type {
        case "http":
            kind = .http(
                scheme: (lookup["scheme"].flatMap { text($0) } ?? "bearer").lowercased(),
                bearerFormat: lookup["bearerFormat"].flatMap(documentation))
        case "basic":
            kind = .http(scheme: "basic", bearerFormat: nil)
        case "apiKey":
            let location = lookup["in"].flatMap { text($0) }.flatMap(Parameter.Location.init(rawValue:))
            guard let keyName = lookup["name"].flatMap({ text($0) }), let location, location != .path else {
                error("an apiKey security scheme needs 'name' and 'in' (query, header or cookie)", at: target)
                return nil
            }
            kind = .apiKey(name: keyName, location: location)
        case "oauth2": kind = .oauth2
        case "openIdConnect": kind = .openIdConnect
        case "mutualTLS": kind = .mutualTLS
        default:
            error("unknown security scheme type '\(type)'", at: typeNode)
            return nil
        }
        return SecurityScheme(name: name, kind: kind, description: description, source: target)
    }
}
