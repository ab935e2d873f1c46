import APIGenYAML

/// Checks that span objects and that generation depends on: every `{name}` in a path has a
/// path parameter (and the reverse), and operationIds are unique.
struct SpecValidator {
    let files: SpecFiles

    func validate(_ document: OpenAPIDocument, into diagnostics: inout Diagnostics) {
        var operationIds: [String: SourceRef] = [:]
        for operation in document.operations {
            checkPathParameters(operation, into: &diagnostics)
            if let id = operation.operationId {
                if operationIds[id] != nil {
                    diagnostics.append(
                        .error(
                            "duplicate operationId '\(id)'", at: files.location(operation.source), pointer: files.pointer(operation.source))
                    )
                } else {
                    operationIds[id] = operation.source
                }
            }
        }
    }

    private func checkPathParameters(_ operation: Operation, into diagnostics: inout Diagnostics) {
        let templated = Self.templateNames(in: operation.path)
        let declared = operation.parameters.filter { $0.location == .path }
        for name in templated where !declared.contains(where: { $0.name == name }) {
            diagnostics.append(
                .error(
                    "path parameter '{\(name)}' of '\(operation.path)' is not declared in 'parameters'",
                    at: files.location(operation.source),
                    pointer: files.pointer(operation.source)))
        }
        for parameter in declared where !templated.contains(parameter.name) {
            diagnostics.append(
                .warning(
                    "path parameter '\(parameter.name)' does not appear in '\(operation.path)'; it is ignored",
                    at: files.location(parameter.source), pointer: files.pointer(parameter.source)))
        }
    }

    /// The names between braces in a path template, in order.
    static func templateNames(in path: String) -> [String] {
        var names: [String] = []
        var current: String?
        for character in path {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current {
                names.append(name)
                current = nil
            } else if current != nil {
                current?.append(character)
            }
        }
        return names
    }
}
