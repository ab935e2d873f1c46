import Foundation

/// One `GET` seen through a `ResponseCache`: a fresh stored answer given without the network, a
/// stale one revalidated (`If-None-Match`, `If-Modified-Since`) and given back on `304`, a new
/// one stored.
struct CachedExchange {
    let cache: ResponseCache
    /// The request's URL, `Accept` and credentials: one user's answers are never another's.
    let key: String
    /// What the cache holds for the key, fresh or not.
    let entry: ResponseCache.Entry?

    /// nil for a request a cache does not keep (anything but a `GET`).
    init?(cache: ResponseCache, request: HTTPRequest) {
        guard request.method == .get else { return nil }
        self.cache = cache
        let credentials = ["Authorization", "Cookie"].compactMap { request.headers[$0] }.joined(separator: "\n")
        key = [request.url.absoluteString, request.headers["Accept"] ?? "", credentials].joined(separator: "\n")
        entry = cache.entry(for: key)
    }

    /// The stored answer while it is fresh.
    var freshAnswer: (response: HTTPResponse, body: Data)? {
        guard let entry, cache.isFresh(entry) else { return nil }
        return (HTTPResponse(status: entry.status, headers: entry.fields), entry.body)
    }

    /// Asks for the stored answer only if it changed.
    func addValidators(to request: inout HTTPRequest) {
        guard let entry else { return }
        let stored = entry.fields
        if let tag = stored["ETag"], request.headers["If-None-Match"] == nil {
            request.headers["If-None-Match"] = tag
        }
        if let modified = stored["Last-Modified"], request.headers["If-Modified-Since"] == nil {
            request.headers["If-Modified-Since"] = modified
        }
    }

    /// The answer to give: the stored one for a `304`, else the server's (stored when it may be).
    func answer(_ response: HTTPResponse, _ body: Data) -> (HTTPResponse, Data) {
        if response.status == 304, let entry {
            let renewed = cache.renew(entry, with: response)
            return (HTTPResponse(status: renewed.status, headers: renewed.fields), renewed.body)
        }
        cache.store(key: key, response: response, body: body)
        return (response, body)
    }
}
