import APIGenYAML
import Foundation

/// The files a spec is made of: the entry file and every file its `$ref`s reach.
/// Files are read once, on first reference, and never from outside the root folder.
public struct SpecFiles: Sendable {
    public private(set) var documents: [YAMLDocument] = []
    /// Canonical (absolute, symlink-free) path of each document, same order.
    public private(set) var canonicalPaths: [String] = []
    private var indexByPath: [String: Int] = [:]
    /// The folder no reference may leave.
    public let rootDirectory: String
    let reader: YAMLReader

    init(rootDirectory: String, reader: YAMLReader) {
        self.rootDirectory = rootDirectory
        self.reader = reader
    }

    public func document(_ ref: SourceRef) -> YAMLDocument {
        documents[ref.file]
    }

    public func location(_ ref: SourceRef) -> SourceLocation {
        documents[ref.file].location(ref.node)
    }

    public func pointer(_ ref: SourceRef) -> String {
        documents[ref.file].pointer(ref.node)
    }

    /// The value at `ref`, as the spec writes it.
    public func value(at ref: SourceRef) -> SpecValue {
        SpecValue(document: documents[ref.file], node: ref.node)
    }

    /// The index of an already-read file.
    func index(ofCanonical path: String) -> Int? {
        indexByPath[path]
    }

    /// Reads a file (or returns the one already read).
    mutating func load(canonicalPath: String, displayPath: String) throws(Diagnostic) -> Int {
        if let existing = index(ofCanonical: canonicalPath) {
            return existing
        }
        let document = try reader.read(fileAt: canonicalPath, displayPath: displayPath)
        documents.append(document)
        canonicalPaths.append(canonicalPath)
        indexByPath[canonicalPath] = documents.count - 1
        return documents.count - 1
    }

    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Whether a canonical path is the root folder or below it.
    func isUnderRoot(_ path: String) -> Bool {
        path == rootDirectory || path.hasPrefix(rootDirectory.hasSuffix("/") ? rootDirectory : rootDirectory + "/")
    }

    /// The root folder as seen from a file of the spec, for a message: `'../..' from this
    /// file`, which reads the same wherever the spec is checked out.
    func rootSeen(from file: Int) -> String {
        let folder = (canonicalPaths[file] as NSString).deletingLastPathComponent
        let depth = folder.split(separator: "/").count - rootDirectory.split(separator: "/").count
        guard depth > 0 else { return "this file's folder" }
        return "'" + Array(repeating: "..", count: depth).joined(separator: "/") + "' from this file"
    }

    /// Joins a relative reference onto a folder and folds `.` and `..`, keeping the path
    /// relative when the folder is (`specs/a/../b.yml` → `specs/b.yml`).
    static func normalize(_ directory: String, _ relative: String) -> String {
        var parts: [Substring] = directory.isEmpty ? [] : directory.split(separator: "/", omittingEmptySubsequences: false)
        if parts.last == "" { parts.removeLast() }
        for component in relative.split(separator: "/") {
            switch component {
            case ".":
                continue
            case "..":
                if let last = parts.last, last != "..", !(last.isEmpty && parts.count == 1) {
                    parts.removeLast()
                } else {
                    parts.append(component)
                }
            default:
                parts.append(component)
            }
        }
        return parts.joined(separator: "/")
    }
}

struct FileKey: Hashable {
    let origin: Int
    let path: String
}
