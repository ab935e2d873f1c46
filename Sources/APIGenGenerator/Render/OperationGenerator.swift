/// One request builder: a static function that fills in a `Request` for an operation.
struct OperationGenerator {
    func render(_ operation: OperationDeclaration, into printer: inout Printer, context: RenderContext) {
        let access = context.access
        printer.documentation(operation.documentation)
        if let message = operation.deprecationMessage {
            printer.line("@available(*, deprecated, message: \(literal: message))")
        }
        var arguments = operation.parameters.map { Self.declaration(of: $0, named: $0.name, context: context) }
        if let body = operation.body {
            arguments.append(
                body.type.isOptional ? "\(body.name): \(context.code(body.type)) = nil" : "\(body.name): \(context.code(body.type))")
        }
        let responseType = context.code(operation.response.type)
        printer.block(
            "\(access)static func \(SwiftName.escaped(operation.name))(\(arguments.joined(separator: ", "))) -> Request<\(responseType)>"
        ) { printer in
            let path = operation.pathSegments.map { segment -> String in
                switch segment {
                case .literal(let text): return SwiftLiteral.string(text).dropFirst().dropLast().description
                case .parameter(let name): return "\\(PathParameter.encode(\(name)))"
                }
            }.joined()
            let method = "." + operation.method.lowercased()
            let initializer =
                "Request<\(responseType)>(method: \(method), path: \"\(path)\", operationID: \(SwiftLiteral.string(operation.operationID)), response: \(responseBody(operation.response, context: context)))"
            var statements = Printer()
            for parameter in operation.parameters {
                renderParameter(parameter, into: &statements)
            }
            if let body = operation.body {
                renderBody(body, into: &statements)
            }
            if let accept = operation.response.accept {
                statements.line("request.accept = \(literal: accept)")
            }
            if let security = operation.security {
                let alternatives = security.map { "[" + $0.map { "Security.\($0)" }.joined(separator: ", ") + "]" }
                statements.line("request.security = [\(alternatives.joined(separator: ", "))]")
            }
            guard !statements.text.isEmpty else {
                printer.line(SourceText(initializer))
                return
            }
            printer.line("var request = \(initializer)")
            for line in statements.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                printer.line("\(line)")
            }
            printer.line("return request")
        }
    }

    /// `limit: Int32? = nil`, `page: Int = 1`, `petId: Int64`: a parameter as declared in a
    /// builder, view model initializer or `submit` (`name` may differ from the builder's label).
    static func declaration(of parameter: OperationParameter, named name: String, context: RenderContext) -> String {
        let type = context.code(parameter.type)
        if let value = parameter.defaultValue {
            return "\(name): \(type) = \(value)"
        }
        return parameter.type.isOptional ? "\(name): \(type) = nil" : "\(name): \(type)"
    }

    private func renderParameter(_ parameter: OperationParameter, into printer: inout Printer) {
        let key = SwiftLiteral.string(parameter.key)
        switch parameter.location {
        case .path:
            break
        case .query:
            var options: [String] = []
            if parameter.style != "form" { options.append("style: .\(parameter.style)") }
            if !parameter.explode { options.append("explode: false") }
            if parameter.allowReserved { options.append("allowReserved: true") }
            printer.line("request.addQuery(\(([key, parameter.name] + options).joined(separator: ", ")))")
        case .header:
            printer.line("request.addHeader(\(key), \(parameter.name)\(parameter.explode ? ", explode: true" : ""))")
        case .cookie:
            printer.line("request.addCookie(\(key), \(parameter.name)\(parameter.explode ? "" : ", explode: false"))")
        }
    }

    private func renderBody(_ body: OperationBody, into printer: inout Printer) {
        // An optional body is sent only when given.
        let value = body.type.isOptional ? "value" : body.name
        var lines: [String] = []
        switch body.encoding {
        case .json(let contentType):
            lines.append(
                contentType == "application/json"
                    ? "request.body = .json(\(value))" : "request.body = .json(\(value), contentType: \(SwiftLiteral.string(contentType)))")
        case .form(let fields):
            lines.append("var form = FormBody()")
            lines += fields.map { "form.append(\(SwiftLiteral.string($0.key)), \(value).\($0.property))" }
            lines.append("request.body = .form(form)")
        case .multipart(let fields):
            lines.append("var form = MultipartBody()")
            for field in fields {
                switch field.kind {
                case .text:
                    lines.append("form.append(\(SwiftLiteral.string(field.key)), \(value).\(field.property))")
                case .file(let contentType):
                    lines.append(
                        "form.appendFile(\(SwiftLiteral.string(field.key)), \(value).\(field.property), contentType: \(SwiftLiteral.string(contentType)))"
                    )
                case .json:
                    lines.append("form.appendJSON(\(SwiftLiteral.string(field.key)), \(value).\(field.property))")
                }
            }
            lines.append("request.body = .multipart(form)")
        case .data(let contentType):
            lines.append("request.body = .data(\(value), contentType: \(SwiftLiteral.string(contentType)))")
        case .text(let contentType):
            lines.append("request.body = .text(\(value), contentType: \(SwiftLiteral.string(contentType)))")
        }
        if body.type.isOptional {
            printer.block("if let value = \(body.name)") { printer in
                lines.forEach { printer.line(SourceText($0)) }
            }
        } else {
            lines.forEach { printer.line(SourceText($0)) }
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
        }
    }
}

/// The enum of an operation whose 2xx responses carry different bodies, with its decoder.
struct StatusEnumGenerator {
    func render(_ name: String, cases: [StatusCase], operationID: String, into printer: inout Printer, context: RenderContext) {
        let access = context.access
        printer.line("/// The successful responses of `\(operationID)`, by status.")
        printer.block("\(access)nonisolated enum \(name): Sendable") { printer in
            for item in cases {
                if let type = item.type {
                    printer.line("case \(item.name)(\(type, in: context))")
                } else {
                    printer.line("case \(item.name)")
                }
            }
            printer.blank()
            printer.line("/// Picks the case by status; an undocumented 2xx is read as the first documented one.")
            printer.block("static let decode = ResponseBody<\(name)>") { printer in
                printer.line("response, body, decoder in")
                printer.switchBlock("response.status") { printer in
                    for item in cases where item.status != nil {
                        printer.line("case \(item.status!): return \(decodeExpression(item, context: context))")
                    }
                    printer.line("default: return \(decodeExpression(cases[0], context: context))")
                }
            }
        }
    }

    private func decodeExpression(_ item: StatusCase, context: RenderContext) -> String {
        guard let type = item.type else { return ".\(item.name)" }
        switch item.decoding {
        case .data: return ".\(item.name)(body)"
        case .text: return ".\(item.name)(String(decoding: body, as: UTF8.self))"
        default: return ".\(item.name)(try decoder.decode(\(context.code(type)).self, from: body))"
        }
    }
}
