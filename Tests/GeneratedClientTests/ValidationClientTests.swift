import APIGenRuntime
import CheckoutAPI
import Foundation
import XCTest

/// A client generated with `validatesRequests: true` checks the spec's constraints before
/// sending: a value that breaks one is refused with a message that names it, and nothing is sent.
final class ValidationClientTests: XCTestCase {
    private func send(_ request: Request<Void>) async -> (error: APIError?, sent: Int) {
        let transport = MockTransport(.status(201))
        let client = APIClient(baseURL: URL(string: "https://shop.example.com")!, transport: transport, retry: .none)
        do {
            try await client.send(request)
            return (nil, transport.requests.count)
        } catch {
            return (error as? APIError, transport.requests.count)
        }
    }

    func testValidValuesAreSent() async {
        let order = Order(name: "Ann's order", items: [Item(sku: "mug-2", quantity: 1)], size: .small)
        let result = await send(API.createOrder(limit: 10, coupon: "SAVE", body: order))
        XCTAssertNil(result.error)
        XCTAssertEqual(result.sent, 1)
    }

    func testBrokenConstraintsAreNamedAndNothingIsSent() async {
        let order = Order(name: "Al", items: [Item(sku: "Mug 2", quantity: 0)], size: .unknown("huge"))
        let result = await send(API.createOrder(limit: 500, coupon: "save10", body: order))
        XCTAssertEqual(result.sent, 0)
        guard case .invalidRequest(let message)? = result.error else { return XCTFail("\(String(describing: result.error))") }
        XCTAssertEqual(
            message,
            "createOrder: limit: at most 100; coupon: does not match ^[A-Z]{4}$; name: at least 3 characters; "
                + "items[0].sku: does not match ^[a-z]+-[0-9]+$; items[0].quantity: at least 1; size: huge is not one of the listed values")
        let empty = Order(name: "Ann", items: [])
        guard case .invalidRequest(let second)? = await send(API.createOrder(body: empty)).error else { return XCTFail() }
        XCTAssertEqual(second, "createOrder: items: at least 1 item")
    }
}
