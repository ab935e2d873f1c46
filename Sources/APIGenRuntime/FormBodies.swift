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
        /// The part's content.
        public var data: Data
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

    /// A text field (arrays add one part per item); nil adds nothing.
    public mutating func append<Value: Encodable>(_ name: String, _ value: Value?) {
        guard let value, let serialized = ParameterSerializer.serialize(value) else { return }
        switch serialized {
        case .scalar(let text):
            parts.append(Part(name: name, data: Data(text.utf8)))
        case .array(let items):
            parts += items.map { Part(name: name, data: Data($0.utf8)) }
        case .object:
            appendJSON(name, value)
        }
    }

    /// A file part; nil adds nothing.
    public mutating func appendFile(
        _ name: String, _ data: Data?, fileName: String? = nil, contentType: String = "application/octet-stream"
    ) {
        guard let data else { return }
        parts.append(Part(name: name, fileName: fileName ?? name, contentType: contentType, data: data))
    }

    /// An object field, sent as a JSON part (OpenAPI's default for objects in multipart).
    public mutating func appendJSON<Value: Encodable>(_ name: String, _ value: Value?) {
        guard let value, let data = try? APIJSON.makeRequestEncoder().encode(value) else { return }
        parts.append(Part(name: name, contentType: "application/json", data: data))
    }

    /// The body's bytes: each part with its headers after a boundary line, then the closing boundary.
    public func encoded() -> Data {
        var body = Data()
        for part in parts {
            body.append(Data("--\(boundary)\r\n".utf8))
            var disposition = "Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
            if let fileName = part.fileName {
                disposition += "; filename=\"\(Self.quoted(fileName))\""
            }
            body.append(Data((disposition + "\r\n").utf8))
            if let contentType = part.contentType {
                body.append(Data("Content-Type: \(Self.headerSafe(contentType))\r\n".utf8))
            }
            body.append(Data("\r\n".utf8))
            body.append(part.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
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
