import Foundation

/// Responses kept for HTTP caching: a `GET` whose answer is still fresh (`Cache-Control:
/// max-age`) is answered without the network, and one whose answer has an `ETag` or
/// `Last-Modified` is asked for conditionally, so a `304 Not Modified` costs no download. Give
/// one to `APIClient(cache:)`; read view models then also show the cached value at once while
/// they refresh it.
///
/// In memory up to `memoryLimit` bytes of bodies (the oldest go first), and in `folder` across
/// launches when one is given (the app's caches folder). Entries are kept per URL, `Accept` and
/// credentials, so one user's answers are never another's. `Cache-Control: no-store` is never
/// stored, and `no-cache` is always revalidated.
public final class ResponseCache: Sendable {
    /// One stored answer.
    struct Entry: Codable, Sendable {
        var key: String
        var status: Int
        var headers: [[String]]
        var body: Data
        var storedAt: Date
        /// Seconds the answer is fresh for; 0 to revalidate every time.
        var maxAge: TimeInterval

        var fields: HTTPFields {
            var fields = HTTPFields()
            for pair in headers where pair.count == 2 { fields.append(pair[0], pair[1]) }
            return fields
        }

        func isFresh(at now: Date) -> Bool {
            now.timeIntervalSince(storedAt) < maxAge
        }
    }

    /// Most bytes of bodies kept in memory.
    public let memoryLimit: Int
    /// Where entries are also written, to outlive the app's process; nil keeps them in memory only.
    public let folder: URL?
    private let memory = Locked<(entries: [String: Entry], order: [String], bytes: Int)>((entries: [:], order: [], bytes: 0))
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - memoryLimit: most bytes of bodies kept in memory (10 MB by default).
    ///   - folder: a folder for entries that outlive the process, such as
    ///     `FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]` plus a name of
    ///     yours; nil keeps them in memory only.
    ///   - now: the clock; tests pass their own.
    public init(memoryLimit: Int = 10_000_000, folder: URL? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        self.memoryLimit = memoryLimit
        self.folder = folder
        self.now = now
        if let folder {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
    }

    /// Forgets every entry, in memory and on disk (at sign-out).
    public func removeAll() {
        memory.withLock { $0 = (entries: [:], order: [], bytes: 0) }
        if let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) {
            for name in names where name.hasSuffix(".apigen-cache") {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }

    func entry(for key: String) -> Entry? {
        if let entry = memory.withLock({ $0.entries[key] }) { return entry }
        guard let file = file(for: key), let data = try? Data(contentsOf: file),
            let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.key == key
        else { return nil }
        keepInMemory(entry)
        return entry
    }

    func isFresh(_ entry: Entry) -> Bool {
        entry.isFresh(at: now())
    }

    /// Stores a `200` answer that may be stored; an answer that says `no-store` removes the entry.
    func store(key: String, response: HTTPResponse, body: Data) {
        let control = CacheControl(response.headers["Cache-Control"])
        guard response.status == 200, !control.noStore else {
            remove(key)
            return
        }
        let validated = response.headers["ETag"] != nil || response.headers["Last-Modified"] != nil
        let maxAge = control.noCache ? 0 : control.maxAge ?? 0
        guard validated || maxAge > 0 else { return }
        let entry = Entry(
            key: key, status: 200, headers: response.headers.map { [$0.name, $0.value] }, body: body, storedAt: now(), maxAge: maxAge)
        keepInMemory(entry)
        if let file = file(for: key), let data = try? JSONEncoder().encode(entry) {
            try? data.write(to: file, options: .atomic)
        }
    }

    /// A `304` confirms the stored answer: fresh again for as long as the new headers say.
    func renew(_ entry: Entry, with response: HTTPResponse) -> Entry {
        var renewed = entry
        renewed.storedAt = now()
        let control = CacheControl(response.headers["Cache-Control"] ?? entry.fields["Cache-Control"])
        renewed.maxAge = control.noCache ? 0 : control.maxAge ?? 0
        keepInMemory(renewed)
        return renewed
    }

    private func remove(_ key: String) {
        memory.withLock { state in
            if let old = state.entries.removeValue(forKey: key) {
                state.bytes -= old.body.count
                state.order.removeAll { $0 == key }
            }
        }
        if let file = file(for: key) { try? FileManager.default.removeItem(at: file) }
    }

    private func keepInMemory(_ entry: Entry) {
        memory.withLock { state in
            if let old = state.entries[entry.key] {
                state.bytes -= old.body.count
                state.order.removeAll { $0 == entry.key }
            }
            guard entry.body.count <= memoryLimit else { return }
            state.entries[entry.key] = entry
            state.order.append(entry.key)
            state.bytes += entry.body.count
            while state.bytes > memoryLimit, !state.order.isEmpty {
                let oldest = state.order.removeFirst()
                state.bytes -= state.entries.removeValue(forKey: oldest)?.body.count ?? 0
            }
        }
    }

    /// The entry's file: named by a hash of its key (the key itself, kept inside, is checked).
    private func file(for key: String) -> URL? {
        guard let folder else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return folder.appendingPathComponent(String(hash, radix: 16) + ".apigen-cache")
    }
}

/// The parts of `Cache-Control` a client cache acts on.
struct CacheControl {
    var maxAge: TimeInterval?
    var noStore = false
    var noCache = false

    init(_ header: String?) {
        for directive in (header ?? "").lowercased().split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            switch parts.first {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "max-age": maxAge = parts.count > 1 ? TimeInterval(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))) : nil
            default: break
            }
        }
    }
}
