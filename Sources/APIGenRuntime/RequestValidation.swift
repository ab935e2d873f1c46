import Foundation

/// A constraint the spec puts on a value the client sends, checked before sending when the client
/// was generated with `validatesRequests: true`.
public enum ValueRule: Sendable, Equatable {
    /// Text of at least this many characters (Unicode scalars, as JSON Schema counts them).
    case minLength(Int)
    /// Text of at most this many characters.
    case maxLength(Int)
    /// A regular expression the text must contain a match of (anchor it to match the whole).
    case pattern(String)
    /// A number at least this large.
    case minimum(Double)
    /// A number at most this large.
    case maximum(Double)
    /// A list of at least this many items.
    case minItems(Int)
    /// A list of at most this many items.
    case maxItems(Int)
    /// One of the values an `enum` lists: a value the client does not know breaks it.
    case knownValue
}

/// A generated model that can say what in it breaks the spec's constraints.
public protocol ValidatableBody {
    /// Each broken constraint, as `path: rule` (`owner.name: at least 3 characters`).
    func validationProblems(at path: String) -> [String]
}

/// The checks generated code runs; `problems` collects what is broken.
@_spi(Generated)
public enum RequestRules {
    /// Checks `value` against `rules`; nil (an absent optional) passes.
    public static func check(_ value: Any?, _ rules: [ValueRule], at path: String, into problems: inout [String]) {
        guard let value = unwrapped(value) else { return }
        for rule in rules {
            if let broken = brokenRule(rule, value) {
                problems.append("\(path): \(broken)")
            }
        }
    }

    /// Checks a nested model, or each model of an array or map, at `path`.
    public static func nested(_ value: Any?, at path: String, into problems: inout [String]) {
        switch unwrapped(value) {
        case let model as any ValidatableBody:
            problems += model.validationProblems(at: path + ".")
        case let models as [any ValidatableBody]:
            for (index, model) in models.enumerated() { problems += model.validationProblems(at: "\(path)[\(index)].") }
        case let models as [String: any ValidatableBody]:
            for (key, model) in models.sorted(by: { $0.key < $1.key }) { problems += model.validationProblems(at: "\(path).\(key).") }
        default: break
        }
    }

    private static func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map { unwrapped($0.value) } ?? nil
    }

    private static func brokenRule(_ rule: ValueRule, _ value: Any) -> String? {
        switch rule {
        case .minLength(let least):
            guard let text = value as? String, text.unicodeScalars.count < least else { return nil }
            return "at least \(least) character\(least == 1 ? "" : "s")"
        case .maxLength(let most):
            guard let text = value as? String, text.unicodeScalars.count > most else { return nil }
            return "at most \(most) character\(most == 1 ? "" : "s")"
        case .pattern(let pattern):
            guard let text = value as? String, let expression = try? NSRegularExpression(pattern: pattern),
                expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil
            else { return nil }
            return "does not match \(pattern)"
        case .minimum(let least):
            guard let number = number(value), number < least else { return nil }
            return "at least \(least.formatted())"
        case .maximum(let most):
            guard let number = number(value), number > most else { return nil }
            return "at most \(most.formatted())"
        case .minItems(let least):
            guard let count = (value as? any Collection)?.count, count < least else { return nil }
            return "at least \(least) item\(least == 1 ? "" : "s")"
        case .maxItems(let most):
            guard let count = (value as? any Collection)?.count, count > most else { return nil }
            return "at most \(most) item\(most == 1 ? "" : "s")"
        case .knownValue:
            // An open enum keeps a value it does not know in its `unknown` case.
            guard let known = value as? any RawRepresentable, Mirror(reflecting: value).children.first?.label == "unknown" else {
                return nil
            }
            return "\(known.rawValue) is not one of the listed values"
        }
    }

    private static func number(_ value: Any) -> Double? {
        switch value {
        case let number as Int: return Double(number)
        case let number as Int32: return Double(number)
        case let number as Int64: return Double(number)
        case let number as Double: return number
        case let number as Decimal: return NSDecimalNumber(decimal: number).doubleValue
        default: return nil
        }
    }
}

extension Request {
    /// Checks a parameter before sending: a broken rule makes `send` throw
    /// `APIError.invalidRequest` naming it, without a request.
    @_spi(Generated)
    public mutating func check(_ value: Any?, _ rules: [ValueRule], parameter: String) {
        RequestRules.check(value, rules, at: parameter, into: &validationProblems)
    }

    /// Checks a body model before sending, as `check(_:_:parameter:)` does a parameter.
    @_spi(Generated)
    public mutating func validate(body: Any?) {
        guard let model = body as? any ValidatableBody else { return }
        validationProblems += model.validationProblems(at: "")
    }
}
