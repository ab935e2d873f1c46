import APIGenYAML
import Foundation

/// Schema `$ref`s, resolved once every file is read: their targets, and cycles made only of
/// references.
extension SpecParser {
    /// Resolves the schema `$ref`s and discriminator mappings collected while parsing.
    /// Targets may hold further references, so this runs until the list is empty.
    func resolvePendingSchemaReferences() {
        var next = 0
        while next < pendingReferences.count {
            let (id, node, text) = pendingReferences[next]
            next += 1
            guard let target = locateSchema(reference: text, from: node) else { continue }
            let targetID = schema(target)
            schemas[id].reference = targetID
            if componentNames[targetID] == nil, schemas.referenceNames[targetID] == nil {
                schemas.referenceNames[targetID] = suggestedName(forReference: text)
            }
        }
        pendingReferences.removeAll()
        rejectReferenceCycles()
        for (owner, entries) in pendingDiscriminators {
            var mapping: [(value: String, schema: SchemaID)] = []
            for entry in entries {
                // A mapping value is a reference, or (by the spec) a bare component name.
                let reference =
                    entry.text.contains("#") || entry.text.contains("/") || entry.text.hasSuffix(".yaml") || entry.text.hasSuffix(".yml")
                        || entry.text.hasSuffix(".json")
                    ? entry.text
                    : (version == .swagger2 ? "#/definitions/" : "#/components/schemas/") + entry.text
                // One mapping entry that leads nowhere costs that entry, not the whole client.
                guard resolvesQuietly(reference, from: entry.node) else {
                    warning(
                        "discriminator mapping '\(entry.value)' points at '\(reference)', which does not resolve; the entry is ignored",
                        at: entry.node)
                    continue
                }
                guard let target = locateSchema(reference: reference, from: entry.node) else { continue }
                let targetID = schema(target)
                mapping.append((entry.value, targetID))
                if componentNames[targetID] == nil, schemas.referenceNames[targetID] == nil {
                    schemas.referenceNames[targetID] = suggestedName(forReference: reference)
                }
            }
            schemas[owner].discriminator?.mapping = mapping
        }
        pendingDiscriminators = []
        // Schemas reached only by now-resolved discriminators may hold references too.
        if !pendingReferences.isEmpty {
            resolvePendingSchemaReferences()
        }
    }

    /// Locates a schema reference and checks that it names a schema. Successes are cached per
    /// referring file and text (a large spec repeats a few hundred references thousands of
    /// times); failures are reported at every use.
    private func locateSchema(reference text: String, from node: SourceRef) -> SourceRef? {
        let key = FileKey(origin: node.file, path: text)
        if let known = schemaTargets[key] {
            return known
        }
        guard let target = checkedSchemaTarget(reference: text, from: node) else { return nil }
        schemaTargets[key] = target
        return target
    }

    private func checkedSchemaTarget(reference text: String, from node: SourceRef) -> SourceRef? {
        // The fragment is the target's pointer; no need to walk the tree.
        let fragment = text.firstIndex(of: "#").map { String(text[text.index(after: $0)...]) } ?? ""
        let pointer = fragment.percentDecoded ?? fragment
        // A schema that is not there leaves the value unconstrained; a pointer into an object
        // that holds no schemas is a mistake of another kind.
        let repair = Self.nonSchemaSection(containing: pointer) == nil ? "it is generated as a free-form value" : nil
        guard let target = locate(reference: text, from: node, ifMissing: repair) else { return nil }
        let doc = document(target)
        let kind = doc.kind(target.node)
        let isBooleanSchema = kind == .scalar && version.hasFullJSONSchema
        guard kind == .mapping || isBooleanSchema else {
            error("reference '\(text)' points at \(describeKind(target)), not a schema", at: node)
            return nil
        }
        if pointer.isEmpty && doc.kind(target.node) == .mapping
            && (doc.value(target.node, forKey: "openapi") != nil || doc.value(target.node, forKey: "swagger") != nil)
        {
            error("reference '\(text)' points at a whole spec, not a schema", at: node)
            return nil
        }
        if target.file == 0, let section = Self.nonSchemaSection(containing: pointer) {
            // A schema nested in one of these objects (a media type's, parameter's or header's
            // `schema`, or anything below it) is still a schema: only the objects themselves are not.
            let inner = JSONPointer.tokens(String(pointer.dropFirst(section.count))) ?? []
            if !inner.dropFirst().contains("schema") {
                error("reference '\(text)' points at '#\(section)', not a schema", at: node)
                return nil
            }
        }
        return target
    }

    /// The object of `nonSchemaRoots` that `pointer` names or is inside, if any.
    private static func nonSchemaSection(containing pointer: String) -> String? {
        // Bytes compare exactly for ASCII; other text keeps String's character semantics.
        guard pointer.isASCII else {
            return nonSchemaRoots.first { pointer == $0 || pointer.hasPrefix($0 + "/") }
        }
        var text = pointer
        let index = text.withUTF8 { bytes in
            nonSchemaRootBytes.firstIndex { root in
                bytes.count >= root.count && bytes.prefix(root.count).elementsEqual(root)
                    && (bytes.count == root.count || bytes[root.count] == UInt8(ascii: "/"))
            }
        }
        return index.map { nonSchemaRoots[$0] }
    }

    private static let nonSchemaRootBytes = nonSchemaRoots.map { Array($0.utf8) }

    /// Objects that are not schemas, though schemas may be nested in them.
    private static let nonSchemaRoots = [
        "/info", "/paths", "/servers", "/tags", "/security", "/webhooks", "/components/parameters", "/components/responses",
        "/components/requestBodies", "/components/headers", "/components/securitySchemes", "/components/examples", "/components/links",
        "/components/callbacks", "/components/pathItems", "/components/mediaTypes", "/parameters", "/responses", "/securityDefinitions",
    ]

    /// A chain of references that only leads back to itself has no content: report it and
    /// cut it so that later stages see a free-form value instead of looping.
    private func rejectReferenceCycles() {
        var state = [UInt8](repeating: 0, count: schemas.count)  // 0 unvisited, 1 on chain, 2 done
        var chain: [Int] = []
        for start in 0..<schemas.count where state[start] == 0 {
            chain.removeAll(keepingCapacity: true)
            var current = start
            while state[current] == 0 {
                state[current] = 1
                chain.append(current)
                // Through the borrowing subscript: indexing `schemas.schemas` copies the schema.
                guard let next = schemas[SchemaID(current)].reference?.index else { break }
                current = next
            }
            if state[current] == 1, schemas[SchemaID(current)].reference != nil, let loopStart = chain.firstIndex(of: current) {
                let loop = chain[loopStart...]
                let names = loop.map { schemas.schemas[$0].referenceText ?? "?" } + [schemas.schemas[current].referenceText ?? "?"]
                error(
                    "references form a cycle with no schema in it: \(names.joined(separator: " → "))", at: schemas.schemas[current].source)
                schemas.schemas[current].reference = nil
            }
            for index in chain {
                state[index] = 2
            }
        }
    }
}
