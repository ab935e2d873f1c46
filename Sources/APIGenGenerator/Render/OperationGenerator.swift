/// One request builder: a static function that fills in a `Request` for an operation; one more,
/// of the same name, for each other media type its body may be sent as.
struct OperationGenerator {
    func render(_ operation: OperationDeclaration, into printer: inout Printer, context: RenderContext) {
        renderBuilder(operation, into: &printer, context: context)
        for alternative in operation.alternativeBodies {
            var variant = operation
            variant.body = alternative.body
            variant.documentation = alternative.documentation
            printer.blank()
            renderBuilder(variant, into: &printer, context: context)
        }
    }

    private func renderBuilder(_ operation: OperationDeclaration, into printer: inout Printer, context: RenderContext) {
        let access = context.access
        printer.documentation(operation.documentation)
        if let message = operation.deprecationMessage {
            printer.line("@available(*, deprecated, message: \(literal: message))")
        }
        let arguments = Self.parameterList(operation, context: context) { $0.name.code }
        let responseType = context.code(operation.response.type)
        let header: SourceText = "\(access)static func \(operation.name)("
        printer.listBlock(header, arguments, ") -> Request<\(responseType)>") { printer in
            let path = operation.pathSegments.map { segment -> String in
                switch segment {
                case .literal(let text): return SwiftLiteral.string(text).dropFirst().dropLast().description
                case .parameter(let name): return "\\(PathParameter.encode(\(name)))"
                }
            }.joined()
            let initializer: [SourceText] = [
                "method: \(Self.method(operation.method))", "path: \"\(path)\"", "operationID: \(literal: operation.operationID)",
                "response: \(responseBody(operation.response, context: context))",
            ]
            let configures =
                operation.parameters.contains { $0.location != .path || !$0.constraints.isEmpty } || !operation.fixedQuery.isEmpty
                || operation.body != nil
                || operation.response.accept != nil
                || operation.security != nil || operation.server != nil
            guard configures else {
                printer.list("Request<\(responseType)>(", initializer, ")")
                return
            }
            printer.list("var request = Request<\(responseType)>(", initializer, ")")
            for item in operation.fixedQuery {
                printer.line("request.addQuery(\(literal: item.name), \(literal: item.value))")
            }
            for parameter in operation.parameters {
                renderParameter(parameter, into: &printer)
                if !parameter.constraints.isEmpty {
                    let rules = ValidationGenerator.rules(parameter.constraints)
                    printer.list("request.check(", ["\(parameter.name)", rules, "parameter: \(literal: parameter.key)"], ")")
                }
            }
            if let body = operation.body {
                renderBody(body, into: &printer)
                if operation.validatesBody {
                    printer.line("request.validate(body: \(body.name))")
                }
            }
            if let accept = operation.response.accept {
                printer.line("request.accept = \(literal: accept)")
            }
            if let security = operation.security {
                renderSecurity(security, into: &printer)
            }
            if let server = operation.server {
                renderServer(server, into: &printer)
            }
            printer.line("return request")
        }
    }

    /// `request.security = [[Security.oauth.scoped(["read"])], …]`: each alternative's schemes.
    private func renderSecurity(_ security: [[SecurityUse]], into printer: inout Printer) {
        let alternatives = security.map { alternative in
            var text: SourceText = "["
            for (index, use) in alternative.enumerated() {
                text.append(index == 0 ? "Security.\(use.scheme)" : ", Security.\(use.scheme)")
                if !use.scopes.isEmpty {
                    text.append(".scoped([\(use.scopes.map(SwiftLiteral.string).joined(separator: ", "))])")
                }
            }
            text.append("]")
            return text
        }
        printer.list("request.security = [", alternatives, "]", trailingComma: true)
    }

    /// `request.server = APIServer(…)`: the operation's own server, its variables at their defaults.
    private func renderServer(_ server: ServerDeclaration, into printer: inout Printer) {
        var arguments: [SourceText] = ["template: \(literal: server.urlTemplate)"]
        if !server.variables.isEmpty {
            var variables: SourceText = "variables: ["
            for (index, variable) in server.variables.enumerated() {
                variables.append(index == 0 ? "" : ", ")
                variables.append("\(literal: variable.key): \(literal: variable.defaultValue)")
            }
            variables.append("]")
            arguments.append(variables)
        }
        printer.list("request.server = APIServer(", arguments, ")")
    }

    /// The parameters of a builder or of a view model's `submit`: every operation parameter
    /// (`name` gives its local name) and the body last.
    static func parameterList(
        _ operation: OperationDeclaration, context: RenderContext, name: (OperationParameter) -> String
    ) -> [SourceText] {
        var arguments = operation.parameters.map { SourceText(declaration(of: $0, named: name($0), context: context)) }
        if let body = operation.body {
            let type = context.code(body.type)
            arguments.append(body.type.isOptional ? "\(body.name): \(type) = nil" : "\(body.name): \(type)")
        }
        return arguments
    }

    /// `limit: Int32? = nil`, `page: Int = 1`, `petID: Int64`: a parameter as declared in a
    /// builder, view model initializer or `submit` (`name` may differ from the builder's label).
    static func declaration(of parameter: OperationParameter, named name: String, context: RenderContext) -> String {
        let type = context.code(parameter.type)
        if let value = parameter.defaultValue {
            return "\(name): \(type) = \(SwiftLiteral.code(for: value))"
        }
        return parameter.type.isOptional ? "\(name): \(type) = nil" : "\(name): \(type)"
    }

    private func renderParameter(_ parameter: OperationParameter, into printer: inout Printer) {
        let key: SourceText = "\(literal: parameter.key)"
        let name: SourceText = "\(parameter.name)"
        switch parameter.location {
        case .path:
            break
        case .query:
            var options: [SourceText] = []
            switch parameter.style {
            case .form: break
            case .spaceDelimited: options.append("style: .spaceDelimited")
            case .pipeDelimited: options.append("style: .pipeDelimited")
            case .deepObject: options.append("style: .deepObject")
            }
            if !parameter.explode { options.append("explode: false") }
            if parameter.allowReserved { options.append("allowReserved: true") }
            printer.list("request.addQuery(", [key, name] + options, ")")
        case .header where parameter.isIdempotencyKey:
            printer.list("request.addIdempotencyKey(", [key, name], ")")
        case .header:
            printer.list("request.addHeader(", [key, name] + (parameter.explode ? ["explode: true"] : []), ")")
        case .cookie:
            printer.list("request.addCookie(", [key, name] + (parameter.explode ? [] : ["explode: false"]), ")")
        }
    }

    private func renderBody(_ body: OperationBody, into printer: inout Printer) {
        // An optional body is sent only when given.
        let value: SourceText = body.type.isOptional ? "givenBody" : "\(body.name)"
        var calls: [Printer.Call] = []
        var readsBody = true
        switch body.encoding {
        case .json(let contentType):
            let type: [SourceText] = contentType == "application/json" ? [] : ["contentType: \(literal: contentType)"]
            calls.append(Printer.Call("request.body = .json(", [value] + type, ")"))
        case .form(let fields) where fields.isEmpty:
            // A form of no declared fields (`type: object` alone) is sent empty.
            calls.append(Printer.Call("request.body = .form(FormBody())"))
            readsBody = false
        case .multipart(let fields) where fields.isEmpty:
            calls.append(Printer.Call("request.body = .multipart(MultipartBody())"))
            readsBody = false
        case .form(let fields):
            calls.append(Printer.Call("var formFields = FormBody()"))
            calls += fields.map { Printer.Call("formFields.append(", ["\(literal: $0.key)", "\(value).\($0.property)"], ")") }
            calls.append(Printer.Call("request.body = .form(formFields)"))
        case .multipart(let fields):
            calls.append(Printer.Call("var formFields = MultipartBody()"))
            for field in fields {
                let arguments: [SourceText] = ["\(literal: field.key)", "\(value).\(field.property)"]
                switch field.kind {
                case .text:
                    calls.append(Printer.Call("formFields.append(", arguments, ")"))
                case .file(let contentType):
                    calls.append(Printer.Call("formFields.appendFile(", arguments + ["contentType: \(literal: contentType)"], ")"))
                case .json:
                    calls.append(Printer.Call("formFields.appendJSON(", arguments, ")"))
                }
            }
            calls.append(Printer.Call("request.body = .multipart(formFields)"))
        case .multipartMembers:
            calls.append(Printer.Call("var formFields = MultipartBody()"))
            calls.append(Printer.Call("formFields.appendMembers(of: \(value))"))
            calls.append(Printer.Call("request.body = .multipart(formFields)"))
        case .formMembers:
            calls.append(Printer.Call("var formFields = FormBody()"))
            calls.append(Printer.Call("formFields.appendMembers(of: \(value))"))
            calls.append(Printer.Call("request.body = .form(formFields)"))
        case .jsonLines(let contentType):
            calls.append(Printer.Call("request.body = .jsonLines(", [value, "contentType: \(literal: contentType)"], ")"))
        case .data(let contentType):
            calls.append(Printer.Call("request.body = .data(", [value, "contentType: \(literal: contentType)"], ")"))
        case .text(let contentType):
            calls.append(Printer.Call("request.body = .text(", [value, "contentType: \(literal: contentType)"], ")"))
        }
        if body.type.isOptional {
            // Bound only where a field is read from it.
            let binding: SourceText = readsBody ? "let givenBody = \(body.name)" : "\(body.name) != nil"
            printer.block("if \(binding)") { printer in
                for call in calls { printer.call(call) }
            }
        } else {
            for call in calls { printer.call(call) }
        }
    }

    private func responseBody(_ response: OperationResponse, context: RenderContext) -> String {
        switch response.decoding {
        case .json: return ".json"
        case .empty: return ".empty"
        case .data: return ".data"
        case .text: return ".text"
        case .optionalJSON:
            let type = context.code(response.type.unwrapped)
            return "ResponseBody { _, body, decoder in body.isEmpty ? nil : try decoder.decode(\(type).self, from: body) }"
        case .byStatus(let enumName, _):
            return "\(enumName).decode"
        case .stream(.events(let payload)):
            return ".serverSentEvents(of: \(context.code(payload)).self)"
        case .stream(.eventObjects(let type)):
            return ".serverSentEventObjects(of: \(context.code(type)).self)"
        case .stream(.jsonLines(let type)):
            return ".jsonLines(of: \(context.code(type)).self)"
        case .stream(.jsonSequence(let type)):
            return ".jsonSequence(of: \(context.code(type)).self)"
        }
    }

    /// The runtime's constant for a method it names (`.get`, `.query`); any other method the
    /// spec adds (`PURGE`), spelled out as a string literal.
    static func method(_ method: RequestMethod) -> SourceText {
        if case .other(let name) = method {
            return "HTTPMethod(rawValue: \(literal: name))"
        }
        return ".\(method.name.lowercased())"
    }
}
