import APIGenRuntime
import Foundation

/// Checks that a webhook came from the API, before the app decodes it with `API.Webhook(name:body:)`:
/// an HMAC-SHA256 of the documented payload under the shared secret, compared in constant time,
/// and a timestamp within `tolerance` of now, so a captured request cannot be replayed later.
///
/// ```swift
/// try WebhookSignature.standardWebhooks(secret: secrets.webhook).verify(body: body, headers: headers)
/// let event = try API.Webhook(name: name, body: body)
/// ```
public struct WebhookSignature: Sendable {
    /// Why a webhook was refused.
    public enum Failure: Error, Sendable, Equatable {
        /// A header the scheme needs is absent (`webhook-signature`, `Stripe-Signature`).
        case missingHeader(String)
        /// A header does not read as the scheme writes it (a timestamp that is not a number).
        case malformedHeader(String)
        /// The timestamp is further from now than the tolerance: too old (a replay) or from the future.
        case timestampOutsideTolerance
        /// No signature in the header is the payload's under the secret.
        case signatureMismatch
        /// The secret is empty, or a `whsec_` secret is not base64.
        case invalidSecret
    }

    enum Scheme: Sendable {
        case standardWebhooks
        case stripe
    }

    let scheme: Scheme
    let key: Data
    /// How far the webhook's timestamp may be from now, in seconds.
    public let tolerance: TimeInterval

    /// [Standard Webhooks](https://www.standardwebhooks.com) (Svix, Resend, Clerk and others):
    /// `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64>` headers, the signed
    /// payload `id.timestamp.body`. `secret` as the API gives it (`whsec_` and base64; another
    /// prefix or none is read the same way).
    public static func standardWebhooks(secret: String, tolerance: TimeInterval = 300) -> WebhookSignature {
        let encoded = secret.split(separator: "_", maxSplits: 1).last.map(String.init) ?? secret
        return WebhookSignature(scheme: .standardWebhooks, key: Data(base64Encoded: encoded) ?? Data(), tolerance: tolerance)
    }

    /// Stripe's `Stripe-Signature: t=<timestamp>,v1=<hex>` header over `timestamp.body`, with the
    /// endpoint's signing secret (`whsec_…`) as the key, as it is written.
    public static func stripe(secret: String, tolerance: TimeInterval = 300) -> WebhookSignature {
        WebhookSignature(scheme: .stripe, key: Data(secret.utf8), tolerance: tolerance)
    }

    /// Throws a ``Failure`` unless `body`, exactly as received, is signed under the secret with
    /// a timestamp within the tolerance of `now`.
    public func verify(body: Data, headers: HTTPFields, now: Date = Date()) throws {
        guard !key.isEmpty else { throw Failure.invalidSecret }
        let signed: SignedPayload
        switch scheme {
        case .standardWebhooks: signed = try SignedPayload.standardWebhooks(headers)
        case .stripe: signed = try SignedPayload.stripe(headers)
        }
        guard abs(now.timeIntervalSince1970 - Double(signed.timestamp)) <= tolerance else {
            throw Failure.timestampOutsideTolerance
        }
        let code = HMACSHA256.authenticationCode(for: signed.prefix + body, key: key)
        guard signed.signatures.contains(where: { HMACSHA256.isEqual($0, code) }) else {
            throw Failure.signatureMismatch
        }
    }
}

/// What a scheme's headers say: when the webhook was sent, the text signed before the body, and
/// the signatures offered (several while a secret is being rotated).
struct SignedPayload {
    var timestamp: Int64
    var prefix: Data
    var signatures: [Data]

    static func standardWebhooks(_ headers: HTTPFields) throws -> SignedPayload {
        let id = try header("webhook-id", in: headers)
        let time = try header("webhook-timestamp", in: headers)
        guard let timestamp = Int64(time) else { throw WebhookSignature.Failure.malformedHeader("webhook-timestamp") }
        // `v1,<base64> v1,<base64>`: versions other than v1 (asymmetric v1a) are not HMACs.
        let signatures = try header("webhook-signature", in: headers).split(separator: " ").compactMap { entry -> Data? in
            let parts = entry.split(separator: ",", maxSplits: 1)
            guard parts.count == 2, parts[0] == "v1" else { return nil }
            return Data(base64Encoded: String(parts[1]))
        }
        return SignedPayload(timestamp: timestamp, prefix: Data("\(id).\(time).".utf8), signatures: signatures)
    }

    static func stripe(_ headers: HTTPFields) throws -> SignedPayload {
        var timestamp: Int64?
        var signatures: [Data] = []
        for item in try header("Stripe-Signature", in: headers).split(separator: ",") {
            let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            if pair[0] == "t" {
                timestamp = Int64(pair[1])
            } else if pair[0] == "v1", let code = hexBytes(pair[1]) {
                signatures.append(code)
            }
        }
        guard let timestamp else { throw WebhookSignature.Failure.malformedHeader("Stripe-Signature") }
        return SignedPayload(timestamp: timestamp, prefix: Data("\(timestamp).".utf8), signatures: signatures)
    }

    private static func header(_ name: String, in headers: HTTPFields) throws -> String {
        guard let value = headers[name], !value.isEmpty else { throw WebhookSignature.Failure.missingHeader(name) }
        return value
    }

    private static func hexBytes(_ text: String) -> Data? {
        guard text.count % 2 == 0 else { return nil }
        var bytes = Data(capacity: text.count / 2)
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
