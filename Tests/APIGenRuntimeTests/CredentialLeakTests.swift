@_spi(Generated) import APIGenRuntime
import Foundation
import LoopbackServers
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private struct Stamped: Decodable, Sendable {
    var id: Int
    var at: Date
}

/// Credentials never reach a log line, an error message or its user-facing text, whatever the
/// server echoes back or the transport fails with.
final class CredentialLeakTests: XCTestCase {
    private static let secrets = [
        "BEARER-SECRET-1", "BASIC-PASS-2", "HDR-KEY-3", "QRY-KEY-4", "CKE-KEY-5",
        Data("alice:BASIC-PASS-2".utf8).base64EncodedString(),
    ]

    private static let schemes: [SecurityScheme] = [
        SecurityScheme(name: "bearerAuth", kind: .bearer),
        SecurityScheme(name: "basicAuth", kind: .basic),
        SecurityScheme(name: "headerKey", kind: .apiKey(name: "X-Partner", location: .header)),
        SecurityScheme(name: "queryKey", kind: .apiKey(name: "code", location: .query)),
        SecurityScheme(name: "cookieKey", kind: .apiKey(name: "sid", location: .cookie)),
    ]

    private static let authentication = Authentication.combined(
        .bearer("BEARER-SECRET-1"),
        .basic(username: "alice", password: "BASIC-PASS-2"),
        .apiKey("HDR-KEY-3", scheme: "headerKey"),
        .apiKey("QRY-KEY-4", scheme: "queryKey"),
        .apiKey("CKE-KEY-5", scheme: "cookieKey")
    )

    private func assertNoSecret(in error: (any Error)?, log: [String], _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let error else { return XCTFail("\(context): expected an error", file: file, line: line) }
        var texts = [
            "String(describing:)": String(describing: error),
            "localizedDescription": error.localizedDescription,
            "userMessage": error.userMessage,
            "log": log.joined(separator: "\n"),
        ]
        if let apiError = error as? APIError {
            texts["description"] = apiError.description
            if case .server(_, let reason, _, _) = apiError {
                texts["reason"] = reason
            }
            if case .decoding(let failure) = apiError {
                texts["failure"] = failure.description
            }
        }
        for (place, text) in texts {
            for secret in Self.secrets {
                XCTAssertFalse(text.contains(secret), "\(context): \(secret) leaked into \(place): \(text)", file: file, line: line)
            }
        }
        XCTAssertFalse(log.isEmpty, "\(context): nothing was logged", file: file, line: line)
    }

    func testServerEchoingCredentialsNeverLeaksThem() async throws {
        let server = try startFaultServer()
        for scheme in Self.schemes {
            let lines = Recorder<String>()
            let client = APIClient(
                baseURL: server.baseURL, transport: URLSessionTransport(), authentication: Self.authentication,
                middlewares: [LoggingMiddleware(detail: .headers) { lines.append($0) }], retry: .none, timeout: 10
            )
            var request = Request<Void>(method: .get, path: "/echo401", operationID: "whoami", response: .empty)
            request.security = [[scheme]]
            let error = await thrownError { try await client.send(request) }
            guard case APIError.server(401, let reason, let body, _)? = error else {
                XCTFail("\(scheme.name): expected a 401, got \(String(describing: error))")
                continue
            }
            // The server did echo the credential: the test would catch a leak.
            XCTAssertTrue(Self.secrets.contains { String(decoding: body, as: UTF8.self).contains($0) }, "\(scheme.name): the body should echo the credential")
            XCTAssertTrue(reason.hasPrefix("Rejected credentials:"), reason)
            XCTAssertTrue(reason.contains(Redaction.placeholder), reason)
            assertNoSecret(in: error, log: lines.all, scheme.name)
        }
    }

    func testTransportFailureWithCredentialsNeverLeaksThem() async throws {
        let lines = Recorder<String>()
        let client = APIClient(
            baseURL: URL(string: "http://127.0.0.1:\(LoopbackServer.unusedPort())")!, transport: URLSessionTransport(),
            authentication: Self.authentication, middlewares: [LoggingMiddleware(detail: .headers) { lines.append($0) }], retry: .none, timeout: 5
        )
        var request = Request<Void>(method: .get, path: "/pets", operationID: "listPets", response: .empty)
        request.security = [Self.schemes]
        let error = await thrownError { try await client.send(request) }
        guard case APIError.transport? = error else { return XCTFail("expected a transport error, got \(String(describing: error))") }
        assertNoSecret(in: error, log: lines.all, "transport failure")
    }

    func testEchoedCredentialsInResponsesAndDecoderMessagesAreRedacted() async throws {
        let token = "BEARER-SECRET-1"
        let headers: HTTPFields = [
            "Content-Type": "application/json",
            "Location": "https://api.example.com/v1/next?code=QRY-KEY-4",
            "X-Debug": "saw \(token) and HDR-KEY-3 and CKE-KEY-5",
        ]
        // A 2xx body quoting a credential where the decoder quotes the value back (a bad date).
        let body = Data(#"{"id": 1, "at": "\#(token)"}"#.utf8)
        let lines = Recorder<String>()
        let client = APIClient(
            baseURL: testBaseURL, transport: MockTransport(.data(body, headers: headers)), authentication: Self.authentication,
            middlewares: [LoggingMiddleware(detail: .headers) { lines.append($0) }], retry: .none
        )
        var request = getJSON("/stamped", Stamped.self)
        request.security = [[Self.schemes[0], Self.schemes[2], Self.schemes[3], Self.schemes[4]]]
        let error = await thrownError { try await client.send(request) }
        guard case APIError.decoding(let failure)? = error else { return XCTFail("expected decoding, got \(String(describing: error))") }
        XCTAssertEqual(failure.path, "at")
        XCTAssertTrue(failure.message.contains(Redaction.placeholder), failure.message)
        XCTAssertTrue(lines.all.joined().contains("X-Debug: saw \(Redaction.placeholder)"), lines.all.joined(separator: "\n"))
        assertNoSecret(in: error, log: lines.all, "echoing 2xx")

        // A 403 with a plain-text body and a base URL with a password.
        let plainLines = Recorder<String>()
        let plain = APIClient(
            baseURL: URL(string: "https://alice:URLPASS-6@api.example.com/v1")!,
            transport: MockTransport(.text("token BEARER-SECRET-1 is revoked; the password was URLPASS-6", status: 403)),
            authentication: Self.authentication, middlewares: [LoggingMiddleware(detail: .headers) { plainLines.append($0) }], retry: .none
        )
        var revoked = Request<Void>(method: .get, path: "/me", operationID: "me", response: .empty)
        revoked.security = [[Self.schemes[0]]]
        let forbidden = await thrownError { try await plain.send(revoked) }
        guard case APIError.server(403, let reason, _, _)? = forbidden else { return XCTFail("expected 403, got \(String(describing: forbidden))") }
        XCTAssertEqual(reason, "token \(Redaction.placeholder) is revoked; the password was \(Redaction.placeholder)")
        assertNoSecret(in: forbidden, log: plainLines.all, "plain-text 403")
        XCTAssertFalse(plainLines.all.joined().contains("URLPASS-6"), plainLines.all.joined(separator: "\n"))
    }
}
