import APIGenRuntime

// Hand-written code lives beside the generated client in the same target.
extension API {
    /// The client the app uses against the hosted service.
    public static func liveClient(token: @escaping @Sendable () async throws -> String?) -> APIClient {
        APIClient(server: Servers.default, authentication: .bearer(token))
    }
}
