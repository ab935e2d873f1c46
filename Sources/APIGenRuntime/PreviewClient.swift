import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIClient {
    /// The base URL of preview clients: `.invalid` can never resolve (RFC 2606), so a preview
    /// that somehow reached a real transport would fail instead of calling someone's server.
    public static let previewBaseURL = URL(string: "https://preview.invalid")!

    /// A client for SwiftUI previews and tests that answers from canned responses keyed by
    /// operationId, without a network:
    ///
    /// ```swift
    /// #Preview {
    ///     PetList(model: ListPetsModel(client: .preview(["listPets": .json(Pet.samples)], delay: 0.5)))
    /// }
    /// ```
    ///
    /// Generated modules add helpers that fill the dictionary with every operation's sample.
    ///
    /// - Parameters:
    ///   - responses: the answer for each operationId. Operations not listed get a 404 whose
    ///     message names the operation, so a missing sample is obvious in the preview.
    ///   - delay: seconds before each answer, to see loading states; the wait ends early when the
    ///     request is cancelled.
    /// - Returns: a client without retries (a preview should show a failure as it is).
    public static func preview(_ responses: [String: MockResponse], delay: TimeInterval = 0) -> APIClient {
        let missing = MockResponse { request in
            let message = "No preview response for \(request.operationID ?? "this request")."
            let body = (try? JSONEncoder().encode(["message": message])) ?? Data()
            return (HTTPResponse(status: 404, headers: ["Content-Type": "application/json"]), body)
        }
        let transport: MockTransport
        if delay > 0 {
            transport = MockTransport(responses.mapValues { $0.delayed(by: delay) }, default: missing.delayed(by: delay))
        } else {
            transport = MockTransport(responses, default: missing)
        }
        return APIClient(baseURL: previewBaseURL, transport: transport, retry: .none)
    }
}
