import APIGenRuntime
import Foundation
import PetstoreAPI
import XCTest

/// The error enums generated from the error responses an operation declares: each status its
/// own case with the decoded body, `default` with the status, nil for anything undeclared.
final class TypedErrorTests: XCTestCase {
    private func error(status: Int, body: String) async -> any Error {
        let mock = MockTransport(.json(text: body, status: status))
        let client = APIClient(baseURL: URL(string: "https://example.com/v1")!, transport: mock, authentication: .bearer("t"), retry: .none)
        do {
            _ = try await client.send(API.showPetByID(petID: 42))
            XCTFail("expected an error")
        } catch {
            return error
        }
        return CancellationError()
    }

    func testEachDeclaredStatusGivesItsCaseWithTheBody() async {
        let missing = await error(status: 404, body: #"{"code":404,"message":"No pet with id 42."}"#)
        guard case .notFound(let body)? = ShowPetByIDError(missing) else { return XCTFail("\(missing)") }
        XCTAssertEqual(body.code, 404)
        XCTAssertEqual(body.message, "No pet with id 42.")
        // The untyped error still says what the server said.
        XCTAssertEqual(missing.userMessage, "No pet with id 42.")

        let signedOut = await error(status: 401, body: #"{"code":401,"message":"Please sign in again."}"#)
        guard case .unauthorized(let reason)? = ShowPetByIDError(signedOut) else { return XCTFail("\(signedOut)") }
        XCTAssertEqual(reason.message, "Please sign in again.")
    }

    func testDefaultTakesAnyOtherStatusAndKeepsIt() async {
        let failed = await error(status: 503, body: #"{"code":503,"message":"Down for maintenance."}"#)
        guard case .other(let body, let status)? = ShowPetByIDError(failed) else { return XCTFail("\(failed)") }
        XCTAssertEqual(status, 503)
        XCTAssertEqual(body.message, "Down for maintenance.")
    }

    func testABodyThatDoesNotMatchOrAnotherErrorGivesNil() async {
        let page = await error(status: 404, body: "<html>not found</html>")
        XCTAssertNil(ShowPetByIDError(page))
        let otherShape = await error(status: 404, body: #"{"detail":"gone"}"#)
        XCTAssertNil(ShowPetByIDError(otherShape))
        XCTAssertNil(ShowPetByIDError(URLError(.notConnectedToInternet)))
        XCTAssertNil(ShowPetByIDError(APIError.invalidResponse))
        // `body(as:)` is what each case decodes with.
        let missing = APIError.server(status: 404, reason: "x", body: Data(#"{"code":7,"message":"m"}"#.utf8))
        XCTAssertEqual(missing.body(as: ErrorModel.self)?.code, 7)
        XCTAssertNil(APIError.invalidResponse.body(as: ErrorModel.self))
    }

    /// Operations that declare the same errors share one enum: the later ones are aliases.
    func testOperationsWithTheSameErrorsShareOneEnum() {
        XCTAssertTrue(UpdatePetError.self == ShowPetByIDError.self)
        XCTAssertTrue(DeletePetError.self == ShowPetByIDError.self)
        XCTAssertFalse(CreatePetError.self == ShowPetByIDError.self)
        let missing = APIError.server(status: 404, reason: "x", body: Data(#"{"code":404,"message":"gone"}"#.utf8))
        XCTAssertNotNil(DeletePetError(missing))
    }
}
