/// What a new client breaks for code written against an old one, and what it only adds: per
/// Swift declaration, not per wire change (a renamed schema is a removed type and an added one).
public struct APIDiff: Sendable {
    public struct Change: Sendable, Equatable, CustomStringConvertible {
        public var isBreaking: Bool
        /// The declaration (`Pet.name`, `API.listPets`).
        public var declaration: String
        public var message: String

        public var description: String {
            "\(isBreaking ? "breaking" : "added"): \(declaration): \(message)"
        }
    }

    public private(set) var changes: [Change] = []

    public var isBreaking: Bool {
        changes.contains(where: \.isBreaking)
    }

    public init(old: APISurface, new: APISurface) {
        for name in Set(old.types.keys).union(new.types.keys).sorted() {
            compareType(name, old.types[name], new.types[name])
        }
        for name in Set(old.builders.keys).union(new.builders.keys).sorted() {
            compareBuilder(name, old.builders[name], new.builders[name])
        }
    }

    private mutating func note(_ isBreaking: Bool, _ declaration: String, _ message: String) {
        changes.append(Change(isBreaking: isBreaking, declaration: declaration, message: message))
    }

    private mutating func compareType(_ name: String, _ old: APISurface.Shape?, _ new: APISurface.Shape?) {
        switch (old, new) {
        case (nil, nil): return
        case (nil, _): note(false, name, "new type")
        case (_, nil): note(true, name, "type removed")
        case (.structure(let before)?, .structure(let after)?): compareMembers(name, before, after)
        case (.enumeration(let before)?, .enumeration(let after)?):
            for gone in before.subtracting(after).sorted() { note(true, "\(name).\(gone)", "case removed") }
            for added in after.subtracting(before).sorted() { note(false, "\(name).\(added)", "new case") }
        case (.union(let before)?, .union(let after)?):
            compareCases(name, before, after)
        case (.alias(let before)?, .alias(let after)?) where before != after:
            note(true, name, "now stands for \(after), was \(before)")
        case (let before?, let after?) where !Self.sameKind(before, after):
            note(true, name, "now a \(Self.kindName(after)), was a \(Self.kindName(before))")
        default: return
        }
    }

    private mutating func compareMembers(_ type: String, _ before: [String: APISurface.Member], _ after: [String: APISurface.Member]) {
        for name in Set(before.keys).union(after.keys).sorted() {
            let path = "\(type).\(name)"
            switch (before[name], after[name]) {
            case (let old?, nil): note(true, path, "property removed (was \(old.type))")
            case (nil, let new?):
                note(new.isRequired, path, new.isRequired ? "new required property: the initializer needs it" : "new property")
            case (let old?, let new?):
                if old.type != new.type { note(true, path, "type changed from \(old.type) to \(new.type)") }
                if !old.isRequired && new.isRequired { note(true, path, "became required: the initializer needs it") }
            default: continue
            }
        }
    }

    private mutating func compareCases(_ type: String, _ before: [String: String], _ after: [String: String]) {
        for name in Set(before.keys).union(after.keys).sorted() {
            switch (before[name], after[name]) {
            case (let old?, nil): note(true, "\(type).\(name)", "case removed (held \(old))")
            case (nil, let new?): note(false, "\(type).\(name)", "new case holding \(new)")
            case (let old?, let new?) where old != new: note(true, "\(type).\(name)", "holds \(new), was \(old)")
            default: continue
            }
        }
    }

    private mutating func compareBuilder(
        _ name: String, _ old: (parameters: [String: APISurface.Parameter], response: String)?,
        _ new: (parameters: [String: APISurface.Parameter], response: String)?
    ) {
        guard let old else { return note(false, name, "new request builder") }
        guard let new else { return note(true, name, "request builder removed") }
        if old.response != new.response { note(true, name, "returns \(new.response), was \(old.response)") }
        for label in Set(old.parameters.keys).union(new.parameters.keys).sorted() {
            let path = "\(name)(\(label):)"
            switch (old.parameters[label], new.parameters[label]) {
            case (_?, nil): note(true, path, "parameter removed")
            case (nil, let added?): note(!added.hasDefault, path, added.hasDefault ? "new optional parameter" : "new required parameter")
            case (let before?, let after?):
                if before.type != after.type { note(true, path, "type changed from \(before.type) to \(after.type)") }
                if before.hasDefault && !after.hasDefault { note(true, path, "became required") }
            default: continue
            }
        }
    }

    private static func sameKind(_ left: APISurface.Shape, _ right: APISurface.Shape) -> Bool {
        kindName(left) == kindName(right)
    }

    private static func kindName(_ shape: APISurface.Shape) -> String {
        switch shape {
        case .structure: return "struct"
        case .enumeration: return "enum"
        case .union: return "union enum"
        case .alias: return "type alias"
        }
    }
}
