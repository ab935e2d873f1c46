import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The texts `Error.userMessage` shows a person. Apps replace or localise them once at launch:
///
/// ```swift
/// UserMessages.current.offline = String(localized: "You're offline.")
/// ```
public struct UserMessages: Sendable {
    /// A 2xx response the client could not decode, or something that was not HTTP.
    public var unexpectedResponse = "The server sent an unexpected response."
    /// No network, or the connection dropped.
    public var offline = "You appear to be offline."
    /// Host not found, connection refused, TLS failure.
    public var cannotReachServer = "Can't reach the server."
    /// The request took longer than its timeout.
    public var timedOut = "The request timed out."
    /// The request was cancelled; view models treat cancellation as idle, so screens rarely show it.
    public var cancelled = "The request was cancelled."
    /// The client refused to send the request (`APIError.invalidRequest`).
    public var invalidRequest = "The request could not be sent."
    /// A 401 that refreshing the token could not fix (``TokenRefresher``): the refresh failed.
    public var sessionExpired = "Your session has expired. Please sign in again."
    /// Anything else.
    public var generic = "Something went wrong. Please try again."
    /// The text for `APIError.server`; by default the server's reason as extracted from the body
    /// (or the status description). Replace it to localise status descriptions or hide reasons.
    public var server: @Sendable (_ status: Int, _ reason: String) -> String = { _, reason in reason }

    /// The built-in English texts.
    public init() {}

    private static let storage = Locked(UserMessages())

    /// The texts in use. Reading and writing are synchronised, so any task may read them.
    public static var current: UserMessages {
        get { storage.current }
        set { storage.withLock { $0 = newValue } }
    }
}

extension Error {
    /// What a person can read about this error, using `UserMessages.current`.
    public var userMessage: String {
        userMessage(using: UserMessages.current)
    }

    /// What a person can read about this error, using the given texts.
    public func userMessage(using messages: UserMessages) -> String {
        switch self {
        case is CancellationError:
            return messages.cancelled
        case let error as APIError:
            switch error {
            case .server(let status, let reason, _, _): return messages.server(status, reason)
            case .decoding, .invalidResponse: return messages.unexpectedResponse
            case .transport(let urlError): return urlError.userMessage(using: messages)
            case .invalidRequest: return messages.invalidRequest
            }
        case is DecodingError, is DecodingFailure:
            return messages.unexpectedResponse
        case let error as URLError:
            return Self.message(for: error.code, messages)
        case let error as LocalizedError:
            return error.errorDescription ?? messages.generic
        default:
            let nsError = self as NSError
            if nsError.domain == NSURLErrorDomain {
                return Self.message(for: .code(nsError.code), messages)
            }
            return messages.generic
        }
    }

    private static func message(for code: URLError.Code, _ messages: UserMessages) -> String {
        switch code {
        case .notConnectedToInternet, .networkConnectionLost, .dataNotAllowed, .internationalRoamingOff, .callIsActive:
            return messages.offline
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .secureConnectionFailed,
            .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired,
            .cannotLoadFromNetwork, .resourceUnavailable, .redirectToNonExistentLocation,
            .httpTooManyRedirects, .appTransportSecurityRequiresSecureConnection:
            return messages.cannotReachServer
        case .timedOut:
            return messages.timedOut
        case .cancelled, .userCancelledAuthentication:
            return messages.cancelled
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData,
            .zeroByteResource, .dataLengthExceedsMaximum:
            return messages.unexpectedResponse
        default:
            return messages.generic
        }
    }
}
