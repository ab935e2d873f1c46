import APIGenRuntime
import FeaturesAPI
import Foundation
import XCTest

/// Servers of Specs/features.yaml: an operation or path with servers of its own, and a server
/// the spec gives relative to where the API is served.
final class ServerTests: XCTestCase {
    private func sent(_ request: Request<Void>, usesOperationServers: Bool = true) async throws -> URL {
        let mock = MockTransport(.status(204))
        let client = APIClient(server: API.Servers.default, transport: mock, retry: .none, usesOperationServers: usesOperationServers)
        try await client.send(request)
        return try XCTUnwrap(mock.lastRequest?.url)
    }

    func testAnOperationGoesToTheServerItsPathOrItselfNames() async throws {
        let report = try await sent(API.getReport())
        XCTAssertEqual(report.absoluteString, "https://reports.example.com/api/reports")
        // The operation's own servers win over its path's; variables take their defaults.
        let deleted = try await sent(API.deleteReport())
        XCTAssertEqual(deleted.absoluteString, "https://eu.reports.example.com/reports")
        // Other operations go to the client's server.
        XCTAssertEqual(API.getConstants().server, nil)
    }

    func testAClientCanSendEveryRequestToItsOwnServer() async throws {
        let ownServer = try await sent(API.getReport(), usesOperationServers: false)
        XCTAssertEqual(ownServer.absoluteString, "https://features.example.com/v1/reports")
        var request = API.getReport()
        request.server = nil
        let cleared = try await sent(request)
        XCTAssertEqual(cleared.absoluteString, "https://features.example.com/v1/reports")
    }

    func testARelativeServerIsResolvedAgainstTheAppsBase() {
        let base = URL(string: "https://api.example.com/app")!
        XCTAssertEqual(API.Servers.sameHost(relativeTo: base).url.absoluteString, "https://api.example.com/features/v1")
        XCTAssertEqual(API.Servers.sameHost(relativeTo: base, version: "v2").url.absoluteString, "https://api.example.com/features/v2")
        XCTAssertEqual(API.Servers.default.url.absoluteString, "https://features.example.com/v1")
    }
}
