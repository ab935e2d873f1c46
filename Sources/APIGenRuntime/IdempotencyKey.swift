import Foundation

extension Request {
    /// Declares `name` as the header that carries this request's idempotency key (an operation's
    /// `Idempotency-Key` parameter), sending `value` when given. The client sends a fresh key when
    /// none is given, the same key on every retry of one ``APIClient/send(_:)``, and retries the
    /// request as it would a `GET`: the server applies it at most once.
    public mutating func addIdempotencyKey<Value: Encodable>(_ name: String, _ value: Value?) {
        idempotencyKeyHeader = name
        isIdempotent = true
        addHeader(name, value)
    }

    /// The request with its idempotency key filled in where it declares one and has none: one
    /// key for one logical request, whatever its retries and token refreshes.
    func withIdempotencyKey() -> Request {
        guard let name = idempotencyKeyHeader, headers[name] == nil else { return self }
        var keyed = self
        keyed.headers.append(name, UUID().uuidString.lowercased())
        return keyed
    }
}
