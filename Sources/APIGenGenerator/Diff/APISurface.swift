/// What code written against a generated client can name: each type with its members, and each
/// request builder with its parameters. `APIDiff` compares two of them.
public struct APISurface: Sendable {
    /// A type's members as code uses them.
    public enum Shape: Sendable, Equatable {
        /// Properties by Swift name: the type as written, and whether the initializer needs it.
        case structure([String: Member])
        /// Cases by Swift name.
        case enumeration(Set<String>)
        /// Cases by Swift name, each with the type it holds.
        case union([String: String])
        /// `typealias` to the type as written; a wrapper struct around it too.
        case alias(String)
    }

    public struct Member: Sendable, Equatable {
        public var type: String
        public var isRequired: Bool
    }

    /// A builder's parameter: its type as written, and whether a call may leave it out.
    public struct Parameter: Sendable, Equatable {
        public var type: String
        public var hasDefault: Bool
    }

    /// Types by qualified name (`Pet`, `Pet.Status`).
    public var types: [String: Shape] = [:]
    /// Builders by name (`API.listPets`), each with its parameters by label and its response type.
    public var builders: [String: (parameters: [String: Parameter], response: String)] = [:]

    public init() {}

    init(declarations: [TypeDeclaration], client: ClientDeclaration) {
        for declaration in declarations {
            add(declaration, qualifier: "")
        }
        for operation in client.operations {
            var parameters: [String: Parameter] = [:]
            for parameter in operation.parameters {
                parameters[parameter.name.plain] = Parameter(type: parameter.type.code(in: ""), hasDefault: parameter.hasDefault)
            }
            if let body = operation.body {
                parameters[body.name.plain] = Parameter(type: body.type.code(in: ""), hasDefault: body.type.isOptional)
            }
            builders["\(client.namespace).\(operation.name.plain)"] = (parameters, operation.response.type.code(in: ""))
        }
    }

    private mutating func add(_ declaration: TypeDeclaration, qualifier: String) {
        let name = qualifier.isEmpty ? declaration.name : "\(qualifier).\(declaration.name)"
        switch declaration.kind {
        case .structure(let structure):
            var members: [String: Member] = [:]
            for property in structure.properties {
                let required = property.isRequired && property.defaultValue == nil && !property.type.isOptional
                members[property.name.plain] = Member(type: property.type.code(in: ""), isRequired: required)
            }
            types[name] = .structure(members)
        case .enumeration(let enumeration):
            types[name] = .enumeration(Set(enumeration.cases.map(\.name.plain)))
        case .union(let union):
            let cases = union.cases.map { ($0.name.plain, $0.type.code(in: "")) }
            types[name] = .union(Dictionary(cases, uniquingKeysWith: { first, _ in first }))
        case .alias(let type), .wrapper(let type):
            types[name] = .alias(type.code(in: ""))
        }
        for nested in declaration.nested {
            add(nested, qualifier: name)
        }
    }
}
