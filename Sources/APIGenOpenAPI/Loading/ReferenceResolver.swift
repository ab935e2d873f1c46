import APIGenYAML
import Foundation

/// Turns `$ref` text into the node it names, reading other files as needed.
///
/// Only local files under the root folder (`SpecLoader.root`) are followed: remote (`http:`,
/// `https:`, `file:`) references, paths that climb out of the root, missing files and bad
/// pointers are located errors. No network access, ever.
extension SpecParser {
    /// Successful lookups are cached per referring file and text: large specs repeat the same
    /// few hundred references thousands of times. Failures are not, so each is reported where
    /// it is written. `repair`, when given, says what becomes of a reference whose file is
    /// read but has nothing at its pointer: a warning rather than an error.
    func locate(reference text: String, from origin: SourceRef, ifMissing repair: String? = nil) -> SourceRef? {
        let key = FileKey(origin: origin.file, path: text)
        if let cached = references[key] {
            return cached
        }
        guard let target = resolve(reference: text, from: origin, ifMissing: repair) else { return nil }
        references[key] = target
        return target
    }

    private func resolve(reference text: String, from origin: SourceRef, ifMissing repair: String?) -> SourceRef? {
        let (filePart, fragment) = split(reference: text)
        if !filePart.isEmpty, Self.isRemote(filePart) {
            error("remote reference '\(text)' is not supported: apigen reads only local files, under the root folder", at: origin)
            return nil
        }
        var file = origin.file
        if !filePart.isEmpty {
            guard let loaded = loadReferencedFile(filePart, reference: text, from: origin) else { return nil }
            file = loaded
        }
        let pointer = fragment.percentDecoded ?? fragment
        guard pointer.isEmpty || pointer.hasPrefix("/"), let tokens = JSONPointer.tokens(pointer) else {
            error("'\(text)' is not a valid JSON pointer reference", at: origin)
            return nil
        }
        if let node = files.documents[file].resolve(tokens: tokens) {
            return SourceRef(file: file, node: node)
        }
        let root = SourceRef(file: file, node: files.documents[file].root)
        guard let found = follow(tokens[...], from: root, hops: 0) else {
            let message = "reference '\(text)' does not resolve: nothing at '#\(pointer)'"
            if let repair {
                self.repair(message + "; " + repair, at: origin)
            } else {
                error(message, at: origin)
            }
            return nil
        }
        return found
    }

    /// Follows pointer tokens from `start`, through the `$ref`s met on the way: bundlers write
    /// pointers into a schema past a reference (`…/schema/allOf/0/properties/id`, where
    /// `allOf/0` is a `$ref`). nil when the path does not exist even so; a bounded number of hops
    /// keeps reference loops finite.
    private func follow(_ tokens: ArraySlice<String>, from start: SourceRef, hops: Int) -> SourceRef? {
        var current = start
        var rest = tokens
        while let token = rest.first {
            let document = files.documents[current.file]
            switch document.kind(current.node) {
            case .mapping:
                if let next = document.value(current.node, forKey: token) {
                    current = SourceRef(file: current.file, node: next)
                    rest = rest.dropFirst()
                    continue
                }
                guard hops < 32, let refNode = document.value(current.node, forKey: "$ref"), let text = document.scalar(refNode),
                    let target = referenceTarget(text, from: SourceRef(file: current.file, node: refNode), hops: hops + 1)
                else { return nil }
                current = target
            case .sequence:
                guard let index = Int(token), index >= 0, index < document.count(current.node) else { return nil }
                current = SourceRef(file: current.file, node: document.items(current.node)[index])
                rest = rest.dropFirst()
            case .scalar:
                return nil
            }
        }
        return current
    }

    /// Whether a reference leads somewhere, without reporting when it does not (a file it
    /// names that cannot be read is still reported).
    func resolvesQuietly(_ text: String, from origin: SourceRef) -> Bool {
        references[FileKey(origin: origin.file, path: text)] != nil || referenceTarget(text, from: origin, hops: 0) != nil
    }

    /// Where a `$ref` met inside a pointer leads, without reporting: the pointer that passes
    /// through it is reported if it fails as a whole.
    private func referenceTarget(_ text: String, from origin: SourceRef, hops: Int) -> SourceRef? {
        let (filePart, fragment) = split(reference: text)
        guard filePart.isEmpty || !(filePart.contains("://") || filePart.hasPrefix("//") || filePart.lowercased().hasPrefix("file:")) else {
            return nil
        }
        var file = origin.file
        if !filePart.isEmpty {
            guard let loaded = loadReferencedFile(filePart, reference: text, from: origin) else { return nil }
            file = loaded
        }
        guard let tokens = JSONPointer.tokens(fragment.percentDecoded ?? fragment) else { return nil }
        return follow(tokens[...], from: SourceRef(file: file, node: files.documents[file].root), hops: hops)
    }

    /// Reads the file a reference names, relative to the referring file. Lookups are cached
    /// per (referring file's folder, text): large multi-file specs repeat the same few thousand
    /// paths from the files of a few hundred folders.
    private func loadReferencedFile(_ filePart: String, reference text: String, from origin: SourceRef) -> Int? {
        let key = FileKey(origin: files.folderID(of: origin.file), path: filePart)
        if let cached = fileLookups[key] {
            return cached
        }
        let decoded = filePart.percentDecoded ?? filePart
        // An absolute path (`/etc/passwd`) names that file, as in URI resolution, not one beside
        // the referring file. `.` and `..` fold as `URL.standardizedFileURL` folds them.
        let path = SpecFiles.normalize(decoded.hasPrefix("/") ? "/" : files.folder(of: origin.file), decoded)
        let target = canonicalByPath[path] ?? SpecFiles.canonical(path)
        canonicalByPath[path] = target
        guard files.isUnderRoot(target) else {
            error(
                "reference '\(text)' points outside the root folder, which is \(files.rootSeen(from: origin.file)); choose another root with --root or 'root:' in apigen.yaml",
                at: origin)
            return nil
        }
        if let known = files.index(ofCanonical: target) {
            fileLookups[key] = known
            return known
        }
        guard FileManager.default.fileExists(atPath: target) else {
            error("referenced file '\(decoded)' does not exist", at: origin)
            return nil
        }
        let originDisplay = files.documents[origin.file].path
        let displayPath = SpecFiles.normalize(SpecFiles.folder(ofPath: originDisplay), decoded)
        do {
            let index = try files.load(canonicalPath: target, displayPath: displayPath)
            fileLookups[key] = index
            return index
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    /// `https://…`, `//host/…`, `file:…`: read byte by byte, as every reference passes here
    /// (`String.contains(String)` is Foundation's search, and `lowercased()` a copy).
    private static func isRemote(_ filePart: String) -> Bool {
        let bytes = Array(filePart.utf8)
        let (slash, colon) = (UInt8(ascii: "/"), UInt8(ascii: ":"))
        if bytes.starts(with: [slash, slash]) { return true }
        if bytes.count >= 5, zip(bytes, "file:".utf8).allSatisfy({ $0 | 0x20 == $1 }) { return true }
        return bytes.indices.dropLast(2).contains { bytes[$0] == colon && bytes[$0 + 1] == slash && bytes[$0 + 2] == slash }
    }

    private func split(reference text: String) -> (file: String, fragment: String) {
        guard let hash = text.utf8.firstIndex(of: UInt8(ascii: "#")) else { return (text, "") }
        return (String(text[..<hash]), String(text[text.index(after: hash)...]))
    }

    /// Follows `$ref` on a non-schema object (parameter, response, request body, header,
    /// path item, example) to the object itself; nil after reporting a bad or looping reference
    /// (a missing target as a repair when `repair` says what becomes of it).
    func followObject(_ ref: SourceRef, ifMissing repair: String? = nil) -> SourceRef? {
        var current = ref
        // Chains of references are short: a list is cheaper than a set made for each.
        var seen = [ref]
        while true {
            let document = files.document(current)
            guard document.kind(current.node) == .mapping, let refNode = document.value(current.node, forKey: "$ref") else {
                return current
            }
            let refSource = SourceRef(file: current.file, node: refNode)
            guard let text = document.scalar(refNode) else {
                error("'$ref' must be a string", at: refSource)
                return nil
            }
            guard let next = locate(reference: text, from: refSource, ifMissing: repair) else { return nil }
            guard !seen.contains(next) else {
                error("reference '\(text)' is part of a cycle of references", at: refSource)
                return nil
            }
            seen.append(next)
            current = next
        }
    }

    /// A map that the standard wants written out (`components/schemas`, a `content`) but that
    /// the spec writes as `{$ref: file}`, as SendGrid's does: followed to the map it names, with
    /// a warning, since other tools reject it. The map itself when it is no reference; nil after
    /// reporting a bad reference.
    func followMap(_ ref: SourceRef, holding what: String) -> SourceRef? {
        let doc = document(ref)
        // A `$ref` whose value is not a string is an entry of the map, named `$ref`.
        guard doc.kind(ref.node) == .mapping, let refNode = doc.value(ref.node, forKey: "$ref"), doc.kind(refNode) == .scalar else {
            return ref
        }
        warning(
            "the OpenAPI standard allows no '$ref' in place of \(what); apigen follows it, other tools may not", at: child(ref, refNode))
        return followObject(ref)
    }

    /// A name for a schema reached by reference: the last pointer token, else the file's name.
    func suggestedName(forReference text: String) -> String {
        let (filePart, fragment) = split(reference: text)
        if let last = JSONPointer.tokens(fragment.percentDecoded ?? fragment)?.last, !last.isEmpty {
            return last
        }
        let fileName = ((filePart.percentDecoded ?? filePart) as NSString).lastPathComponent
        return (fileName as NSString).deletingPathExtension
    }
}

extension String {
    /// Percent-decoding that skips Foundation when there is nothing to decode (the usual case:
    /// references are resolved tens of thousands of times in large specs).
    var percentDecoded: String? {
        utf8.contains(UInt8(ascii: "%")) ? removingPercentEncoding : self
    }
}
