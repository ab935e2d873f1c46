import Foundation

/// A bearer token that the client refreshes when the server rejects it with 401.
///
/// ```swift
/// let tokens = TokenRefresher(token: keychain.accessToken) { rejected in
///     try await auth.refresh(using: keychain.refreshToken)   // the new access token
/// }
/// let client = APIClient(server: API.Servers.default, authentication: .bearer(tokens))
/// ```
///
/// On a 401 to a request that sent a bearer token, the client asks for one refresh, waits for
/// it and sends the request once more with the new token. Refreshing is single flight: the
/// requests that get a 401 while a refresh runs wait for that same refresh, and requests that
/// start during it wait before they are sent, so none goes out with a token known to be stale.
/// When the refresh fails, every waiting request fails with `APIError.server` of status 401 and
/// `UserMessages.sessionExpired` as its reason (a cancelled refresh is a `CancellationError`),
/// which is the moment to show the sign-in screen.
public actor TokenRefresher {
    /// Gets a new token; `rejected` is the token the server refused (nil when there was none).
    public typealias Refresh = @Sendable (_ rejected: String?) async throws -> String

    private var token: String?
    private var refreshing: Task<String, any Error>?
    private let refresh: Refresh
    /// How many times `refresh` was called, for tests and diagnostics.
    public private(set) var refreshCount = 0

    /// Starts with `token` (nil when signed out: the first 401 then asks for one).
    public init(token: String?, refresh: @escaping Refresh) {
        self.token = token
        self.refresh = refresh
    }

    /// The token to send; while a refresh runs, the one it brings.
    public func currentToken() async throws -> String? {
        if let refreshing {
            return try await Self.value(of: refreshing)
        }
        return token
    }

    /// Replaces the token, after signing in or out.
    public func setToken(_ token: String?) {
        self.token = token
    }

    /// A token to replace `rejected`: the refresh already running, the token a finished refresh
    /// brought since `rejected` was sent, or a new refresh.
    func token(replacing rejected: String?) async throws -> String {
        if let refreshing {
            return try await Self.value(of: refreshing)
        }
        if let token, token != rejected {
            return token
        }
        // Unstructured: a caller's cancellation must not cancel the refresh others wait for.
        let task = Task { [refresh] in try await refresh(rejected) }
        refreshing = task
        refreshCount += 1
        defer { refreshing = nil }
        let new = try await Self.value(of: task)
        token = new
        return new
    }

    private static func value(of task: Task<String, any Error>) async throws -> String {
        do {
            return try await task.value
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw APIError.server(status: 401, reason: UserMessages.current.sessionExpired, body: Data())
        }
    }
}

extension Authentication {
    /// A bearer token from `refresher` for `http bearer`, `oauth2` and `openIdConnect` schemes,
    /// refreshed once when the server answers 401 (see ``TokenRefresher``).
    public static func bearer(_ refresher: TokenRefresher) -> Authentication {
        Authentication(refresher: refresher) { scheme in
            guard case .bearer = scheme.kind, let token = try await refresher.currentToken() else { return nil }
            return .bearer(token)
        }
    }
}
