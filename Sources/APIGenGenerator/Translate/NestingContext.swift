/// Where translated inline schemas go: the type being declared (its qualified name and the
/// names already used inside it) and the nested declarations collected so far.
struct NestingContext {
    /// `Pet` or `Pet.Owner`; empty at the module's top level.
    var qualifier: String
    var scope: NameScope
    var nested: [TypeDeclaration] = []

    /// The name other code uses for a type declared here.
    func qualified(_ name: String) -> String {
        qualifier.isEmpty ? name : "\(qualifier).\(name)"
    }
}
