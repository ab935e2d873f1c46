import APIGenRuntime
import Foundation
import XCTest

@testable import APIGenWebhooks

/// Webhook signatures against published vectors: RFC 4231's for HMAC-SHA256 itself, the Standard
/// Webhooks specification's, and a Stripe-style header whose code Python's `hmac` computed.
final class WebhookSignatureTests: XCTestCase {
    func testHMACMatchesRFC4231() {
        let code = HMACSHA256.authenticationCode(for: Data("what do ya want for nothing?".utf8), key: Data("Jefe".utf8))
        XCTAssertEqual(code.map { String(format: "%02x", $0) }.joined(), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        XCTAssertTrue(HMACSHA256.isEqual(code, code))
        XCTAssertFalse(HMACSHA256.isEqual(code, code.dropLast()))
    }

    // The Standard Webhooks specification's example.
    private let standard = WebhookSignature.standardWebhooks(secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
    private let body = Data(#"{"test": 2432232314}"#.utf8)
    private let sentAt = Date(timeIntervalSince1970: 1_614_265_330)

    private func standardHeaders(signature: String = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=") -> HTTPFields {
        ["webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek", "webhook-timestamp": "1614265330", "webhook-signature": signature]
    }

    func testStandardWebhooksVectorIsAccepted() throws {
        try standard.verify(body: body, headers: standardHeaders(), now: sentAt)
        try standard.verify(body: body, headers: standardHeaders(), now: sentAt.addingTimeInterval(299))
        // While a secret is rotated, the header carries a signature per secret.
        try standard.verify(body: body, headers: standardHeaders(signature: "v1,AAAA v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="), now: sentAt)
    }

    func testStandardWebhooksRefusesForgeriesReplaysAndMissingHeaders() {
        func failure(_ body: Data, _ headers: HTTPFields, now: Date? = nil, with check: WebhookSignature? = nil) -> WebhookSignature.Failure? {
            do {
                try (check ?? standard).verify(body: body, headers: headers, now: now ?? sentAt)
                return nil
            } catch {
                return error as? WebhookSignature.Failure
            }
        }
        XCTAssertEqual(failure(Data(#"{"test": 2432232315}"#.utf8), standardHeaders()), .signatureMismatch)
        XCTAssertEqual(failure(body, standardHeaders(signature: "v1a,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")), .signatureMismatch)
        XCTAssertEqual(failure(body, standardHeaders(), now: sentAt.addingTimeInterval(301)), .timestampOutsideTolerance)
        XCTAssertEqual(failure(body, standardHeaders(), now: sentAt.addingTimeInterval(-301)), .timestampOutsideTolerance)
        var missing = standardHeaders()
        missing["webhook-id"] = ""
        XCTAssertEqual(failure(body, missing), .missingHeader("webhook-id"))
        XCTAssertEqual(failure(body, standardHeaders(), with: .standardWebhooks(secret: "whsec_%%%")), .invalidSecret)
        XCTAssertEqual(
            failure(body, standardHeaders(), with: .standardWebhooks(secret: "whsec_" + Data("other".utf8).base64EncodedString())),
            .signatureMismatch)
    }

    func testStripeStyleSignature() throws {
        let stripe = WebhookSignature.stripe(secret: "whsec_test_secret")
        let event = Data(#"{"id": "evt_1", "type": "charge.succeeded"}"#.utf8)
        let code = "d748bbb0c1b4e247b4d46d1315212be79ad615fb4fdebdd8d6b9908cf64da1ac"
        let headers: HTTPFields = ["Stripe-Signature": "t=1614265330,v1=\(code),v0=ignored"]
        try stripe.verify(body: event, headers: headers, now: sentAt)
        XCTAssertThrowsError(try stripe.verify(body: event + Data(" ".utf8), headers: headers, now: sentAt)) {
            XCTAssertEqual($0 as? WebhookSignature.Failure, .signatureMismatch)
        }
        XCTAssertThrowsError(try stripe.verify(body: event, headers: headers, now: sentAt.addingTimeInterval(600))) {
            XCTAssertEqual($0 as? WebhookSignature.Failure, .timestampOutsideTolerance)
        }
        let unsigned: HTTPFields = ["Stripe-Signature": "v1=\(code)"]
        XCTAssertThrowsError(try stripe.verify(body: event, headers: unsigned, now: sentAt)) {
            XCTAssertEqual($0 as? WebhookSignature.Failure, .malformedHeader("Stripe-Signature"))
        }
    }
}
