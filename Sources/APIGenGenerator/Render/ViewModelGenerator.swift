/// `@MainActor` observable view models: thin classes over the runtime's `RemoteQuery`,
/// `PagedQuery` and `Submission`, with the operation's parameters as properties.
///
/// Observation is written out (a registrar, `access` in the getter, `withMutation` in the
/// setter: what `@Observable` expands to) instead of using the macro. Expanding the macro for
/// each class was two thirds of the compile time of the view models of a large spec (openai:
/// 28 s of CPU with the macro, 12 s written out); what SwiftUI and `withObservationTracking`
/// see is the same. The state itself lives in the runtime's observable query types.
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
        printer.line("@MainActor")
        printer.block("\(access)final class \(model.name): Observable") { printer in
            let stored = storedParameters(model)
            let names = Self.names(operation)
            let (local, storage) = (names.local, names.storage)
            for parameter in stored {
                let name = local[parameter.name]!
                printer.documentation(parameter.documentation)
                printer.block("\(access)var \(name): \(parameter.type, in: context)") { printer in
                    printer.line("get { registrar.access(self, keyPath: \\.\(name)); return \(storage[parameter.name]!) }")
                    printer.line("set { registrar.withMutation(of: self, keyPath: \\.\(name)) { \(storage[parameter.name]!) = newValue } }")
                }
            }
            switch model.kind {
            case .query:
                printer.line("/// Idle until `load()`, then loading, loaded or failed.")
                printer.line("\(access)var state: Loadable<\(response)> { query.state }")
                printer.line("/// True while `refresh()` reloads; `state` keeps the old value meanwhile.")
                printer.line("\(access)var isRefreshing: Bool { query.isRefreshing }")
                printer.line("/// Why the last refresh failed, while the old value stays on screen.")
                printer.line("\(access)var refreshError: (any Error)? { query.refreshError }")
            case .paged(let paging):
                let item = context.code(paging.itemType)
                printer.line("/// The items of every page loaded so far.")
                printer.line("\(access)var state: Loadable<[\(item)]> { pages.state }")
                printer.line("/// False once the last page has arrived.")
                printer.line("\(access)var hasMore: Bool { pages.hasMore }")
                printer.line("\(access)var isLoadingMore: Bool { pages.isLoadingMore }")
                printer.line("\(access)var isRefreshing: Bool { pages.isRefreshing }")
                printer.line("/// Why the last `loadMore()` failed; the items loaded so far stay.")
                printer.line("\(access)var loadMoreError: (any Error)? { pages.loadMoreError }")
                printer.line("/// Why the last refresh failed, while the old items stay on screen.")
                printer.line("\(access)var refreshError: (any Error)? { pages.refreshError }")
                printer.line("/// The most recent page as the server sent it.")
                printer.line("\(access)var lastPage: \(response)? { pages.lastPage }")
            case .submission:
                printer.line("\(access)var isSubmitting: Bool { submission.isSubmitting }")
                printer.line("/// What went wrong with the last submit, in words a person can read.")
                printer.line("\(access)var errorMessage: String? { submission.errorMessage }")
                printer.line("\(access)var canSubmit: Bool { submission.canSubmit }")
                if response != "Void" {
                    printer.line("/// The server's answer to the last successful submit.")
                    printer.line("\(access)var response: \(response)? { submission.response }")
                }
            }
            printer.blank()
            printer.line("private let client: APIClient")
            if !stored.isEmpty {
                printer.line("private let registrar = ObservationRegistrar()")
                for parameter in stored {
                    printer.line("private var \(storage[parameter.name]!): \(parameter.type, in: context)")
                }
            }
            switch model.kind {
            case .query:
                printer.line("private let query = RemoteQuery<\(response)>()")
            case .paged(let paging):
                printer.line("private let pages: PagedQuery<\(response), \(paging.itemType, in: context)>")
            case .submission:
                printer.line("private let submission = Submission<\(response)>()")
            }
            printer.blank()
            renderInitializer(model, stored: stored, names: names, into: &printer, context: context)
            printer.blank()
            switch model.kind {
            case .query:
                renderQueryMethods(model, names: names, response: response, into: &printer, access: access)
            case .paged(let paging):
                renderPagedMethods(model, paging: paging, stored: stored, names: names, response: response, into: &printer, access: access)
            case .submission:
                renderSubmit(model, names: names, into: &printer, context: context)
            }
        }
    }

    /// Reads keep their parameters as properties a screen can bind to; a paged read leaves
    /// out the page parameter, which the pager drives.
    private func storedParameters(_ model: ViewModelDeclaration) -> [OperationParameter] {
        switch model.kind {
        case .query: return model.operation.parameters
        case .paged(let paging): return model.operation.parameters.filter { $0.key != paging.parameter.key || $0.location != .query }
        case .submission: return []
        }
    }

    private func renderInitializer(_ model: ViewModelDeclaration, stored: [OperationParameter], names: Names, into printer: inout Printer, context: RenderContext) {
        let (local, storage) = (names.local, names.storage)
        let arguments = ["client: APIClient"] + stored.map { OperationGenerator.declaration(of: $0, named: local[$0.name]!, context: context) }
        printer.block("\(context.access)init(\(arguments.joined(separator: ", ")))") { printer in
            printer.line("self.client = client")
            for parameter in stored {
                printer.line("self.\(storage[parameter.name]!) = \(local[parameter.name]!)")
            }
            if case .paged(let paging) = model.kind {
                printer.line("self.pages = PagedQuery(")
                printer.line("    first: \(paging.first),")
                printer.line("    items: { page in \(paging.items) },")
                printer.line("    next: { page, current, itemCount in \(paging.next) }")
                printer.line(")")
            }
        }
    }

    /// Members and locals of a view model. A parameter named like one of them (`state`,
    /// `client`, `request`) or like a keyword (`@Observable` cannot track a `` `class` ``
    /// property) is kept under a free name (`state2`), and passed on under its label.
    private static let ownNames: Set<String> = [
        "client", "request", "query", "pages", "submission", "fetch", "state", "isRefreshing", "refreshError", "hasMore",
        "isLoadingMore", "loadMoreError", "lastPage", "isSubmitting", "errorMessage", "canSubmit", "response", "load",
        "retry", "refresh", "reset", "loadMore", "submit", "self", "Type", "init", "registrar",
    ]

    /// Built once: a view model per operation would otherwise rebuild this set each time.
    private static let reservedNames = ownNames.union(SwiftName.keywords)

    /// A view model's names for its parameters, keyed by the builder's argument label: the
    /// property (`limit`) and the stored value behind it (`_limit`), never one of the model's
    /// own members. Worked out once per view model.
    private struct Names {
        var local: [String: String] = [:]
        var storage: [String: String] = [:]
    }

    private static func names(_ operation: OperationDeclaration) -> Names {
        var scope = NameScope(reserved: reservedNames)
        var names = Names()
        for parameter in operation.parameters {
            names.local[parameter.name] = scope.claim(SwiftName.unescaped(parameter.name))
        }
        for parameter in operation.parameters {
            names.storage[parameter.name] = scope.claim("_" + names.local[parameter.name]!)
        }
        return names
    }

    private func call(_ operation: OperationDeclaration, local: [String: String]) -> String {
        var arguments = operation.parameters.map { "\(SwiftName.argumentLabel($0.name)): \(local[$0.name]!)" }
        if let body = operation.body {
            arguments.append("\(SwiftName.argumentLabel(body.name)): \(body.name)")
        }
        return "\(namespace).\(operation.name)(\(arguments.joined(separator: ", ")))"
    }

    private func renderQueryMethods(_ model: ViewModelDeclaration, names: Names, response: String, into printer: inout Printer, access: String) {
        printer.line("/// Loads once; a call while loading is ignored, and cancelling goes back to idle.")
        printer.line("\(access)func load() async { await query.load(fetch) }")
        printer.line("/// Loads again after a failure.")
        printer.line("\(access)func retry() async { await query.retry(fetch) }")
        printer.line("/// Reloads, showing the current value until the new one arrives.")
        printer.line("\(access)func refresh() async { await query.refresh(fetch) }")
        printer.line("/// Forgets the value, e.g. before loading with new parameters.")
        printer.line("\(access)func reset() { query.reset() }")
        printer.blank()
        printer.block("private var fetch: @Sendable () async throws -> \(response)") { printer in
            printer.line("let client = client")
            printer.line("let request = \(call(model.operation, local: names.local))")
            printer.line("return { try await client.send(request) }")
        }
    }

    private func renderPagedMethods(_ model: ViewModelDeclaration, paging: ViewModelDeclaration.Paging, stored: [OperationParameter], names: Names, response: String, into printer: inout Printer, access: String) {
        printer.line("/// Loads the first page; a call while loading is ignored, and cancelling goes back to idle.")
        printer.line("\(access)func load() async { await pages.load(fetch) }")
        printer.line("/// Loads the first page again after a failure.")
        printer.line("\(access)func retry() async { await pages.load(fetch) }")
        printer.line("/// Reloads from the first page, keeping the current items until it arrives.")
        printer.line("\(access)func refresh() async { await pages.refresh(fetch) }")
        printer.line("/// Appends the next page; does nothing at the end or while a page is loading.")
        printer.line("\(access)func loadMore() async { await pages.loadMore(fetch) }")
        printer.line("/// Forgets the items, e.g. before loading with new parameters.")
        printer.line("\(access)func reset() { pages.reset() }")
        printer.blank()
        printer.block("private var fetch: @Sendable (PageRequest) async throws -> \(response)") { printer in
            printer.line("let client = client")
            let local = names.local
            for parameter in stored {
                printer.line("let \(local[parameter.name]!) = \(local[parameter.name]!)")
            }
            let parameter = paging.parameter
            let name = local[parameter.name] ?? parameter.name
            let unwrapped = parameter.type.unwrapped.code
            let initial: String
            let assignment: String
            switch paging.style {
            case .page, .offset:
                let converted = unwrapped == "Int" ? "number" : "\(unwrapped)(number)"
                initial = parameter.type.isOptional ? "nil" : (parameter.defaultValue ?? (paging.style == .page ? "1" : "0"))
                assignment = "if case .\(paging.style == .page ? "page" : "offset")(let number) = request { \(name) = \(converted) }"
            case .cursor:
                initial = parameter.type.isOptional ? "nil" : (parameter.defaultValue ?? "\"\"")
                assignment = "if case .cursor(let token) = request, !token.isEmpty { \(name) = token }"
            }
            printer.line("return { request in")
            printer.indented { printer in
                printer.line("var \(name): \(parameter.type.code) = \(initial)")
                printer.line(SourceText(assignment))
                printer.line("return try await client.send(\(call(model.operation, local: local)))")
            }
            printer.line("}")
        }
    }

    private func renderSubmit(_ model: ViewModelDeclaration, names: Names, into printer: inout Printer, context: RenderContext) {
        let operation = model.operation
        let local = names.local
        var arguments = operation.parameters.map { OperationGenerator.declaration(of: $0, named: local[$0.name]!, context: context) }
        if let body = operation.body {
            arguments.append(body.type.isOptional ? "\(body.name): \(context.code(body.type)) = nil" : "\(body.name): \(context.code(body.type))")
        }
        printer.line("/// Sends the request; returns whether it succeeded. Ignored while a submit is in flight.")
        printer.line("@discardableResult")
        printer.block("\(context.access)func submit(\(arguments.joined(separator: ", "))) async -> Bool") { printer in
            printer.line("let client = client")
            printer.line("let request = \(call(operation, local: local))")
            printer.line("return await submission.submit { try await client.send(request) }")
        }
    }

    private func documentation(for model: ViewModelDeclaration) -> Documentation {
        let operation = model.operation
        let summary = operation.documentation.lines.first ?? operation.name
        switch model.kind {
        case .query:
            return Documentation(["The state of `\(namespace).\(operation.name)` for a screen: \(summary)"])
        case .paged:
            return Documentation(["The pages of `\(namespace).\(operation.name)` for a list screen: \(summary)"])
        case .submission:
            return Documentation(["Sends `\(namespace).\(operation.name)` from a form or button: \(summary)"])
        }
    }
}
