import Foundation

/// A webhook or callback request whose name the spec does not list: thrown by a generated
/// `Webhook(name:body:decoder:)` or `…Callback(name:body:decoder:)`.
public struct UnknownWebhook: Error, Sendable, CustomStringConvertible {
    /// The name that was given.
    public var name: String

    /// The error for a request called `name`.
    public init(name: String) {
        self.name = name
    }

    /// Says which name was not found.
    public var description: String {
        "no webhook or callback named '\(name)' in the spec"
    }
}

/// Reads the body of a request the API sent to a server of yours (a webhook or callback).
public enum WebhookBody {
    /// `body` decoded as `type`; a body that does not match throws a `DecodingFailure`, which
    /// says where it went wrong (`pet.name: key not found`).
    public static func decode<Value: Decodable>(_ type: Value.Type, from body: Data, decoder: JSONDecoder) throws -> Value {
        do {
            return try decoder.decode(Value.self, from: body)
        } catch {
            throw DecodingFailure(error, body: body)
        }
    }
}
