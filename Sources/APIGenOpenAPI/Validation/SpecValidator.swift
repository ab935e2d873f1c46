import APIGenYAML

/// Checks that span objects and that generation depends on: every `{name}` in a path has a
/// path parameter (and the reverse), and operationIds are unique. Where one repair is evident
/// it is made, with a warning (an error when strict).
struct SpecValidator {
    let files: SpecFiles
    var strict = false

    func validate(_ document: inout OpenAPIDocument, into diagnostics: inout Diagnostics) {
        UndeclaredRequired(files: files, strict: strict).repair(&document.schemas, into: &diagnostics)
        var taken = Set(document.operations.compactMap(\.operationId))
        var claimed: Set<String> = []
        for index in document.operations.indices {
            checkPathParameters(&document.operations[index], schemas: &document.schemas, into: &diagnostics)
            guard let id = document.operations[index].operationId else { continue }
            if claimed.insert(id).inserted { continue }
            // The first operation keeps the id; a later one gets its method and path added, so
            // that its builder has a name of its own.
            let operation = document.operations[index]
            let base = id + "_" + Self.words(operation.method.rawValue + " " + operation.path)
            var renamed = base
            var counter = 2
            while taken.contains(renamed) {
                renamed = base + String(counter)
                counter += 1
            }
            taken.insert(renamed)
            claimed.insert(renamed)
            document.operations[index].operationId = renamed
            repair("duplicate operationId '\(id)'; this one is renamed '\(renamed)'", at: operation.source, into: &diagnostics)
        }
    }

    private func checkPathParameters(_ operation: inout Operation, schemas: inout SchemaTable, into diagnostics: inout Diagnostics) {
        let templated = Self.templateNames(in: operation.path)
        let declared = operation.parameters.filter { $0.location == .path }
        let unused = declared.filter { !templated.contains($0.name) }
        for name in templated where !operation.parameters.contains(where: { $0.location == .path && $0.name == name }) {
            let message = "path parameter '{\(name)}' of '\(operation.path)' is not declared in 'parameters'"
            // Declared elsewhere, or a path parameter left unused: a mistake whose repair is not evident.
            guard unused.isEmpty, !operation.parameters.contains(where: { $0.name == name }) else {
                diagnostics.append(.error(message, at: files.location(operation.source), pointer: files.pointer(operation.source)))
                continue
            }
            // A string schema of its own, so that samples and checks see the string it is.
            var text = Schema(source: operation.source)
            text.types = [.string]
            var parameter = Parameter(name: name, location: .path, required: true, source: operation.source)
            parameter.schema = schemas.append(text)
            operation.parameters.append(parameter)
            repair(message + "; it is added as a required string", at: operation.source, into: &diagnostics)
        }
        for parameter in unused {
            diagnostics.append(
                .warning(
                    "path parameter '\(parameter.name)' does not appear in '\(operation.path)'; it is ignored",
                    at: files.location(parameter.source), pointer: files.pointer(parameter.source)))
        }
    }

    private func repair(_ message: String, at source: SourceRef, into diagnostics: inout Diagnostics) {
        diagnostics.append(Diagnostic(strict ? .error : .warning, message, at: files.location(source), pointer: files.pointer(source)))
    }

    /// `get /v2/pets/{id}` → `getV2PetsId`: the letters and digits, each word after the first
    /// capitalized.
    static func words(_ text: String) -> String {
        let parts = text.split { !($0.isLetter || $0.isNumber) }
        return parts.enumerated().map { index, word in index == 0 ? word.lowercased() : word.prefix(1).uppercased() + word.dropFirst() }
            .joined()
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
