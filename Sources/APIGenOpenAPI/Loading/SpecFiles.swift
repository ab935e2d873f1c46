import APIGenYAML
import Foundation

/// The files a spec is made of: the entry file and every file its `$ref`s reach.
/// Files are read once, on first reference, and never from outside the root folder.
public struct SpecFiles: Sendable {
    public private(set) var documents: [YAMLDocument] = []
    /// Canonical (absolute, symlink-free) path of each document, same order.
    public private(set) var canonicalPaths: [String] = []
    private var indexByPath: [String: Int] = [:]
    /// The folders of the files read, each once, and which one each file is in: references
    /// resolve relative to a folder, so files side by side share their lookups.
    private var folders: [String] = []
    private var folderIndex: [String: Int] = [:]
    private var folderOfFile: [Int] = []
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
        let folder = Self.folder(ofPath: canonicalPath)
        if let known = folderIndex[folder] {
            folderOfFile.append(known)
        } else {
            folderIndex[folder] = folders.count
            folderOfFile.append(folders.count)
            folders.append(folder)
        }
        return documents.count - 1
    }

    /// The canonical folder of a file that was read.
    func folder(of file: Int) -> String {
        folders[folderOfFile[file]]
    }

    /// A number for the folder of a file that was read, the same for the files beside it.
    func folderID(of file: Int) -> Int {
        folderOfFile[file]
    }

    /// `a/b.yaml` → `a`, `b.yaml` → ``, `/b.yaml` → `/`.
    static func folder(ofPath path: String) -> String {
        split(path: path).folder
    }

    /// A path's folder (as `folder(ofPath:)`) and the name after it.
    private static func split(path: String) -> (folder: String, name: Substring) {
        // By bytes: `lastIndex(of: Character)` compares grapheme clusters.
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return ("", path[...]) }
        return (slash == path.startIndex ? "/" : String(path[..<slash]), path[path.index(after: slash)...])
    }

    /// The absolute path without `.`, `..` or symbolic links: the file system's own answer
    /// (`realpath`, one call, where `URL.resolvingSymlinksInPath` walks the path in Swift). A
    /// file that does not exist keeps its name in its folder's canonical path, so that it is
    /// reported missing, not outside the root.
    static func canonical(_ path: String) -> String {
        if let resolved = realPath(path) { return resolved }
        let folded = URL(fileURLWithPath: path).standardizedFileURL.path
        let (folder, name) = split(path: folded)
        guard !folder.isEmpty, let realFolder = realPath(folder) else { return folded }
        return (realFolder == "/" ? "" : realFolder) + "/" + name
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether a canonical path is the root folder or below it.
    func isUnderRoot(_ path: String) -> Bool {
        path == rootDirectory || path.hasPrefix(rootDirectory.hasSuffix("/") ? rootDirectory : rootDirectory + "/")
    }

    /// The root folder as seen from a file of the spec, for a message: `'../..' from this
    /// file`, which reads the same wherever the spec is checked out.
    func rootSeen(from file: Int) -> String {
        let folder = folder(of: file)
        let depth = folder.split(separator: "/").count - rootDirectory.split(separator: "/").count
        guard depth > 0 else { return "this file's folder" }
        return "'" + Array(repeating: "..", count: depth).joined(separator: "/") + "' from this file"
    }

    /// Joins a relative reference onto a folder and folds `.` and `..`, keeping the path
    /// relative when the folder is (`specs/a/../b.yml` → `specs/b.yml`).
    static func normalize(_ directory: String, _ relative: String) -> String {
        // On bytes: Substrings of the path cost more in index arithmetic than the folding itself.
        let (dot, slash) = (UInt8(ascii: "."), UInt8(ascii: "/"))
        let folder = Array(directory.utf8)
        var parts: [ArraySlice<UInt8>] = folder.isEmpty ? [] : folder.split(separator: slash, omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true { parts.removeLast() }
        for component in Array(relative.utf8).split(separator: slash) {
            if component.elementsEqual([dot]) { continue }
            guard component.elementsEqual([dot, dot]) else {
                parts.append(component)
                continue
            }
            if let last = parts.last, !last.elementsEqual([dot, dot]), !(last.isEmpty && parts.count == 1) {
                parts.removeLast()
            } else {
                parts.append(component)
            }
        }
        var joined: [UInt8] = []
        joined.reserveCapacity(folder.count + relative.utf8.count)
        for (index, part) in parts.enumerated() {
            if index > 0 { joined.append(slash) }
            joined += part
        }
        return String(decoding: joined, as: UTF8.self)
    }
}

/// A reference's text and where it is written: the referring file, or that file's folder
/// (`SpecFiles.folderID`) where only the folder matters.
struct FileKey: Hashable {
    let origin: Int
    let path: String
}
