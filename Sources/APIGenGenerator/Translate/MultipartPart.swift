import APIGenOpenAPI

/// How one property of a `multipart/form-data` body is sent, decided once for both its Swift
/// type (`FilePart` for a file) and the builder's call (`appendFile`, `appendJSON`, `append`).
enum MultipartPart: Equatable {
    /// Binary content (`format: binary`), past references and nullable or documenting
    /// wrappers (`anyOf: [$ref: File, type: 'null']`): a file part.
    case file
    /// An array of binary items: a file part per item.
    case files
    /// An object, map or array of objects: a JSON part.
    case json
    /// Anything else: text for a scalar, a part per item for an array of scalars, and for a
    /// union or free-form value whichever of these its value is when sent.
    case value

    init(_ schema: SchemaID, shapes: ShapeTable, table: SchemaTable) {
        guard let content = shapes.content(of: schema, in: table) else {
            self = .value
            return
        }
        switch shapes[content] {
        case .primitive(.string) where Self.isBinary(content, table):
            self = .file
        case .array(let items?):
            let item = shapes.content(of: items, in: table)
            if let item, case .primitive(.string) = shapes[item], Self.isBinary(item, table) {
                self = .files
            } else if let item, case .object = shapes[item] {
                self = .json
            } else {
                self = .value
            }
        case .object, .dictionary:
            self = .json
        default:
            self = .value
        }
    }

    private static func isBinary(_ id: SchemaID, _ table: SchemaTable) -> Bool {
        StringFormat(table[id].format)?.swiftType == .data
    }

    /// The property's Swift type in the body's struct: files as `FilePart`, the rest as they are.
    func swiftType(from type: SwiftType) -> SwiftType {
        let file: SwiftType
        switch self {
        case .file: file = .filePart
        case .files: file = .array(.filePart)
        case .json, .value: return type
        }
        return type.isOptional ? file.optional : file
    }
}
