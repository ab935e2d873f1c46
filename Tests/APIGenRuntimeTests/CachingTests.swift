import APIGenRuntime
import Foundation
import LoopbackServers
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HTTP caching against a real server: a fresh answer costs no request, a stale one a
/// conditional request whose `304` is answered from the cache, on disk across clients too.
final class CachingTests: XCTestCase {
    private struct Version: Decodable, Sendable, Equatable {
        var version: Int
        var served: Int
    }

    private struct Count: Decodable, Sendable {
        var count: Int
    }

    private var server: LoopbackServer!

    override func setUpWithError() throws {
        server = try LoopbackServer(script: "fault_server.py")
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    private func client(_ cache: ResponseCache?) -> APIClient {
        APIClient(baseURL: server.baseURL, transport: URLSessionTransport(), retry: .none, timeout: 5, cache: cache)
    }

    private func resource(_ key: String, cacheControl: String = "no-cache") -> Request<Version> {
        var request = Request<Version>(method: .get, path: "/etag", operationID: "getVersion", response: .json)
        request.addQuery("key", key)
        request.addQuery("cc", cacheControl)
        return request
    }

    private func count(_ key: String) async throws -> Int {
        var request = Request<Count>(method: .get, path: "/count", operationID: "count", response: .json)
        request.addQuery("key", key)
        return try await client(nil).send(request).count
    }

    func testAStaleAnswerIsRevalidatedAndA304IsServedFromTheCache() async throws {
        let client = client(ResponseCache())
        let first = try await client.send(resource("stale"))
        let second = try await client.response(for: resource("stale"))
        XCTAssertEqual(second.value, first, "the stored body, not a new one (served stays 1)")
        XCTAssertEqual(second.status, 200)
        let requests = try await count("etag-stale")
        let notModified = try await count("etag304-stale")
        XCTAssertEqual(requests, 2)
        XCTAssertEqual(notModified, 1, "the second request was conditional and answered 304")
    }

    func testAFreshAnswerCostsNoRequest() async throws {
        let client = client(ResponseCache())
        let first = try await client.send(resource("fresh", cacheControl: "max-age=60"))
        let second = try await client.send(resource("fresh", cacheControl: "max-age=60"))
        XCTAssertEqual(first, second)
        let requests = try await count("etag-fresh")
        XCTAssertEqual(requests, 1)
    }

    func testWithoutACacheEveryRequestIsSentWhole() async throws {
        let client = client(nil)
        _ = try await client.send(resource("none"))
        let second = try await client.send(resource("none"))
        XCTAssertEqual(second.served, 2)
        let notModified = try await count("etag304-none")
        XCTAssertEqual(notModified, 0)
    }

    func testNoStoreIsNeverStored() async throws {
        let client = client(ResponseCache())
        _ = try await client.send(resource("nostore", cacheControl: "no-store"))
        let second = try await client.send(resource("nostore", cacheControl: "no-store"))
        XCTAssertEqual(second.served, 2)
        let cached = await client.cachedValue(for: resource("nostore", cacheControl: "no-store"))
        XCTAssertNil(cached)
    }

    func testADiskCacheOutlivesTheClientAndCredentialsSeparateEntries() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await client(ResponseCache(folder: folder)).send(resource("disk", cacheControl: "max-age=60"))
        let relaunched = client(ResponseCache(folder: folder))
        let cached = await relaunched.cachedValue(for: resource("disk", cacheControl: "max-age=60"))
        XCTAssertEqual(cached?.served, 1)
        _ = try await relaunched.send(resource("disk", cacheControl: "max-age=60"))
        let requests = try await count("etag-disk")
        XCTAssertEqual(requests, 1, "answered from disk")

        var otherUser = resource("disk", cacheControl: "max-age=60")
        otherUser.headers["Authorization"] = "Bearer someone-else"
        let theirs = try await relaunched.send(otherUser)
        XCTAssertEqual(theirs.served, 2, "another user's request is not answered with this one's")
        ResponseCache(folder: folder).removeAll()
        let gone = await client(ResponseCache(folder: folder)).cachedValue(for: resource("disk", cacheControl: "max-age=60"))
        XCTAssertNil(gone)
    }

    /// A read view model shows what the cache holds at once, then refreshes it.
    @MainActor
    func testAViewModelShowsTheCachedValueWhileItRefreshes() async throws {
        final class VersionModel: QueryViewModel<Version> {
            override func makeRequest() -> Request<Version> {
                Request<Version>(method: .get, path: "/version", operationID: "getVersion", response: .json)
            }
        }
        let served = Recorder<Int>()
        let transport = MockTransport { _ in
            served.append(1)
            let count = served.all.count
            if count > 1 { try await Task.sleep(nanoseconds: 300_000_000) }  // the refresh is slow
            let headers: HTTPFields = ["Content-Type": "application/json", "ETag": "\"v\(count)\"", "Cache-Control": "no-cache"]
            return (HTTPResponse(status: 200, headers: headers), Data(#"{"version":1,"served":\#(count)}"#.utf8))
        }
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport, retry: .none, cache: ResponseCache())
        await VersionModel(client: client).load()

        let screen = VersionModel(client: client)
        let loading = Task { await screen.load() }
        while !screen.isRefreshing { await Task.yield() }
        XCTAssertEqual(screen.state.value?.served, 1, "the cached value at once")
        await loading.value
        XCTAssertEqual(screen.state.value?.served, 2, "then the server's")
        XCTAssertFalse(screen.isRefreshing)
    }

    /// A paged list shows the first page the cache holds at once, then refreshes it.
    @MainActor
    func testAPagedViewModelShowsTheCachedFirstPageWhileItRefreshes() async throws {
        final class NumbersModel: PagedViewModel<[Int], Int> {
            init(client: APIClient) {
                super.init(client: client, pages: PagedQuery(first: .page(1), items: { $0 }, next: { _, _, _ in nil }))
            }
            override func makePageRequests() -> @Sendable (PageRequest) -> Request<[Int]> {
                { _ in Request<[Int]>(method: .get, path: "/numbers", operationID: "listNumbers", response: .json) }
            }
        }
        let served = Recorder<Int>()
        let transport = MockTransport { _ in
            served.append(1)
            let count = served.all.count
            if count > 1 { try await Task.sleep(nanoseconds: 300_000_000) }
            let headers: HTTPFields = ["Content-Type": "application/json", "ETag": "\"v\(count)\"", "Cache-Control": "no-cache"]
            return (HTTPResponse(status: 200, headers: headers), Data("[\(count), \(count)]".utf8))
        }
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport, retry: .none, cache: ResponseCache())
        await NumbersModel(client: client).load()

        let screen = NumbersModel(client: client)
        let loading = Task { await screen.load() }
        while !screen.isRefreshing { await Task.yield() }
        XCTAssertEqual(screen.state.value, [1, 1], "the cached first page at once")
        await loading.value
        XCTAssertEqual(screen.state.value, [2, 2], "then the server's")
    }
}
