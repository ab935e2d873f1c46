/// `@MainActor` observable view models: subclasses of the runtime's `QueryViewModel`,
/// `PagedViewModel` and `SubmissionViewModel`, which hold the state and the loading methods.
/// A generated class adds the operation's parameters as properties and says how they make
/// the request, so the shared part is compiled once, in the runtime, not once per operation.
///
/// Observation of the parameters is written out (the base's registrar, `access` in the getter,
/// `withMutation` in the setter: what `@Observable` expands to) instead of using the macro,
/// whose expansion per class was two thirds of the view models' compile time on a large spec;
/// what SwiftUI and `withObservationTracking` see is the same.
struct ViewModelGenerator {
    let namespace: String

    func render(_ model: ViewModelDeclaration, into printer: inout Printer, context: RenderContext) {
        let access = context.access
        let operation = model.operation
        let response = context.code(operation.response.type)
        printer.documentation(documentation(for: model))
        if let message = operation.deprecationMessage {
            printer.line("@available(*, deprecated, message: \(literal: message))")
        }
        let base: String
        switch model.kind {
        case .query: base = "QueryViewModel<\(response)>"
        case .paged(let paging): base = "PagedViewModel<\(Self.page(paging, response)), \(context.code(paging.itemType))>"
        case .submission: base = "SubmissionViewModel<\(response)>"
        case .stream(let element): base = "StreamViewModel<\(context.code(element))>"
        }
        printer.line("@MainActor")
        printer.block("\(access)final class \(model.name): \(base)") { printer in
            let stored = storedParameters(model)
            let names = model.parameterNames
            let (local, storage) = (names.property, names.storage)
            for parameter in stored {
                let name = local[parameter.name]!
                printer.documentation(parameter.documentation)
                printer.block("\(access)var \(name): \(parameter.type, in: context)") { printer in
                    printer.block("get") { printer in
                        printer.line("observationRegistrar.access(self, keyPath: \\.\(name))")
                        printer.line("return \(storage[parameter.name]!)")
                    }
                    printer.line(
                        "set { observationRegistrar.withMutation(of: self, keyPath: \\.\(name)) { \(storage[parameter.name]!) = newValue } }"
                    )
                }
            }
            for parameter in stored {
                printer.line("private var \(storage[parameter.name]!): \(parameter.type, in: context)")
            }
            switch model.kind {
            case .query:
                if !stored.isEmpty {
                    printer.blank()
                    renderInitializer(model, stored: stored, names: names, into: &printer, context: context)
                }
                printer.blank()
                printer.block("override \(access)func makeRequest() -> Request<\(response)>") { printer in
                    printer.call(call(operation, local: local))
                }
                renderOptimisticWrites(model, into: &printer, context: context)
            case .paged(let paging):
                if !stored.isEmpty { printer.blank() }
                renderInitializer(model, stored: stored, names: names, into: &printer, context: context)
                printer.blank()
                renderPageRequests(
                    paging: paging, stored: stored, names: names, operation: operation, response: response, into: &printer, access: access)
                renderOptimisticWrites(model, into: &printer, context: context)
            case .submission, .stream:
                renderSendMethod(model, names: names, into: &printer, context: context)
            }
        }
    }

    private func renderOptimisticWrites(_ model: ViewModelDeclaration, into printer: inout Printer, context: RenderContext) {
        guard !model.optimisticWrites.isEmpty else { return }
        OptimisticWriteGenerator(namespace: namespace).render(model.optimisticWrites, into: &printer, context: context)
    }

    /// Reads keep their parameters as properties a screen can bind to; a paged read leaves
    /// out the page parameter, which the pager drives.
    private func storedParameters(_ model: ViewModelDeclaration) -> [OperationParameter] {
        switch model.kind {
        case .query: return model.operation.parameters
        case .paged(let paging):
            guard let walking = paging.parameter else { return model.operation.parameters }
            return model.operation.parameters.filter { $0.key != walking.key || $0.location != .query }
        case .submission, .stream: return []
        }
    }

    private func renderInitializer(
        _ model: ViewModelDeclaration, stored: [OperationParameter], names: Names, into printer: inout Printer, context: RenderContext
    ) {
        let (local, storage) = (names.property, names.storage)
        let arguments =
            ["client: APIClient"]
            + stored.map { SourceText(OperationGenerator.declaration(of: $0, named: local[$0.name]!, context: context)) }
        printer.listBlock("\(context.access)init(", arguments, ")") { printer in
            for parameter in stored {
                printer.line("self.\(storage[parameter.name]!) = \(local[parameter.name]!)")
            }
            guard case .paged(let paging) = model.kind else {
                printer.line("super.init(client: client)")
                return
            }
            printer.line("super.init(")
            printer.indented { printer in
                printer.line("client: client,")
                let page = Self.page(paging, context.code(model.operation.response.type))
                PagedQueryGenerator(limit: paging.limit.map { local[$0.name]! }, pageType: page).render(paging, into: &printer)
            }
            printer.line(")")
        }
    }

    private typealias Names = ViewModelDeclaration.ParameterNames

    /// `API.listPets(limit: limit)`: the builder called with the model's values.
    private func call(_ operation: OperationDeclaration, local: [Identifier: String], prefix: String = "") -> Printer.Call {
        var arguments = operation.parameters.map { SourceText("\($0.name.argumentLabel): \(local[$0.name]!)") }
        if let body = operation.body {
            arguments.append("\(body.name.argumentLabel): \(body.name)")
        }
        // After a dot a reserved word needs no backticks: `API.class(…)`.
        return Printer.Call("\(prefix)\(namespace).\(operation.name.plain)(", arguments, ")")
    }

    /// The page's request with the parameters read now: the closure runs off the main actor.
    private func renderPageRequests(
        paging: ViewModelDeclaration.Paging, stored: [OperationParameter], names: Names, operation: OperationDeclaration, response: String,
        into printer: inout Printer, access: String
    ) {
        printer.block("override \(access)func makePageRequests() -> @Sendable (PageRequest) -> Request<\(Self.page(paging, response))>") {
            printer in
            let local = names.property
            for parameter in stored {
                printer.line("let \(local[parameter.name]!) = \(local[parameter.name]!)")
            }
            guard let parameter = paging.parameter else {
                renderLinkRequests(operation, local: local, into: &printer)
                return
            }
            let name = local[parameter.name] ?? parameter.name.code
            let initial: String
            let assignment: String
            switch paging.style {
            case .page, .offset:
                let unwrapped = parameter.type.unwrapped
                let converted = unwrapped == .int ? "number" : "\(unwrapped.code)(number)"
                initial =
                    parameter.type.isOptional
                    ? "nil" : (parameter.defaultValue.map(SwiftLiteral.code(for:)) ?? (paging.style == .page ? "1" : "0"))
                assignment = "if case .\(paging.style == .page ? "page" : "offset")(let number) = request { \(name) = \(converted) }"
            case .cursor where parameter.type.unwrapped == .scalar(.date):
                // A date-time cursor travels as its text.
                initial = "nil"
                assignment = "if case .cursor(let token) = request, let date = APIJSON.parseDateTime(token) { \(name) = date }"
            case .cursor, .link:
                initial = parameter.type.isOptional ? "nil" : (parameter.defaultValue.map(SwiftLiteral.code(for:)) ?? "\"\"")
                assignment = "if case .cursor(let token) = request, !token.isEmpty { \(name) = token }"
            }
            printer.line("return { request in")
            printer.indented { printer in
                printer.line("var \(name): \(parameter.type.code) = \(initial)")
                printer.line(SourceText(assignment))
                var request = call(operation, local: local, prefix: "return ")
                if paging.isLinked { request.close.append(".followingLinks()") }
                printer.call(request)
            }
            printer.line("}")
        }
    }

    /// Pages walked by the `Link` header alone: the first request as the model's values make it,
    /// each next one the same with the link's query (`PageRequest.cursor` holds the link).
    private func renderLinkRequests(_ operation: OperationDeclaration, local: [Identifier: String], into printer: inout Printer) {
        printer.line("return { request in")
        printer.indented { printer in
            var first = call(operation, local: local, prefix: "let first = ")
            first.close.append(".followingLinks()")
            printer.call(first)
            printer.line("guard case .cursor(let link) = request, let url = URL(string: link) else { return first }")
            printer.line("return first.following(url)")
        }
        printer.line("}")
    }

    /// What one page is: the response, or the response with its `Link` header.
    private static func page(_ paging: ViewModelDeclaration.Paging, _ response: String) -> String {
        paging.isLinked ? "LinkedPage<\(response)>" : response
    }

    /// `submit(…)` or `start(…)`: the operation's parameters, passed to the base's method of
    /// the same name with the request they make.
    private func renderSendMethod(
        _ model: ViewModelDeclaration, names: Names, into printer: inout Printer, context: RenderContext
    ) {
        let operation = model.operation
        let local = names.property
        let arguments = OperationGenerator.parameterList(operation, context: context) { local[$0.name]! }
        let method: String
        let result: String
        if case .stream = model.kind {
            (method, result) = ("start", "")
            printer.line("/// Streams the response until it ends, fails or the calling task is cancelled.")
        } else {
            (method, result) = ("submit", " -> Bool")
            printer.line("/// Sends the request; returns whether it succeeded. Ignored while a submit is in flight.")
            printer.line("@discardableResult")
        }
        printer.listBlock("\(context.access)func \(method)(", arguments, ") async\(result)") { printer in
            var request = call(operation, local: local, prefix: "await \(method)(")
            request.close.append(")")
            printer.call(request)
        }
    }

    private func documentation(for model: ViewModelDeclaration) -> Documentation {
        let operation = model.operation
        let summary = operation.documentation.firstLine ?? operation.name.plain
        switch model.kind {
        case .query:
            return Documentation(["The state of `\(namespace).\(operation.name.plain)` for a screen: \(summary)"])
        case .paged:
            return Documentation(["The pages of `\(namespace).\(operation.name.plain)` for a list screen: \(summary)"])
        case .submission:
            return Documentation(["Sends `\(namespace).\(operation.name.plain)` from a form or button: \(summary)"])
        case .stream:
            return Documentation(["The elements of `\(namespace).\(operation.name.plain)` as they stream in: \(summary)"])
        }
    }
}
