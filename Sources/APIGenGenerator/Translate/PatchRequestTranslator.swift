import APIGenOpenAPI

/// PATCH bodies tell "leave unchanged" (absent) from "clear" (`null`): their nullable optional
/// properties are `Nullable<T>?`. A schema the client only sends gets them in its own type; one
/// it also receives (a `Profile` read by GET and changed by PATCH) keeps plain optionals, and
/// its PATCH operations take a request type of their own (`ProfilePatch`) made from its struct.
enum PatchRequestTranslator {
    /// The struct with its nullable optional properties three-state.
    static func threeState(_ structure: StructDeclaration) -> StructDeclaration {
        var result = structure
        for index in result.properties.indices {
            let property = result.properties[index]
            result.properties[index].isPatchNullable = property.isNullable && !property.isRequired
        }
        return result
    }

    /// The request types named by `SchemaTypes.patchRequestType(for:)`, each made from the
    /// translated struct of its schema (so inline types and `Indirect` storage are shared):
    /// three-state, and without the readOnly properties a request never sends.
    static func declarations(_ requestTypes: [(model: String, request: String)], from models: [TypeDeclaration]) -> [TypeDeclaration] {
        guard !requestTypes.isEmpty else { return [] }
        let byName = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return requestTypes.compactMap { model, request in
            guard let declaration = byName[model], case .structure(var structure) = declaration.kind else { return nil }
            structure.properties.removeAll { $0.isReadOnly }
            // A change leaves out what it does not name: no discriminator default on an optional.
            for index in structure.properties.indices where !structure.properties[index].isRequired {
                structure.properties[index].initializerDefault = nil
            }
            var documentation = Documentation([
                "The changes a PATCH request makes to a `\(model)`: an absent property is left as",
                "it is, `.null` clears it.",
            ])
            if !declaration.documentation.isEmpty {
                documentation.lines += [""] + declaration.documentation.lines
            }
            return TypeDeclaration(name: request, documentation: documentation, kind: .structure(threeState(structure)))
        }
    }
}
