import APIGenRuntime
import Foundation
import XCTest

extension XCTestCase {
    /// A client for `Specs/<spec>` served by connexion, or a skip when Python/connexion is missing.
    func client(for spec: String, pathPrefix: String, authentication: Authentication? = nil) throws -> APIClient {
        let server = try MockServer.shared(spec: spec, pathPrefix: pathPrefix)
        return APIClient(baseURL: server.baseURL, authentication: authentication, retry: .none, timeout: 10)
    }

    /// Runs `body` and returns the `APIError` it threw, failing when it threw nothing else.
    /// A skip thrown inside `body` (the mock server is unavailable) is passed on, so the test
    /// skips instead of reporting the skip as the wrong error.
    func apiError(_ body: () async throws -> Void, file: StaticString = #filePath, line: UInt = #line) async throws -> APIError? {
        do {
            try await body()
            XCTFail("expected an error", file: file, line: line)
        } catch let error as APIError {
            return error
        } catch let skip as XCTSkip {
            throw skip
        } catch {
            XCTFail("expected an APIError, got \(error)", file: file, line: line)
        }
        return nil
    }
}
