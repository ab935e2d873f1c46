/// oneOf / anyOf enums: a case per alternative, decoded by the discriminator when there is one
/// (unknown discriminator values are kept, not fatal), else by trying each alternative in turn.
struct UnionGenerator: DeclarationGenerator {
    func render(_ declaration: TypeDeclaration, into printer: inout Printer, context: RenderContext) {
        guard case .union(let union) = declaration.kind else { return }
        let access = context.access
        let keyword = union.isIndirect ? "indirect enum" : "enum"
        printer.documentation(declaration.documentation)
        printer.block("\(access)nonisolated \(keyword) \(declaration.name): APIModel") { printer in
            for item in union.cases {
                printer.line("case \(item.name)(\(item.type, in: context))")
            }
            if union.discriminatorKey != nil {
                printer.line("/// A kind this client does not know yet, kept as sent.")
                printer.line("case unknown(JSONValue)")
            }
            DeclarationRenderer.renderNested(declaration, into: &printer, context: context)
            printer.blank()
            if let key = union.discriminatorKey {
                renderDiscriminatedDecoder(union, key: key, name: declaration.name, into: &printer, context: context)
            } else {
                renderTryingDecoder(union, name: declaration.name, into: &printer, context: context)
            }
            printer.blank()
            printer.block("\(access)func encode(to encoder: any Encoder) throws") { printer in
                printer.switchBlock("self") { printer in
                    for item in union.cases {
                        let encoded = WholeValueCoding.encoded("value", type: WholeValueCoding.coded(item))
                        printer.line("case .\(item.name)(let value): try \(encoded)")
                    }
                    if union.discriminatorKey != nil {
                        printer.line("case .unknown(let value): try value.encode(to: encoder)")
                    }
                }
            }
            printer.blank()
            let cases = union.cases.map(\.name) + (union.discriminatorKey != nil ? [Identifier("unknown")] : [])
            StoredValuesGenerator.renderEnum(cases, into: &printer, context: context)
            for property in union.sharedProperties {
                printer.blank()
                renderSharedProperty(property, of: union, into: &printer, context: context)
            }
        }
    }

    /// A base field read from whichever case the value is; an unknown kind decodes it from
    /// what was received.
    private func renderSharedProperty(
        _ property: UnionDeclaration.SharedProperty, of union: UnionDeclaration, into printer: inout Printer, context: RenderContext
    ) {
        printer.documentation(property.documentation)
        printer.block("\(context.access)var \(property.name): \(property.type.optional, in: context)") { printer in
            printer.switchBlock("self") { printer in
                for item in union.cases {
                    printer.line("case .\(item.name)(let value): value.\(property.name)")
                }
                if union.discriminatorKey != nil {
                    printer.line("case .unknown(let value): value.decodedMember(\(literal: property.key))")
                }
            }
        }
    }

    private func renderDiscriminatedDecoder(
        _ union: UnionDeclaration, key: String, name: String, into printer: inout Printer, context: RenderContext
    ) {
        let access = context.access
        printer.block("\(access)init(from decoder: any Decoder) throws") { printer in
            // A missing or non-string discriminator, or a value that is not an object, is an
            // unknown kind, kept as sent, not a failure.
            printer.line(
                "let kind = (try? decoder.container(keyedBy: AnyCodingKey.self).decode(String.self, forKey: \(literal: key))) ?? \"\"")
            printer.switchBlock("kind") { printer in
                for (values, cases) in Self.casesByValue(union) {
                    let patterns = values.map(SwiftLiteral.string).joined(separator: ", ")
                    guard cases.count > 1, let last = cases.last else {
                        let decoded = WholeValueCoding.decoded(WholeValueCoding.coded(cases[0]), context: context)
                        printer.line("case \(patterns): self = .\(cases[0].name)(try \(decoded))")
                        continue
                    }
                    // A value several alternatives share: each is tried, the last one's error thrown.
                    printer.line("case \(patterns):")
                    printer.indented { printer in
                        for item in cases.dropLast() {
                            let attempted = WholeValueCoding.attempted(WholeValueCoding.coded(item), context: context)
                            printer.block("if let value = \(attempted)") { printer in
                                printer.line("self = .\(item.name)(value)")
                                printer.line("return")
                            }
                        }
                        let decoded = WholeValueCoding.decoded(WholeValueCoding.coded(last), context: context)
                        printer.line("self = .\(last.name)(try \(decoded))")
                    }
                }
                printer.line("default: self = .unknown(try JSONValue(from: decoder))")
            }
        }
    }

    /// The discriminator values in the order they first appear, grouped where they select the
    /// same cases; cases sharing a value in the order they are tried (more required keys first).
    private static func casesByValue(_ union: UnionDeclaration) -> [(values: [String], cases: [UnionDeclaration.Case])] {
        var order: [String] = []
        var casesOfValue: [String: [Int]] = [:]
        for (index, item) in union.cases.enumerated() {
            for value in item.discriminatorValues where casesOfValue[value]?.contains(index) != true {
                if casesOfValue[value] == nil { order.append(value) }
                casesOfValue[value, default: []].append(index)
            }
        }
        var groups: [(values: [String], cases: [Int])] = []
        for value in order {
            let indices = casesOfValue[value]!.sorted {
                (-union.cases[$0].requiredKeyCount, $0) < (-union.cases[$1].requiredKeyCount, $1)
            }
            if let existing = groups.firstIndex(where: { $0.cases == indices }) {
                groups[existing].values.append(value)
            } else {
                groups.append((values: [value], cases: indices))
            }
        }
        return groups.map { (values: $0.values, cases: $0.cases.map { union.cases[$0] }) }
    }

    /// Tries the alternatives in `UnionDeclaration.decodingOrder`.
    private func renderTryingDecoder(_ union: UnionDeclaration, name: String, into printer: inout Printer, context: RenderContext) {
        let access = context.access
        let ordered = union.decodingOrder
        // Two or more alternatives that drop keys they do not declare: the one declaring every
        // key of the value goes first, whatever the order here, so that none of its keys is lost.
        let ordersByKeys = ordered.filter { $0.declaredKeys != nil }.count >= 2
        if ordersByKeys {
            printer.line("/// The keys each alternative reads, in the order they are tried; nil where it keeps any.")
            printer.line("private static let alternativeKeys: [Set<String>?] = [")
            printer.indented { printer in
                for item in ordered {
                    guard let keys = item.declaredKeys else {
                        printer.line("nil,")
                        continue
                    }
                    printer.list("[", keys.map { "\(literal: $0)" }, "],", trailingComma: true)
                }
            }
            printer.line("]")
            printer.blank()
        }
        let textFallback = union.cases.contains { WholeValueCoding.coded($0) == .scalar(.string) }
        printer.block("\(access)init(from decoder: any Decoder) throws") { printer in
            func attempt(_ item: UnionDeclaration.Case, into printer: inout Printer) {
                let attempted = WholeValueCoding.attempted(WholeValueCoding.coded(item), context: context, textFallback: textFallback)
                printer.block("if let value = \(attempted)") { printer in
                    printer.line("self = .\(item.name)(value)")
                    printer.line("return")
                }
            }
            if ordersByKeys {
                printer.block("for alternative in AlternativeOrder.declaringEveryKey(decoder, Self.alternativeKeys)") { printer in
                    printer.switchBlock("alternative") { printer in
                        for (index, item) in ordered.enumerated() {
                            printer.line("case \(index):")
                            printer.indented { printer in attempt(item, into: &printer) }
                        }
                        printer.line("default: break")
                    }
                }
            } else {
                for item in ordered { attempt(item, into: &printer) }
            }
            renderNoMatch(union, name: name, into: &printer, context: context)
        }
    }

    /// The error thrown when no alternative decodes, naming them.
    private func renderNoMatch(_ union: UnionDeclaration, name: String, into printer: inout Printer, context: RenderContext) {
        let names = union.cases.map { context.code($0.type) }.joined(separator: ", ")
        var description: SourceText = "debugDescription: \(literal: "Expected a value matching one of: \(names)")"
        // Wrapped, the description sits two levels in; a long list of names gives way to a count.
        if !printer.fits(description.count + 8) {
            let summary = "Expected a value matching one of the \(union.cases.count) alternatives of \(name)"
            description = "debugDescription: \(literal: summary)"
        }
        let thrown: SourceText =
            "throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, \(description)))"
        if printer.fits(thrown.count) {
            printer.line(thrown)
            return
        }
        printer.line("throw DecodingError.dataCorrupted(")
        printer.indented { printer in
            printer.list("DecodingError.Context(", ["codingPath: decoder.codingPath", description], ")")
        }
        printer.line(")")
    }
}
