import Foundation

/// A file to upload in a multipart body: its bytes (in memory, or in a file on disk that is
/// streamed from there when sent), the file name the server sees and its content type.
///
/// ```swift
/// MediaUpload(file: FilePart(data: png, fileName: "cat.png", contentType: "image/png"), caption: "Cat")
/// MediaUpload(file: FilePart(contentsOf: videoURL))   // read from disk as it is sent
/// ```
///
/// A part without a content type is sent with the one the spec's `encoding` names for the
/// field, else `application/octet-stream`.
public struct FilePart: Sendable, Hashable {
    /// Where the bytes are.
    public enum Content: Sendable, Hashable {
        /// In memory.
        case data(Data)
        /// In a file, read in pieces while the body is written: a large video never has to fit
        /// in memory.
        case file(URL)
    }

    /// The bytes, in memory or on disk.
    public var content: Content
    /// The name sent as the part's `filename`.
    public var fileName: String
    /// The part's `Content-Type`; nil for the spec's default.
    public var contentType: String?

    /// Bytes in memory, sent as `fileName`.
    public init(data: Data, fileName: String = "file", contentType: String? = nil) {
        self.content = .data(data)
        self.fileName = fileName
        self.contentType = contentType
    }

    /// The file at `url`, streamed from disk when sent; its name is the URL's last path
    /// component unless given.
    public init(contentsOf url: URL, fileName: String? = nil, contentType: String? = nil) {
        self.content = .file(url)
        self.fileName = fileName ?? url.lastPathComponent
        self.contentType = contentType
    }

    /// The bytes, read from disk for a file.
    ///
    /// Throws the error reading the file throws.
    public func data() throws -> Data {
        switch content {
        case .data(let data): return data
        case .file(let url): return try Data(contentsOf: url)
        }
    }
}

/// In JSON (a sample, a round trip) a file is its bytes in base64, as `Data` is; a decoded one is
/// named `file`.
extension FilePart: Codable {
    // Through a single-value container, so that the coder's data strategy (base64) applies.
    /// Decodes a file from its base64 bytes, named `file`.
    public init(from decoder: any Decoder) throws {
        self.init(data: try decoder.singleValueContainer().decode(Data.self))
    }

    /// Encodes the file's bytes as base64, reading a file on disk.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(try data())
    }
}
