import APIGenRuntime
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class APIErrorTests: XCTestCase {
    private func reason(_ body: String, status: Int = 400, contentType: String = "application/json") -> String {
        ErrorReason.extract(status: status, headers: ["Content-Type": contentType], body: Data(body.utf8))
    }

    func testReasonFromProblemJSONAndCommonShapes() {
        XCTAssertEqual(reason(#"{"type":"about:blank","title":"Bad Request","detail":"'name' is a required property","status":400}"#, contentType: "application/problem+json"), "'name' is a required property")
        XCTAssertEqual(reason(#"{"title":"Out of credit","status":403}"#, contentType: "application/problem+json"), "Out of credit")
        XCTAssertEqual(reason(#"{"message":"Pet not found"}"#, status: 404), "Pet not found")
        XCTAssertEqual(reason(#"{"error":"Token expired"}"#), "Token expired")
        XCTAssertEqual(reason(#"{"error":{"code":7,"message":"Quota exceeded"}}"#), "Quota exceeded")
        XCTAssertEqual(reason(#"{"error":"invalid_grant","error_description":"The refresh token has expired."}"#), "The refresh token has expired.")
        XCTAssertEqual(reason(#"{"errors":[{"message":"Email is taken"},{"message":"x"}]}"#), "Email is taken")
        XCTAssertEqual(reason(#"{"detail":"Not authenticated"}"#), "Not authenticated")
        XCTAssertEqual(reason(#"{"reason":"This book is not in your library."}"#, status: 404), "This book is not in your library.")
        // Spellings of real servers beyond these: Prefect, AWS, Apigee, JSON:API.
        XCTAssertEqual(reason(#"{"exception_message":"Invalid request received.","exception_detail":[]}"#, status: 422), "Invalid request received.")
        XCTAssertEqual(reason(#"{"Message":"User is not authorized"}"#, status: 403), "User is not authorized")
        XCTAssertEqual(reason(#"{"errorMessage":"Task timed out","errorType":"Timeout"}"#, status: 504), "Task timed out")
        XCTAssertEqual(reason(#"{"error_message":"amount must be positive","error_code":"INVALID"}"#), "amount must be positive")
        XCTAssertEqual(reason(#"{"fault":{"faultstring":"Invalid ApiKey","detail":{"errorcode":"x"}}}"#, status: 401), "Invalid ApiKey")
        XCTAssertEqual(reason(#"{"errors":[{"status":"409","title":"Already exists"}]}"#, status: 409), "Already exists")
        XCTAssertEqual(reason(#"{"msg":"limit is too large"}"#), "limit is too large")
    }

    /// The server's id for a failed exchange is kept for logs and support, not shown to people.
    func testRequestIDFromCommonAndDeclaredHeaderNames() async {
        let client = APIClient(
            baseURL: testBaseURL,
            transport: MockTransport(.json(text: #"{"message":"Try again later"}"#, status: 503, headers: ["X-Request-Id": "req_8Hf2"])))
        let error = await thrownError { try await client.send(Request.pet()) } as? APIError
        XCTAssertEqual(error?.requestID, "req_8Hf2")
        XCTAssertEqual(error?.headers?["x-request-id"], "req_8Hf2")
        XCTAssertEqual(error?.description, "server(503: Try again later, request id req_8Hf2)")
        XCTAssertEqual(error?.userMessage, "Try again later")
        let stripe: HTTPFields = ["X-Amzn-RequestId": "a", "Request-Id": "req_1"]
        XCTAssertEqual(stripe.requestID, "req_1", "the more common name first")
        let cloudflare: HTTPFields = ["CF-Ray": "8a1b-AMS"]
        XCTAssertEqual(cloudflare.requestID, "8a1b-AMS")
        let twilio: HTTPFields = ["X-Twilio-Request-Id": "RQ1"]
        XCTAssertEqual(twilio.requestID, "RQ1", "a name that says it is one")
        let none: HTTPFields = ["Content-Type": "application/json", "X-Request-Id": ""]
        XCTAssertNil(none.requestID)
        XCTAssertNil(APIError.invalidResponse.requestID)

        let ok = APIClient(baseURL: testBaseURL, transport: MockTransport(.json(text: #"{"id":1,"name":"Rex"}"#, headers: ["request-id": "req_2"])))
        let response = try? await ok.response(for: Request.pet())
        XCTAssertEqual(response?.requestID, "req_2")
    }

    /// FastAPI and Pydantic answer 422 with a list of field errors; each reads "field: message".
    func testReasonFromValidationErrors() {
        XCTAssertEqual(reason(#"{"detail":[{"type":"missing","loc":["body","name"],"msg":"Field required","input":{}}]}"#, status: 422), "name: Field required")
        XCTAssertEqual(
            reason(#"{"detail":[{"loc":["query","limit"],"msg":"Input should be a valid integer"},{"loc":["body","tags",0],"msg":"Input should be a valid string"}]}"#, status: 422),
            "limit: Input should be a valid integer; tags[0]: Input should be a valid string")
        XCTAssertEqual(reason(#"{"detail":[{"loc":["body"],"msg":"Field required"}]}"#, status: 422), "Field required")
        XCTAssertEqual(reason(#"{"detail":[{"loc":["address","city"],"msg":"value is not a valid city"}]}"#, status: 422), "address.city: value is not a valid city")
        let many = (1...5).map { #"{"loc":["body","f\#($0)"],"msg":"Field required"}"# }.joined(separator: ",")
        XCTAssertEqual(reason(#"{"detail":[\#(many)]}"#, status: 422), "f1: Field required; f2: Field required; f3: Field required (and 2 more)")
        // A list without messages says nothing: the status text stands.
        XCTAssertEqual(reason(#"{"detail":[{"loc":["body","name"]}]}"#, status: 422), "Unprocessable Content")
        XCTAssertEqual(reason(#""Plain JSON string""#), "Plain JSON string")
        XCTAssertEqual(reason("  Rate limit\n exceeded ", status: 429, contentType: "text/plain"), "Rate limit exceeded")
    }

    func testReasonFallsBackToStatusTextAndNeverUsesHTML() {
        XCTAssertEqual(reason("<!DOCTYPE html><html><body><h1>Oops</h1></body></html>", status: 500, contentType: "text/html"), "Internal Server Error")
        XCTAssertEqual(reason("<html><body>502</body></html>", status: 502, contentType: "text/plain"), "Bad Gateway")
        XCTAssertEqual(reason(#"{"message":"<html><b>x</b></html>"}"#, status: 503), "Service Unavailable")
        XCTAssertEqual(reason("", status: 404), "Not Found")
        XCTAssertEqual(reason(#"{"code":12}"#, status: 409), "Conflict")
        XCTAssertEqual(reason("\u{1}\u{2}binary", status: 400, contentType: "application/octet-stream"), "Bad Request")
        XCTAssertEqual(ErrorReason.statusText(499), "The request was rejected (HTTP 499).")
        XCTAssertEqual(ErrorReason.statusText(599), "The server had a problem (HTTP 599).")
        XCTAssertEqual(reason(#"{"message":"\#(String(repeating: "a", count: 500))"}"#).count, 300)
    }

    func testServerErrorCarriesReasonStatusAndBody() async {
        let body = #"{"message":"Pet name is required"}"#
        let client = APIClient(baseURL: testBaseURL, transport: MockTransport(.json(text: body, status: 422)))
        let error = await thrownError { try await client.send(Request.pet()) }
        guard case APIError.server(let status, let reason, let data, _)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(status, 422)
        XCTAssertEqual(reason, "Pet name is required")
        XCTAssertEqual(String(decoding: data, as: UTF8.self), body)
        XCTAssertEqual(error?.userMessage, "Pet name is required")
        XCTAssertEqual((error as? APIError)?.status, 422)
        XCTAssertEqual(error?.localizedDescription, "Pet name is required")
    }

    func testDecodingFailureNamesKeyAndPath() async {
        struct Doc: Decodable, Sendable { var title: String }
        struct Search: Decodable, Sendable { var docs: [Doc] }
        let body = #"{"docs":[{"title":"A"},{"name":"B"}]}"#
        let client = APIClient(baseURL: testBaseURL, transport: MockTransport(.json(text: body)))
        let request = Request<Search>(method: .get, path: "/search", operationID: "search", response: .json)
        let error = await thrownError { try await client.send(request) }
        guard case APIError.decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(failure.path, "docs[1].title")
        XCTAssertEqual(failure.problem, "key not found")
        XCTAssertTrue(failure.description.hasPrefix("docs[1].title: key not found"), failure.description)
        XCTAssertEqual(String(decoding: failure.body, as: UTF8.self), body)
        XCTAssertEqual(error?.userMessage, "The server sent an unexpected response.")
    }

    func testDecodingFailureForWrongTypeNullAndInvalidJSON() async {
        struct Box: Decodable, Sendable { var items: [TestPet] }
        func failure(_ body: String) async -> DecodingFailure? {
            let client = APIClient(baseURL: testBaseURL, transport: MockTransport(.json(text: body)))
            let error = await thrownError { try await client.send(Request<Box>(method: .get, path: "/b", operationID: "b", response: .json)) }
            guard case APIError.decoding(let failure)? = error else { XCTFail("\(String(describing: error))"); return nil }
            return failure
        }
        let mismatch = await failure(#"{"items":[{"id":"seven","name":"x"}]}"#)
        XCTAssertEqual(mismatch?.path, "items[0].id")
        XCTAssertEqual(mismatch?.problem, "expected Int")
        let null = await failure(#"{"items":[{"id":1,"name":null}]}"#)
        XCTAssertEqual(null?.path, "items[0].name")
        XCTAssertEqual(null?.problem, "value is null, expected String")
        let broken = await failure(#"{"items": ["#)
        XCTAssertEqual(broken?.path, "")
        XCTAssertTrue(broken?.description.hasPrefix("(top level): ") == true, broken?.description ?? "")
    }

    func testUserMessagesForEveryKindOfError() {
        XCTAssertEqual(APIError.transport(URLError(.notConnectedToInternet)).userMessage, "You appear to be offline.")
        XCTAssertEqual(APIError.transport(URLError(.networkConnectionLost)).userMessage, "You appear to be offline.")
        XCTAssertEqual(APIError.transport(URLError(.dataNotAllowed)).userMessage, "You appear to be offline.")
        XCTAssertEqual(APIError.transport(URLError(.cannotConnectToHost)).userMessage, "Can't reach the server.")
        XCTAssertEqual(APIError.transport(URLError(.cannotFindHost)).userMessage, "Can't reach the server.")
        XCTAssertEqual(APIError.transport(URLError(.dnsLookupFailed)).userMessage, "Can't reach the server.")
        XCTAssertEqual(APIError.transport(URLError(.secureConnectionFailed)).userMessage, "Can't reach the server.")
        XCTAssertEqual(APIError.transport(URLError(.timedOut)).userMessage, "The request timed out.")
        XCTAssertEqual(URLError(.timedOut).userMessage, "The request timed out.")
        XCTAssertEqual(APIError.invalidResponse.userMessage, "The server sent an unexpected response.")
        XCTAssertEqual(APIError.server(status: 503, reason: "Service Unavailable", body: Data()).userMessage, "Service Unavailable")
        XCTAssertEqual(CancellationError().userMessage, "The request was cancelled.")
        XCTAssertEqual(NSError(domain: NSURLErrorDomain, code: URLError.Code.timedOut.rawValue).userMessage, "The request timed out.")
        struct Other: Error {}
        XCTAssertEqual(Other().userMessage, "Something went wrong. Please try again.")
        struct Described: LocalizedError { var errorDescription: String? { "Disk full." } }
        XCTAssertEqual(Described().userMessage, "Disk full.")
    }

    func testMessagesCanBeReplacedAndLocalised() {
        var german = UserMessages()
        german.offline = "Du bist offline."
        german.server = { status, reason in status >= 500 ? "Serverfehler" : reason }
        XCTAssertEqual(APIError.transport(URLError(.notConnectedToInternet)).userMessage(using: german), "Du bist offline.")
        XCTAssertEqual(APIError.server(status: 500, reason: "Internal Server Error", body: Data()).userMessage(using: german), "Serverfehler")
        XCTAssertEqual(APIError.server(status: 400, reason: "Name fehlt", body: Data()).userMessage(using: german), "Name fehlt")

        let saved = UserMessages.current
        defer { UserMessages.current = saved }
        UserMessages.current.timedOut = "Zeitüberschreitung."
        XCTAssertEqual(APIError.transport(URLError(.timedOut)).userMessage, "Zeitüberschreitung.")
    }

    func testDescriptionLeavesBodyOut() {
        let error = APIError.server(status: 400, reason: "Bad", body: Data("secret-body".utf8))
        XCTAssertEqual(error.description, "server(400: Bad)")
        XCTAssertEqual(APIError.transport(URLError(.timedOut)).description, "transport(URLError -1001)")
    }
}
