import APIGenRuntime
import Foundation
import XCTest

/// Thousands of random interleavings of load, refresh, loadMore, cancel and reset, with fetches
/// that take random time and sometimes fail, must never leave a query in an impossible state:
/// loading forever, a cancellation shown as a failure, pages out of order or twice.
@MainActor
final class ViewModelInterleavingTests: XCTestCase {
    /// The only error a fetch throws; any other in the state is a cancellation leaking out.
    private struct Injected: Error {}

    /// SplitMix64: the same seed gives the same sequence, so a failure can be replayed.
    private struct Random {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((mixed ^ (mixed >> 31)) % UInt64(bound))
        }
    }

    /// Pages 1 to 5 of ten items each (page n holds 10(n-1) ..< 10n), after 0–3 ms; one fetch in
    /// eight fails. The delays and failures come from `seed`, so a sequence replays exactly.
    private static func pageFetch(seed: UInt64) -> @Sendable (PageRequest) async throws -> [Int] {
        let random = Shared(Random(state: seed))
        return { request in
            let (delay, fails) = random.withLock { random in (random.next(3_000), random.next(8) == 0) }
            try await Task.sleep(nanoseconds: UInt64(delay) * 1_000)
            if fails { throw Injected() }
            guard case .page(let number) = request else { return [] }
            return Array(((number - 1) * 10)..<(number * 10))
        }
    }

    private func checkSettled(_ query: PagedQuery<[Int], Int>, _ label: String) {
        XCTAssertFalse(query.state.isLoading, "\(label): loading forever")
        XCTAssertFalse(query.isLoadingMore, "\(label): loading more forever")
        XCTAssertFalse(query.isRefreshing, "\(label): refreshing forever")
        for error in [query.state.error, query.loadMoreError, query.refreshError].compactMap({ $0 }) {
            XCTAssertTrue(error is Injected, "\(label): shows \(error), which no fetch threw")
        }
        if let items = query.state.value {
            // Whole pages, in order, each once.
            XCTAssertEqual(items, Array(0..<items.count), label)
            XCTAssertEqual(items.count % 10, 0, label)
            XCTAssertTrue(items.count <= 50, label)
            XCTAssertEqual(query.hasMore, items.count < 50, "\(label): hasMore with \(items.count) items")
        }
    }

    func testRandomInterleavingsOfPagedLoadsNeverEndInAnImpossibleState() async throws {
        for sequence in 0..<1_500 {
            var random = Random(state: UInt64(sequence))
            let query = PagedQuery<[Int], Int>(
                first: .page(1), items: { $0 },
                next: { page, current, _ in
                    guard case .page(let number) = current, number < 5, !page.isEmpty else { return nil }
                    return .page(number + 1)
                })
            let fetch = Self.pageFetch(seed: UInt64(sequence) &* 31)
            var tasks: [Task<Void, Never>] = []
            var steps: [String] = []
            for _ in 0..<(4 + random.next(8)) {
                let operation = random.next(7)
                steps.append(["load", "refresh", "loadMore", "loadMore", "cancel", "cancelTask", "reset"][operation])
                switch operation {
                case 0: tasks.append(Task { await query.load(fetch) })
                case 1: tasks.append(Task { await query.refresh(fetch) })
                case 2, 3: tasks.append(Task { await query.loadMore(fetch) })
                case 4: query.cancel()
                case 5: tasks.last?.cancel()
                default: query.reset()
                }
                if random.next(2) == 0 {
                    try await Task.sleep(nanoseconds: UInt64(random.next(2_000)) * 1_000)
                }
            }
            for task in tasks { await task.value }
            checkSettled(query, "sequence \(sequence) (\(steps.joined(separator: ", ")))")
            // Settled, it still works: the next load or loadMore does what it says.
            await query.load(fetch)
            if query.state.isLoaded { await query.loadMore(fetch) }
            checkSettled(query, "sequence \(sequence) after a last load")
        }
    }

    func testRandomInterleavingsOfSingleValueLoadsNeverEndInAnImpossibleState() async throws {
        for sequence in 0..<1_500 {
            var random = Random(state: UInt64(sequence) &+ 10_000)
            let query = RemoteQuery<Int>()
            let fetches = Shared(Random(state: UInt64(sequence) &* 17))
            let counter = Shared(0)
            let fetch: @Sendable () async throws -> Int = {
                let (delay, fails) = fetches.withLock { random in (random.next(3_000), random.next(8) == 0) }
                try await Task.sleep(nanoseconds: UInt64(delay) * 1_000)
                if fails { throw Injected() }
                return counter.withLock { count in
                    count += 1
                    return count
                }
            }
            var tasks: [Task<Void, Never>] = []
            for _ in 0..<(3 + random.next(6)) {
                switch random.next(4) {
                case 0: tasks.append(Task { await query.load(fetch) })
                case 1: tasks.append(Task { await query.refresh(fetch) })
                case 2: query.cancel()
                default: tasks.last?.cancel()
                }
                if random.next(2) == 0 {
                    try await Task.sleep(nanoseconds: UInt64(random.next(2_000)) * 1_000)
                }
            }
            for task in tasks { await task.value }
            let label = "sequence \(sequence)"
            XCTAssertFalse(query.state.isLoading, "\(label): loading forever")
            XCTAssertFalse(query.isRefreshing, "\(label): refreshing forever")
            for error in [query.state.error, query.refreshError].compactMap({ $0 }) {
                XCTAssertTrue(error is Injected, "\(label): shows \(error), which no fetch threw")
            }
            if let value = query.value {
                XCTAssertTrue((1...counter.withLock { $0 }).contains(value), label)
            }
        }
    }
}

/// A value the fetch closures share across tasks.
private final class Shared<Value>: @unchecked Sendable {
    // Safe: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
