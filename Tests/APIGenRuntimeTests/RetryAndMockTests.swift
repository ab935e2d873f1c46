import APIGenRuntime
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class RetryPolicyTests: XCTestCase {
    private let policy = RetryPolicy(maxAttempts: 4, baseDelay: 0.5, maxDelay: 10, jitter: 0.5)

    private func response(_ status: Int, retryAfter: String? = nil) -> RetryPolicy.Outcome {
        var headers = HTTPFields()
        headers["Retry-After"] = retryAfter
        return .response(HTTPResponse(status: status, headers: headers))
    }

    func testRetriesOnlyWorthwhileOutcomesOfIdempotentRequests() {
        for status in [408, 429, 500, 502, 503, 504] {
            XCTAssertNotNil(policy.delay(after: response(status), attempt: 1, isIdempotent: true), "\(status)")
            XCTAssertNil(policy.delay(after: response(status), attempt: 1, isIdempotent: false), "POST \(status)")
        }
        for status in [200, 400, 401, 404, 409, 422, 501] {
            XCTAssertNil(policy.delay(after: response(status), attempt: 1, isIdempotent: true), "\(status)")
        }
        for code in [URLError.Code.timedOut, .networkConnectionLost, .cannotConnectToHost] {
            XCTAssertNotNil(policy.delay(after: .failure(APIError.transport(URLError(code))), attempt: 1, isIdempotent: true), "\(code)")
        }
        for error: any Error in [APIError.transport(URLError(.notConnectedToInternet)), APIError.transport(URLError(.cancelled)), APIError.invalidResponse, CancellationError()] {
            XCTAssertNil(policy.delay(after: .failure(error), attempt: 1, isIdempotent: true), "\(error)")
        }
        XCTAssertNil(policy.delay(after: response(503), attempt: 4, isIdempotent: true), "attempts are bounded")
    }

    func testExponentialBackoffWithJitterAndCap() {
        XCTAssertEqual(policy.delay(after: response(500), attempt: 1, isIdempotent: true, random: 0), 0.5)
        XCTAssertEqual(policy.delay(after: response(500), attempt: 2, isIdempotent: true, random: 0), 1.0)
        XCTAssertEqual(policy.delay(after: response(500), attempt: 3, isIdempotent: true, random: 0), 2.0)
        XCTAssertEqual(policy.delay(after: response(500), attempt: 3, isIdempotent: true, random: 1), 1.0)
        let long = RetryPolicy(maxAttempts: 20, baseDelay: 1, maxDelay: 8, jitter: 0)
        XCTAssertEqual(long.delay(after: response(500), attempt: 10, isIdempotent: true), 8)
        for _ in 0..<50 {
            let delay = policy.delay(after: response(502), attempt: 2, isIdempotent: true) ?? -1
            XCTAssertTrue((0.5...1.0).contains(delay), "\(delay)")
        }
    }

    func testRetryAfterSecondsAndDatesOn429And503Only() {
        let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
        XCTAssertEqual(policy.delay(after: response(429, retryAfter: "3"), attempt: 1, isIdempotent: true, now: now), 3)
        XCTAssertEqual(policy.delay(after: response(503, retryAfter: "Wed, 21 Oct 2015 07:28:07 GMT"), attempt: 1, isIdempotent: true, now: now), 7)
        XCTAssertEqual(policy.delay(after: response(503, retryAfter: "600"), attempt: 1, isIdempotent: true, now: now), 10, "capped by maxDelay")
        XCTAssertEqual(policy.delay(after: response(500, retryAfter: "9"), attempt: 1, isIdempotent: true, now: now, random: 0), 0.5, "ignored on 500")
        XCTAssertEqual(policy.delay(after: response(429, retryAfter: "soon"), attempt: 1, isIdempotent: true, now: now, random: 0), 0.5, "unreadable: backoff")
        XCTAssertEqual(RetryPolicy.retryAfter("Sunday, 06-Nov-94 08:49:37 GMT", now: Date(timeIntervalSince1970: 784_111_770)), 7)
        XCTAssertEqual(RetryPolicy.retryAfter("Sun Nov  6 08:49:37 1994", now: Date(timeIntervalSince1970: 784_111_777)), 0)
        XCTAssertEqual(RetryPolicy.retryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now: now), 0, "a past date means now")
    }

    func testClientRetriesWithInjectedSleepAndHonoursRetryAfter() async throws {
        let delays = Recorder<TimeInterval>()
        let mock = MockTransport(.sequence([
            .status(503, headers: ["Retry-After": "2"]),
            .failure(URLError(.networkConnectionLost)),
            .json(TestPet(id: 1, name: "Rex")),
        ]))
        let client = APIClient(baseURL: testBaseURL, transport: mock, retry: .instant(delays))
        let pet = try await client.send(Request.pet())
        XCTAssertEqual(pet.name, "Rex")
        XCTAssertEqual(mock.requests.count, 3)
        XCTAssertEqual(delays.all, [2, 0.2])
    }

    func testGivesUpAfterMaxAttemptsWithTheLastOutcome() async {
        let delays = Recorder<TimeInterval>()
        let mock = MockTransport(.json(text: #"{"message":"Down for maintenance"}"#, status: 503))
        let client = APIClient(baseURL: testBaseURL, transport: mock, retry: .instant(delays))
        let error = await thrownError { try await client.send(Request.pet()) }
        XCTAssertEqual(error?.userMessage, "Down for maintenance")
        XCTAssertEqual(mock.requests.count, 3)
        XCTAssertEqual(delays.all, [0.1, 0.2])
    }

    func testNonIdempotentRequestsAreNotRetriedUnlessMarked() async throws {
        let delays = Recorder<TimeInterval>()
        let mock = MockTransport(.sequence([.status(503), .status(201)]))
        let client = APIClient(baseURL: testBaseURL, transport: mock, retry: .instant(delays))
        var create = Request<Void>(method: .post, path: "/pets", operationID: "createPets", response: .empty)
        let error = await thrownError { try await client.send(create) }
        XCTAssertEqual((error as? APIError)?.status, 503)
        XCTAssertEqual(mock.requests.count, 1)

        create.isIdempotent = true  // e.g. the API takes an idempotency key
        try await client.send(create)
        XCTAssertEqual(mock.requests.count, 2)
    }

    func testCancellingDuringBackoffStopsRetrying() async {
        let mock = MockTransport(.status(503, headers: ["Retry-After": "30"]))
        let client = APIClient(baseURL: testBaseURL, transport: mock, retry: RetryPolicy(maxAttempts: 5, maxDelay: 60))
        let task = Task { try await client.send(Request.pet()) }
        while mock.requests.isEmpty {
            await Task.yield()
        }
        try? await Task.sleep(nanoseconds: 50_000_000)
        let start = Date()
        task.cancel()
        let result = await task.result
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "waited out the 30 s Retry-After")
        guard case .failure(let error) = result else { return XCTFail("expected cancellation") }
        XCTAssertTrue(error is CancellationError, "\(error)")
        XCTAssertEqual(mock.requests.count, 1)
    }
}

final class MockTransportTests: XCTestCase {
    func testAnswersByOperationAndRecordsRequests() async throws {
        let mock = MockTransport(["showPet": .json(TestPet(id: 7, name: "Rex"))])
        mock.respond(to: "deletePet", with: .status(204))
        let client = APIClient(baseURL: testBaseURL, transport: mock)
        let pet = try await client.send(Request.pet(7))
        XCTAssertEqual(pet, TestPet(id: 7, name: "Rex"))
        try await client.send(Request<Void>(method: .delete, path: "/pets/7", operationID: "deletePet", response: .empty))
        let missing = await thrownError { try await client.send(Request<Void>(method: .get, path: "/other", operationID: "other", response: .empty)) }
        XCTAssertEqual((missing as? APIError)?.status, 404)
        XCTAssertEqual(mock.requests.map(\.operationID), ["showPet", "deletePet", "other"])
        XCTAssertEqual(mock.requests(for: "showPet").first?.url.absoluteString, "https://api.example.com/v1/pets/7")
        mock.reset()
        XCTAssertTrue(mock.requests.isEmpty)
    }

    func testRecordsConcurrentRequestsSafely() async throws {
        let mock = MockTransport(.json(TestPet(id: 1, name: "Rex")))
        let client = APIClient(baseURL: testBaseURL, transport: mock)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 0..<100 {
                group.addTask { _ = try await client.send(Request.pet(id)) }
            }
            try await group.waitForAll()
        }
        XCTAssertEqual(Set(mock.requests.map(\.url.lastPathComponent)).count, 100)
    }

    func testClosureHandlerSeesTheRequest() async throws {
        let mock = MockTransport { request in
            (HTTPResponse(status: 200, headers: ["X-Echo": request.method.rawValue]), Data(#"{"id":3,"name":"\#(request.url.lastPathComponent)"}"#.utf8))
        }
        let client = APIClient(baseURL: testBaseURL, transport: mock)
        let response = try await client.response(for: Request.pet(3))
        XCTAssertEqual(response.value.name, "3")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["x-echo"], "GET")
    }

    func testSlowResponseTimesOut() async {
        let mock = MockTransport(MockResponse.json(TestPet(id: 1, name: "Rex")).delayed(by: 60))
        let client = APIClient(baseURL: testBaseURL, transport: mock, retry: .none, timeout: 0.2)
        let start = Date()
        let error = await thrownError { try await client.send(Request.pet()) }
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "waited for the 60 s answer")
        guard case APIError.transport(let urlError)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(urlError.code, .timedOut)
        XCTAssertEqual(error?.userMessage, "The request timed out.")
    }

    func testTransportFailuresBecomeAPIErrors() async {
        let client = APIClient(baseURL: testBaseURL, transport: MockTransport(.failure(URLError(.notConnectedToInternet))))
        let error = await thrownError { try await client.send(Request.pet()) }
        guard case APIError.transport(let urlError)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(urlError.code, .notConnectedToInternet)
        XCTAssertEqual(error?.userMessage, "You appear to be offline.")
    }

    func testCancellationIsNeverAnAPIError() async {
        let mock = MockTransport(MockResponse.status(200).delayed(by: 10))
        let client = APIClient(baseURL: testBaseURL, transport: mock)
        let task = Task { try await client.send(Request<Void>(method: .get, path: "/x", operationID: "x", response: .empty)) }
        try? await Task.sleep(nanoseconds: 50_000_000)
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result else { return XCTFail("expected cancellation") }
        XCTAssertTrue(error is CancellationError, "\(error)")
    }

    func testResponseBodiesOfEveryKind() async throws {
        let mock = MockTransport([
            "text": .text("hello"),
            "data": .data(Data([1, 2, 3])),
            "empty": .status(204),
        ])
        let client = APIClient(baseURL: testBaseURL, transport: mock)
        let text = try await client.send(Request<String>(method: .get, path: "/t", operationID: "text", response: .text))
        let data = try await client.send(Request<Data>(method: .get, path: "/d", operationID: "data", response: .data))
        let empty = try await client.response(for: Request<Void>(method: .delete, path: "/e", operationID: "empty", response: .empty))
        XCTAssertEqual(text, "hello")
        XCTAssertEqual(data, Data([1, 2, 3]))
        XCTAssertEqual(empty.status, 204)
    }
}
