import APIGenRuntime
import FeaturesAPI
import Foundation
import XCTest

/// A union that is part of an object (inside an allOf, or beside properties): the object's own
/// keys and the alternative's share one JSON object, and none is lost either way.
final class ObjectUnionTests: XCTestCase {
    func testUnionInsideAllOfKeepsTheObjectsAndTheAlternativesKeys() throws {
        let withPassword = try assertRoundTrip(Login.self, #"{"email": "a@example.com", "password": "secret"}"#)
        XCTAssertEqual(withPassword.email, "a@example.com")
        XCTAssertEqual(withPassword.variant, .password(.init(password: "secret")))
        // The alternative declaring the rest of the keys is taken, not the first that decodes.
        let withHash = try assertRoundTrip(Login.self, #"{"email": "a@example.com", "passwordHash": "9f86d0"}"#)
        XCTAssertEqual(withHash.variant, .passwordHash(.init(passwordHash: "9f86d0")))
        assertDecodingFails(Login.self, #"{"email": "a@example.com"}"#, at: "")
    }

    func testUnionBesidePropertiesIsPickedByItsConstant() throws {
        let email = try assertRoundTrip(Delivery.self, #"{"id": 7, "method": "email", "email": "a@example.com"}"#)
        XCTAssertEqual(email.id, 7)
        guard case .email(let address) = email.variant else { return XCTFail("decoded as \(email.variant)") }
        XCTAssertEqual(address.email, "a@example.com")
        let made = Delivery(id: 1, variant: .post(.init(address: "1 Main St")))
        XCTAssertEqual(try decode(Delivery.self, try encodeToString(made)), made)
    }

    func testSamplesDecode() {
        XCTAssertEqual(Login.sample.email, "Email 1")
        XCTAssertEqual(Delivery.sample.id, 1)
    }

    /// A oneOf of closed objects whose keys are all optional: a sample deep enough to leave
    /// optional keys out still carries one only its alternative declares, so it is valid for that
    /// one alone, and decodes back as it.
    func testANestedOneOfSampleIsItsAlternativeAlone() throws {
        guard case .bankCard(let card) = Purchase.sample.payment else {
            return XCTFail("\(Purchase.sample.payment)")
        }
        XCTAssertNotNil(card.cardType)
        XCTAssertEqual(try decode(Purchase.self, try encodeToString(Purchase.sample)), Purchase.sample)
    }
}
