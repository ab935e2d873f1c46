import Foundation

/// An `application/x-www-form-urlencoded` body, built field by field by generated code.
public struct FormBody: Sendable, Equatable {
    /// The fields added so far, in order, names and values already percent-encoded.
    public private(set) var fields: [(name: String, value: String)] = []

    /// An empty form; add fields with ``append(_:_:)``.
    public init() {}

    /// Adds a field (arrays repeat the name, objects write one field per member); nil adds nothing.
    public mutating func append<Value: Encodable>(_ name: String, _ value: Value?) {
        guard let value, let serialized = ParameterSerializer.serialize(value) else { return }
        fields += ParameterSerializer.queryItems(name: name, value: serialized, style: .form, explode: true, allowReserved: false)
    }

    /// The members of `value` (a union's alternative, a free-form object), a field each as
    /// ``append(_:_:)`` writes it, in the order of their names; nil, or a value that is not an
    /// object, adds nothing.
    public mutating func appendMembers<Value: Encodable>(of value: Value?) {
        for (key, member) in ParameterSerializer.members(of: value) {
            append(key, member)
        }
    }

    /// The body's bytes: the fields as `name=value`, joined by `&`.
    public func encoded() -> Data {
        Data(fields.map { "\($0.name)=\($0.value)" }.joined(separator: "&").utf8)
    }

    /// Whether both forms have the same fields in the same order.
    public static func == (lhs: FormBody, rhs: FormBody) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}

/// A `multipart/form-data` body: text fields, files and JSON parts.
public struct MultipartBody: Sendable {
    /// One part of the body: a text field, a file or a JSON value.
    public struct Part: Sendable, Equatable {
        /// The form field's name.
        public var name: String
        /// The file name sent for a file part; nil for other parts.
        public var fileName: String?
        /// The part's `Content-Type`; nil for a text field.
        public var contentType: String?
        /// The part's content; empty for a part read from `file`.
        public var data: Data
        /// The file whose bytes are the part's content, read in pieces when the body is written.
        public var file: URL?
    }

    /// The parts added so far, in order.
    public private(set) var parts: [Part] = []
    /// The line that separates parts; random by default, so it cannot occur in the content.
    public let boundary: String

    /// An empty body. Pass a fixed `boundary` only where the bytes must be reproducible, as in tests.
    public init(boundary: String = "apigen-" + UUID().uuidString) {
        self.boundary = boundary
    }

    /// The `Content-Type` to send this body with, boundary included.
    public var contentType: String {
        "multipart/form-data; boundary=\(boundary)"
    }

    /// A text field for a scalar, one per item for an array of scalars, and a JSON part for
    /// anything else (OpenAPI's defaults); nil adds nothing. A union's value is sent by the
    /// alternative it holds: `"whisper-1"` as text, an object as JSON.
    public mutating func append<Value: Encodable>(_ name: String, _ value: Value?) {
        guard let value, let serialized = ParameterSerializer.serialize(value) else { return }
        switch serialized {
        case .scalar(let text):
            parts.append(Part(name: name, data: Data(text.utf8)))
        case .array:
            // Its items decide: scalars a part each, structures one JSON part.
            if let json = ParameterSerializer.json(value) { append(name, json: json) }
        case .object:
            appendJSON(name, value)
        }
    }

    /// The members of `value` (a union's alternative, a free-form object), each a part by what
    /// it holds, in the order of their names: a file for bytes (`Data`, `FilePart`), text for a
    /// scalar, a part per item of an array of scalars, JSON otherwise.
    public mutating func appendMembers<Value: Encodable>(of value: Value?) {
        guard let value else { return }
        guard let members = MultipartMembers.members(of: value) else {
            for (key, member) in ParameterSerializer.members(of: value) { append(key, json: member) }
            return
        }
        for (key, member) in members {
            switch member {
            case .json(let json): append(key, json: json)
            case .bytes(let data): appendFile(key, data)
            case .files(let files): appendFile(key, files)
            }
        }
    }

    /// A value already read as JSON, a part by what it holds: encoded once, not again per check.
    private mutating func append(_ name: String, json: JSONValue) {
        switch json {
        case .null:
            return
        case .array(let items) where items.allSatisfy({ if case .array = $0 { false } else if case .object = $0 { false } else { true } }):
            parts += items.compactMap(ParameterSerializer.scalarText).map { Part(name: name, data: Data($0.utf8)) }
        case .array, .object:
            guard let data = try? APIJSON.makeRequestEncoder().encode(json) else { return }
            parts.append(Part(name: name, contentType: "application/json", data: data))
        default:
            if let text = ParameterSerializer.scalarText(json) { parts.append(Part(name: name, data: Data(text.utf8))) }
        }
    }

    /// A file part; nil adds nothing.
    public mutating func appendFile(
        _ name: String, _ data: Data?, fileName: String? = nil, contentType: String = "application/octet-stream"
    ) {
        guard let data else { return }
        parts.append(Part(name: name, fileName: fileName ?? name, contentType: contentType, data: data))
    }

    /// A file part with the file's own name and content type (`contentType` when it has none,
    /// the spec's `encoding` in generated code); nil adds nothing.
    public mutating func appendFile(_ name: String, _ file: FilePart?, contentType: String = "application/octet-stream") {
        guard let file else { return }
        var part = Part(name: name, fileName: file.fileName, contentType: file.contentType ?? contentType, data: Data())
        switch file.content {
        case .data(let data): part.data = data
        case .file(let url): part.file = url
        }
        parts.append(part)
    }

    /// One file part per file, all under `name`; nil adds nothing.
    public mutating func appendFile(_ name: String, _ files: [FilePart]?, contentType: String = "application/octet-stream") {
        for file in files ?? [] {
            appendFile(name, file, contentType: contentType)
        }
    }

    /// Whether a part is read from a file: the body is then written to a file and streamed
    /// from disk, never held in memory whole.
    public var readsFiles: Bool {
        parts.contains { $0.file != nil }
    }

    /// An object field, sent as a JSON part (OpenAPI's default for objects in multipart).
    public mutating func appendJSON<Value: Encodable>(_ name: String, _ value: Value?) {
        guard let value, let data = try? APIJSON.makeRequestEncoder().encode(value) else { return }
        parts.append(Part(name: name, contentType: "application/json", data: data))
    }

    /// The body's bytes: each part with its headers after a boundary line, then the closing
    /// boundary. A part read from a file that cannot be read is sent empty; sending through
    /// `APIClient` reports that file's error instead (see ``write(to:)``).
    public func encoded() -> Data {
        var body = Data()
        try? write { body.append($0) }
        return body
    }

    /// Writes the body into the file at `url` (created or replaced), reading each file part in
    /// pieces of 1 MB, so memory stays small whatever the files' sizes.
    ///
    /// Throws the error of a file that cannot be read, or of `url` that cannot be written.
    public func write(to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let output = try FileHandle(forWritingTo: url)
        defer { try? output.close() }
        try write { try output.write(contentsOf: $0) }
    }

    /// The body in pieces, in order.
    private func write(_ sink: (Data) throws -> Void) throws {
        for part in parts {
            var head = Data("--\(boundary)\r\n".utf8)
            var disposition = "Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
            if let fileName = part.fileName {
                disposition += "; filename=\"\(Self.quoted(fileName))\""
            }
            head.append(Data((disposition + "\r\n").utf8))
            if let contentType = part.contentType {
                head.append(Data("Content-Type: \(Self.headerSafe(contentType))\r\n".utf8))
            }
            head.append(Data("\r\n".utf8))
            try sink(head)
            if let file = part.file {
                let input = try FileHandle(forReadingFrom: file)
                defer { try? input.close() }
                while let piece = try input.read(upToCount: 1 << 20), !piece.isEmpty {
                    try sink(piece)
                }
            } else {
                try sink(part.data)
            }
            try sink(Data("\r\n".utf8))
        }
        try sink(Data("--\(boundary)--\r\n".utf8))
    }

    /// Names and file names go inside quotes: escape quotes and drop line breaks, which would
    /// otherwise let a value forge headers of its own.
    private static func quoted(_ text: String) -> String {
        headerSafe(text).replacingOccurrences(of: "\"", with: "%22")
    }

    private static func headerSafe(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" }.map(Character.init))
    }
}
