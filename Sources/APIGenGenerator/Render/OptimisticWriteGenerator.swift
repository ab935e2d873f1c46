/// The methods of a read view model that send a write to one of its items with the change shown
/// at once (`OptimisticWriteTranslator` finds them): each calls the runtime's
/// `sendOptimistically`, which applies the change, sends the request and undoes the change if
/// it fails.
struct OptimisticWriteGenerator {
    let namespace: String

    func render(_ writes: [OptimisticWrite], into printer: inout Printer, context: RenderContext) {
        for write in writes {
            let operation = write.operation
            let (name, change) = (write.methodName, write.changeName)
            var arguments = OperationGenerator.parameterList(operation, context: context) { $0.name.code }
            let item = context.code(write.itemType)
            let what = "the \(write.itemType.code.lowercasedFirst) with `\(write.itemParameter.plain)`"
            let summary = operation.documentation.firstLine ?? operation.name.plain
            var call: Printer.Call
            printer.blank()
            switch write.change {
            case .update:
                arguments.append("optimistically \(change): (inout \(item)) -> Void")
                printer.documentation(
                    Documentation([
                        "\(summary) (`\(namespace).\(operation.name.plain)`), shown at once: `\(change)` is applied",
                        "to \(what) in `state` now, and undone if the request fails",
                        "(`updates.errorMessage` says why).",
                    ]))
                call = builderCall(operation, prefix: "await sendOptimistically(")
                call.close.append(", changing: \(write.itemParameter), \(change))")
            case .remove:
                printer.documentation(
                    Documentation([
                        "\(summary) (`\(namespace).\(operation.name.plain)`), shown at once: \(what)",
                        "leaves `state` now, and comes back if the request fails (`updates.errorMessage` says why).",
                    ]))
                call = builderCall(operation, prefix: "await sendOptimistically(")
                call.close.append(", removing: \(write.itemParameter))")
            }
            if let message = operation.deprecationMessage {
                printer.line("@available(*, deprecated, message: \(literal: message))")
            }
            printer.line("@discardableResult")
            let result = "Result<\(context.code(operation.response.type)), any Error>"
            printer.listBlock("\(context.access)func \(name)(", arguments, ") async -> \(result)") { printer in
                printer.call(call)
            }
        }
    }

    /// `API.likePost(postID: postID)`.
    private func builderCall(_ operation: OperationDeclaration, prefix: String) -> Printer.Call {
        var arguments = operation.parameters.map { SourceText("\($0.name.argumentLabel): \($0.name)") }
        if let body = operation.body {
            arguments.append("\(body.name.argumentLabel): \(body.name)")
        }
        return Printer.Call("\(prefix)\(namespace).\(operation.name.plain)(", arguments, ")")
    }
}

extension String {
    /// `Post` → `post`, for prose.
    fileprivate var lowercasedFirst: String {
        prefix(1).lowercased() + dropFirst()
    }
}
