import APIGenRuntime
import Foundation
import PetstoreAPI
import XCTest

/// The README's example client against a server that validates every request against
/// Specs/petstore.yaml.
final class PetstoreEndToEndTests: XCTestCase {
    private func petstore(authenticated: Bool = true) throws -> APIClient {
        try client(for: "petstore.yaml", pathPrefix: "/v1", authentication: authenticated ? .bearer("secret-token") : nil)
    }

    func testListCreateFetchUpdateDelete() async throws {
        let client = try petstore()
        let pets = try await client.send(API.listPets(limit: 20, tag: ["dog", "cat"]))
        XCTAssertFalse(pets.isEmpty)
        XCTAssertEqual(pets.first?.name, "Rex")

        let created = try await client.send(API.createPet(body: NewPet(name: "Rex", tag: "dog")))
        XCTAssertEqual(created.id, 42)
        XCTAssertEqual(created.status, .available)

        let fetched = try await client.send(API.showPetByID(petID: 42))
        XCTAssertEqual(fetched.name, "Rex")

        let updated = try await client.send(API.updatePet(petID: 42, body: PetUpdate(name: "Max", tag: .null)))
        XCTAssertEqual(updated.id, 42)

        try await client.send(API.deletePet(petID: 42))
    }

    func testResponseHeadersAndStatusAreAvailable() async throws {
        let response = try await petstore().response(for: API.createPet(body: NewPet(name: "Rex")))
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.headers["Content-Type"], "application/json")
        XCTAssertEqual(response.value.name, "Rex")
        // The headers the spec declares for a 201, typed; the server sends their examples.
        let headers = CreatePetResponseHeaders(response.headers)
        XCTAssertEqual(headers.location, URL(string: "/v1/pets/42"))
        XCTAssertEqual(headers.rateLimitRemaining, 99)
        XCTAssertEqual(headers.lastModified, Date(timeIntervalSince1970: 1_792_567_680))
    }

    func testTheServersOwnMessageReachesTheError() async throws {
        let client = try petstore()
        // limit has `maximum: 100`; the server says so.
        let error = try await apiError { _ = try await client.send(API.listPets(limit: 1000)) }
        guard case .server(let status, let reason, _, _)? = error else {
            return XCTFail("expected a server error, got \(String(describing: error))")
        }
        XCTAssertEqual(status, 400)
        XCTAssertTrue(reason.contains("1000 is greater than the maximum of 100"), reason)
        XCTAssertEqual(error?.userMessage, reason)
        // The operation declares its 400 as an RFC 9457 problem: the server's own one decodes into it.
        guard let error, case .badRequest(let problem)? = ListPetsError(error) else {
            return XCTFail("expected the declared 400 problem, got \(String(describing: error))")
        }
        XCTAssertEqual(problem.status, 400)
        XCTAssertEqual(problem.title, "Bad Request")
        XCTAssertTrue(problem.detail?.contains("1000 is greater than the maximum of 100") == true, "\(problem)")
    }

    func testMissingCredentialsAreRejectedByTheServer() async throws {
        let error = try await apiError { _ = try await self.petstore(authenticated: false).send(API.createPet(body: NewPet(name: "Rex"))) }
        guard case .server(let status, let reason, _, _)? = error else {
            return XCTFail("expected a server error, got \(String(describing: error))")
        }
        XCTAssertEqual(status, 401)
        XCTAssertFalse(reason.isEmpty)
    }

    func testAPublicOperationSendsNoCredentials() async throws {
        let transport = MockTransport(.json([Pet]()))
        let client = APIClient(baseURL: URL(string: "https://example.com/v1")!, transport: transport, authentication: .bearer("secret"))
        _ = try await client.send(API.listPets())
        XCTAssertNil(transport.lastRequest?.headers["Authorization"])
        _ = try? await client.send(API.showPetByID(petID: 1))
        XCTAssertEqual(transport.lastRequest?.headers["Authorization"], "Bearer secret")
    }

    func testAnUnreachableServerGivesAReadableMessage() async throws {
        let port = try Self.closedPort()
        let client = APIClient(baseURL: URL(string: "http://127.0.0.1:\(port)/v1")!, retry: .none, timeout: 5)
        do {
            _ = try await client.send(API.listPets())
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.userMessage, "Can't reach the server.")
        }
    }

    func testServersBuildTheirURLFromVariables() {
        XCTAssertEqual(API.Servers.default.url.absoluteString, "https://production.petstore.example.com/v1")
        XCTAssertEqual(API.Servers.hostedPetstoreAPI(environment: .staging).url.absoluteString, "https://staging.petstore.example.com/v1")
    }

    /// A port nothing listens on: bind one, note it, close it.
    static func closedPort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw XCTSkip("cannot create a socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        close(socket)
        guard bound else { throw XCTSkip("cannot bind a socket") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
