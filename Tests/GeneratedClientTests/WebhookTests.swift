import APIGenRuntime
import FeaturesAPI
import Foundation
import XCTest

/// The webhooks of Specs/features.yaml, decoded as a server of the app's receives them: an
/// inline payload (a type of its own), a referenced model, and a webhook without a body.
final class WebhookTests: XCTestCase {
    func testEachWebhookDecodesIntoItsPayload() throws {
        let planted = try API.Webhook(name: "treePlanted", body: Data(#"{"treeId":7,"plantedAt":"2026-04-01T08:30:00Z"}"#.utf8))
        guard case .treePlanted(let tree) = planted else { return XCTFail("decoded as \(planted)") }
        XCTAssertEqual(tree.treeID, 7)
        XCTAssertEqual(tree.plantedAt, Date(timeIntervalSince1970: 1_775_032_200))
        XCTAssertNil(tree.species)
        XCTAssertEqual(planted.name, "treePlanted")

        let closed = try API.Webhook(
            name: "account.closed",
            body: Data(#"{"id":3,"email":"a@example.com","createdAt":"2026-01-02T03:04:05Z"}"#.utf8))
        guard case .accountClosed(let account) = closed else { return XCTFail("decoded as \(closed)") }
        // A webhook's body comes from the server, so its readOnly fields are kept.
        XCTAssertEqual(account.id, 3)
        XCTAssertEqual(account.email, "a@example.com")

        let ping = try API.Webhook(name: "ping", body: Data())
        guard case .ping = ping else { return XCTFail("decoded as \(ping)") }
        XCTAssertEqual(API.Webhook.names, ["treePlanted", "account.closed", "ping"])
    }

    func testAnUnknownNameOrABodyThatDoesNotMatchThrowsAReadableError() {
        XCTAssertThrowsError(try API.Webhook(name: "treeFelled", body: Data("{}".utf8))) { error in
            XCTAssertEqual((error as? UnknownWebhook)?.name, "treeFelled")
            XCTAssertEqual("\(error)", "no webhook or callback named 'treeFelled' in the spec")
        }
        XCTAssertThrowsError(try API.Webhook(name: "treePlanted", body: Data(#"{"treeId":"seven","plantedAt":"2026-04-01T08:30:00Z"}"#.utf8))) {
            error in
            let failure = error as? DecodingFailure
            XCTAssertEqual(failure?.path, "treeId")
            XCTAssertEqual(failure?.problem, "expected Int64")
        }
    }

    /// A callback of `createAccount`: its own enum, decoded by the callback's name.
    func testACallbackDecodesIntoTheEnumOfItsOperation() throws {
        let verified = try API.CreateAccountCallback(name: "accountVerified", body: Data(#"{"accountId":12}"#.utf8))
        guard case .accountVerified(let payload) = verified else { return XCTFail("decoded as \(verified)") }
        XCTAssertEqual(payload.accountID, 12)
        XCTAssertNil(payload.verifiedAt)
        XCTAssertEqual(API.CreateAccountCallback.names, ["accountVerified"])
        XCTAssertThrowsError(try API.CreateAccountCallback(name: "treePlanted", body: Data("{}".utf8))) { error in
            XCTAssertTrue(error is UnknownWebhook)
        }
    }
}
