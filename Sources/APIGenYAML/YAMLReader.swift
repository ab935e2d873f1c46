import CYAML
import Foundation

/// Reads YAML (and so JSON) into a `YAMLDocument` through libyaml's event API.
///
/// Everything libyaml or the limits reject becomes a located `Diagnostic`; nothing here
/// recurses, so deeply nested input cannot overflow the stack.
public struct YAMLReader: Sendable {
    public struct Limits: Sendable {
        /// Largest file accepted, in bytes.
        public var maxFileSize = 100 * 1024 * 1024
        /// Deepest nesting of mappings and sequences.
        public var maxDepth = 512
        /// Upper bound on the nodes that aliases add when expanded (a "billion laughs" file
        /// stays tiny on disk but would explode in any consumer that walks it). The generator
        /// declares a type for every inline schema it reaches, so an aliased schema is generated
        /// once per use: 50 000 keeps that near a second even in a debug build, while real specs
        /// that share blocks through anchors add a few thousand at most. Found by fuzzing (`Fuzz/`).
        public var maxExpandedNodes = 50_000
        /// Nodes a file may hold: `baseNodes` plus one per `bytesPerNode` bytes of the file. A
        /// node costs the tree at most about 45 bytes, so reading any file the budget lets through
        /// peaks below 8 times its size plus 50 MB. Real specs hold a node per 8 bytes (minified
        /// JSON) to 25 (YAML with descriptions) and stay far inside it.
        public var baseNodes = 750_000
        public var bytesPerNode = 7

        public init() {}

        /// The most nodes a file of `size` bytes may hold.
        public func nodeBudget(forFileOf size: Int) -> Int {
            baseNodes + size / max(bytesPerNode, 1)
        }
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    public func read(fileAt path: String, displayPath: String? = nil) throws(Diagnostic) -> YAMLDocument {
        let shown = displayPath ?? path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .error("cannot read file '\(path)'", at: SourceLocation(file: shown, line: 1, column: 1))
        }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        if size > UInt64(limits.maxFileSize) {
            throw .error("file is \(size) bytes; the limit is \(limits.maxFileSize)", at: SourceLocation(file: shown, line: 1, column: 1))
        }
        try? handle.seek(toOffset: 0)
        // `Data(contentsOf:)` reads a regular file in one go, where `readToEnd` reads 4 KB at
        // a time into a growing buffer, copied as it grows.
        let data = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        return try read(bytes: data, path: shown)
    }

    public func read(string: String, path: String) throws(Diagnostic) -> YAMLDocument {
        try read(bytes: Data(string.utf8), path: path)
    }

    public func read(bytes: Data, path: String) throws(Diagnostic) -> YAMLDocument {
        if bytes.count > limits.maxFileSize {
            throw .error(
                "file is \(bytes.count) bytes; the limit is \(limits.maxFileSize)", at: SourceLocation(file: path, line: 1, column: 1))
        }
        // JSON's strings may hold characters that YAML's reader refuses (see `JSONText`).
        let json = path.lowercased().hasSuffix(".json") ? bytes.withUnsafeBytes(JSONText.prepare) : nil
        let text = json?.bytes ?? bytes
        var builder = TreeBuilder(path: path, limits: limits, bytes: text, shifts: json?.shifts ?? ColumnShifts())
        let result: Result<YAMLDocument, Diagnostic> = text.withUnsafeBytes { raw in
            builder.build(raw)
        }
        return try result.get()
    }
}

/// Turns the event stream into the flat node arrays.
private struct TreeBuilder {
    struct Frame {
        var node: Int32
        /// Where this collection's children start in `pending`.
        var start: Int
        var expandedSize = 1
    }

    let path: String
    let limits: YAMLReader.Limits
    /// The text libyaml reads: the file's bytes, or for JSON their rewrite (`JSONText`), whose
    /// columns `shifts` turns back into the file's.
    let bytes: Data
    let shifts: ColumnShifts
    var entries: [YAMLDocument.Entry] = []
    var strings: [String] = []
    var children: [Int32] = []
    var stack: [Frame] = []
    /// Children of every open collection, innermost last: one array for the whole file
    /// instead of one per collection.
    var pending: [Int32] = []
    var anchors: [String: (node: Int32, expandedSize: Int)] = [:]
    var largeMappings: [Int32: KeyTable] = [:]
    var root: Int32 = -1
    var rootExpandedSize = 0
    /// Nodes added by expanding aliases (each alias counts its anchor's expanded size).
    var aliasExpandedNodes = 0
    var documentCount = 0
    var smallScalars = SmallScalarCache()

    init(path: String, limits: YAMLReader.Limits, bytes: Data, shifts: ColumnShifts) {
        self.path = path
        self.limits = limits
        self.bytes = bytes
        self.shifts = shifts
        nodeBudget = limits.nodeBudget(forFileOf: bytes.count)
        // Room for the densest file (a node per two bytes, `[a,a,…]`) within the budget: growing
        // would copy each array and keep the old copy's pages, which more than doubled the peak
        // of large files. Capacity never touched costs address space, not memory.
        let capacity = min(nodeBudget, bytes.count / 2 + 16)
        entries.reserveCapacity(capacity)
        strings.reserveCapacity(capacity)
        children.reserveCapacity(capacity)
        pending.reserveCapacity(capacity)
    }

    let nodeBudget: Int

    private func overBudget(line: Int32, column: Int32) -> Diagnostic? {
        guard entries.count >= nodeBudget else { return nil }
        return .error(
            "the file holds more than \(nodeBudget) nodes, the limit for its size (\(limits.baseNodes) plus one per \(limits.bytesPerNode) bytes)",
            at: location(line: line, column: column))
    }

    mutating func build(_ input: UnsafeRawBufferPointer) -> Result<YAMLDocument, Diagnostic> {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return .failure(.error("libyaml could not be initialised", at: location(line: 1, column: 1)))
        }
        defer { yaml_parser_delete(&parser) }
        let base = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
        // libyaml needs a non-null pointer even for empty input.
        var empty: UInt8 = 0
        withUnsafeMutablePointer(to: &empty) { emptyPointer in
            yaml_parser_set_input_string(&parser, base ?? UnsafePointer(emptyPointer), input.count)
        }
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                return .failure(parserError(parser))
            }
            defer { yaml_event_delete(&event) }
            if event.type == YAML_STREAM_END_EVENT { break }
            if let problem = handle(event) {
                return .failure(problem)
            }
        }
        guard root >= 0 else {
            return .failure(.error("the file is empty: expected a mapping", at: location(line: 1, column: 1)))
        }
        return .success(
            YAMLDocument(
                path: path, root: YAMLNode(index: Int(root)), entries: entries, strings: strings, children: children,
                largeMappings: largeMappings))
    }

    private mutating func handle(_ event: yaml_event_t) -> Diagnostic? {
        let line = Int32(event.start_mark.line + 1)
        let column = shifts.original(line: line, column: Int32(event.start_mark.column + 1))
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documentCount += 1
            if documentCount > 1 {
                return .error(
                    "the file holds more than one YAML document; a spec must be a single document", at: location(line: line, column: column)
                )
            }
        case YAML_SCALAR_EVENT:
            if let problem = overBudget(line: line, column: column) { return problem }
            let scalar = event.data.scalar
            let text = UnsafeBufferPointer(
                start: scalar.value.map { UnsafePointer($0) }, count: scalar.value == nil ? 0 : Int(scalar.length))
            let isPlain = scalar.plain_implicit == 1 && scalar.tag == nil && scalar.style == YAML_PLAIN_SCALAR_STYLE
            let index = Int32(entries.count)
            let string = smallScalars.index(of: text, in: &strings)
            entries.append(
                .init(kind: .scalar, isPlain: isPlain, line: line, column: column, start: string, count: 0, parent: currentParent))
            return attach(index, expandedSize: 1, anchor: scalar.anchor.map { String(cString: $0) }, line: line, column: column)
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
            if stack.count >= limits.maxDepth {
                return .error("nesting is deeper than \(limits.maxDepth) levels", at: location(line: line, column: column))
            }
            if let problem = overBudget(line: line, column: column) { return problem }
            let kind: YAMLDocument.Kind = event.type == YAML_MAPPING_START_EVENT ? .mapping : .sequence
            let index = Int32(entries.count)
            entries.append(.init(kind: kind, isPlain: false, line: line, column: column, start: 0, count: 0, parent: currentParent))
            stack.append(Frame(node: index, start: pending.count))
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            return closeCollection()
        case YAML_ALIAS_EVENT:
            return alias(event.data.alias.anchor.map { String(cString: $0) } ?? "", line: line, column: column)
        default:
            break
        }
        if event.type == YAML_MAPPING_START_EVENT || event.type == YAML_SEQUENCE_START_EVENT {
            let anchor = event.type == YAML_MAPPING_START_EVENT ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            if let anchor {
                pendingAnchors[stack[stack.count - 1].node] = String(cString: anchor)
            }
        }
        return nil
    }

    /// The end of the innermost open collection: its children move from `pending` into place,
    /// and the collection is attached to its parent.
    private mutating func closeCollection() -> Diagnostic? {
        let frame = stack.removeLast()
        let index = Int(frame.node)
        let ownCount = pending.count - frame.start
        // Through a buffer pointer: an ArraySlice of `pending` costs a retain and a release
        // per collection, and appending from one is not specialised as tightly.
        pending.withUnsafeBufferPointer { buffer in
            children.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[frame.start...]))
        }
        entries[index].start = Int32(children.count - ownCount)
        entries[index].count = Int32(ownCount)
        if entries[index].kind == .mapping, let problem = checkKeys(of: frame.node) {
            return problem
        }
        // No slice of `pending` may be alive here: it would make this copy the whole
        // array (every open collection's children) on each close, O(n²) on large files.
        pending.removeLast(ownCount)
        // Most files have no anchors: skip hashing the node for every collection.
        let anchor = pendingAnchors.isEmpty ? nil : pendingAnchors.removeValue(forKey: frame.node)
        return attach(
            frame.node, expandedSize: frame.expandedSize, anchor: anchor, line: Int32(entries[index].line),
            column: Int32(entries[index].column))
    }

    /// An alias: its anchor's node attached again, counted against the expansion budget.
    private mutating func alias(_ name: String, line: Int32, column: Int32) -> Diagnostic? {
        guard let target = anchors[name] else {
            return .error("undefined alias '*\(name)'", at: location(line: line, column: column))
        }
        // Only aliases count against the budget: a large file of plain nodes is not a bomb.
        let expanded = aliasExpandedNodes.addingReportingOverflow(target.expandedSize)
        if expanded.overflow || expanded.partialValue > limits.maxExpandedNodes {
            return .error("aliases expand to more than \(limits.maxExpandedNodes) nodes", at: location(line: line, column: column))
        }
        aliasExpandedNodes = expanded.partialValue
        return attach(target.node, expandedSize: target.expandedSize, anchor: nil, line: line, column: column)
    }

    /// Anchors of open collections, recorded once the collection (and its size) is complete.
    var pendingAnchors: [Int32: String] = [:]

    private var currentParent: Int32 {
        stack.last?.node ?? -1
    }

    private mutating func attach(_ node: Int32, expandedSize: Int, anchor: String?, line: Int32, column: Int32) -> Diagnostic? {
        if let anchor {
            anchors[anchor] = (node, expandedSize)
        }
        guard !stack.isEmpty else {
            root = node
            rootExpandedSize = expandedSize
            return nil
        }
        let top = stack.count - 1
        pending.append(node)
        // Bounded by the file's own nodes plus `aliasExpandedNodes`, so this cannot overflow.
        stack[top].expandedSize += expandedSize
        if entries[Int(stack[top].node)].kind == .mapping, (pending.count - stack[top].start) % 2 == 1, entries[Int(node)].kind != .scalar {
            return .error("mapping keys must be plain scalars", at: location(line: line, column: column))
        }
        return nil
    }

    /// A repeated key of a mapping that has just closed: compared pairwise among up to eight
    /// keys, else through the mapping's key table, which is kept for lookups when the mapping is
    /// large enough to need one.
    private mutating func checkKeys(of mapping: Int32) -> Diagnostic? {
        let entry = entries[Int(mapping)]
        let start = Int(entry.start)
        let keyCount = Int(entry.count) / 2
        if keyCount <= 8 {
            for later in stride(from: 1, to: keyCount, by: 1) {
                let laterKey = strings[Int(entries[Int(children[start + later * 2])].start)]
                for earlier in 0..<later where strings[Int(entries[Int(children[start + earlier * 2])].start)] == laterKey {
                    return duplicate(children[start + later * 2], key: laterKey)
                }
            }
            return nil
        }
        switch KeyTable.make(positions: start..<(start + Int(entry.count)), entries: entries, strings: strings, children: children) {
        case .success(let table):
            if entry.count > 32 {
                largeMappings[mapping] = table
            }
            return nil
        case .failure(let repeated):
            let keyNode = children[repeated.position]
            return duplicate(keyNode, key: strings[Int(entries[Int(keyNode)].start)])
        }
    }

    private func duplicate(_ keyNode: Int32, key: String) -> Diagnostic {
        let entry = entries[Int(keyNode)]
        return .error("duplicate key '\(key)'", at: location(line: entry.line, column: entry.column))
    }

    private func location(line: Int32, column: Int32) -> SourceLocation {
        SourceLocation(file: path, line: Int(line), column: Int(column))
    }

    private func parserError(_ parser: yaml_parser_t) -> Diagnostic {
        var problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if parser.error == YAML_SCANNER_ERROR, problem == "found character that cannot start any token" {
            // Name the character: it is usually an indenting tab, which is invisible in an editor.
            switch character(atIndex: parser.problem_mark.index) {
            case "\t"?: problem = "found a tab character that cannot start any token (YAML does not allow tabs for indentation)"
            case let scalar? where scalar.isASCII && scalar.value >= 0x20:
                problem = "found character '\(scalar)' that cannot start any token"
            case let scalar?: problem = "found character U+\(String(scalar.value, radix: 16, uppercase: true)) that cannot start any token"
            case nil: break
            }
        }
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            message = "\(problem) \(context)"
            // An unclosed quote or bracket is noticed far from where it was opened: say where.
            let start = parser.context_mark
            if start.line != parser.problem_mark.line || start.column != parser.problem_mark.column {
                let column = shifts.original(line: Int32(start.line + 1), column: Int32(start.column + 1))
                message += " that starts at line \(start.line + 1), column \(column)"
            }
        }
        switch parser.error {
        case YAML_READER_ERROR:
            // Reader errors (bad encoding, control characters) carry a byte offset, not a mark.
            let (line, column) = lineAndColumn(ofByte: Int(parser.problem_offset))
            if parser.problem_value != -1, problem.contains("control characters") || problem.contains("UTF-8") || problem.contains("octet")
            {
                message = "\(problem) (byte 0x\(String(parser.problem_value, radix: 16)))"
            }
            return .error(message, at: location(line: Int32(line), column: shifts.original(line: Int32(line), column: Int32(column))))
        default:
            let mark = parser.problem_mark
            let line = Int32(mark.line + 1)
            return .error(message, at: location(line: line, column: shifts.original(line: line, column: Int32(mark.column + 1))))
        }
    }

    /// The character at a libyaml mark's index, which counts characters, not bytes.
    private func character(atIndex index: Int) -> Unicode.Scalar? {
        bytes.withUnsafeBytes { raw -> Unicode.Scalar? in
            // libyaml skips a UTF-8 byte order mark without counting it; UTF-16 input is not walked.
            if raw.count >= 2, (raw[0] == 0xFE && raw[1] == 0xFF) || (raw[0] == 0xFF && raw[1] == 0xFE) { return nil }
            var remaining = index
            var offset = raw.count >= 3 && raw[0] == 0xEF && raw[1] == 0xBB && raw[2] == 0xBF ? 3 : 0
            while offset < raw.count {
                if raw[offset] & 0xC0 != 0x80 {
                    if remaining == 0 { break }
                    remaining -= 1
                }
                offset += 1
            }
            guard offset < raw.count else { return nil }
            var end = offset + 1
            while end < raw.count, end - offset < 4, raw[end] & 0xC0 == 0x80 { end += 1 }
            return String(decoding: raw[offset..<end], as: UTF8.self).unicodeScalars.first
        }
    }

    private func lineAndColumn(ofByte offset: Int) -> (Int, Int) {
        var line = 1
        var column = 1
        let end = min(offset, bytes.count)
        bytes.withUnsafeBytes { raw in
            for index in 0..<end {
                let byte = raw[index]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
        }
        return (line, column)
    }
}
