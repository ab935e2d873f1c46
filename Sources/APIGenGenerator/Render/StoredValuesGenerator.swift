/// `_visitStoredValues(pairedWith:_:)`, the one function per model that the runtime builds
/// equality and hashing on (see `APIModel`): each stored value beside the other value's. One
/// generic call per property costs the compiler less than synthesized `==` and `hash(into:)`.
enum StoredValuesGenerator {
    /// A struct's stored values: `paths` reach its properties (an indirect one through its
    /// accessor, a deprecated one through its storage), the bookkeeping `KeyPresence` left out
    /// as it never makes two values differ.
    static func renderStruct(_ paths: [String], into printer: inout Printer, context: RenderContext) {
        attributes(context, into: &printer)
        printer.block(header(context)) { printer in
            for path in paths {
                printer.line("visitor.visit(self.\(path), other.\(path))")
            }
        }
    }

    /// An enum's payloads when both values are the same case.
    static func renderEnum(_ cases: [Identifier], into printer: inout Printer, context: RenderContext) {
        attributes(context, into: &printer)
        printer.block(header(context)) { printer in
            printer.switchBlock("(self, other)") { printer in
                for name in cases {
                    printer.line("case (.\(name)(let value), .\(name)(let otherValue)): visitor.visit(value, otherValue)")
                }
                if cases.count > 1 {
                    printer.line("default: visitor.visitDifferentCases()")
                }
            }
        }
    }

    /// `@inlinable` where public, in optimized builds: an app's `a == b` then specializes the
    /// visit for equality in the app's own module, as it would inline a synthesized `==`;
    /// without it every property went through the generic entry point, at less than half the
    /// speed. Debug builds (`DEBUG`) leave it out: nothing is specialized there anyway, and the
    /// job that emits the module, run again on every rebuild, then skips every body.
    private static func attributes(_ context: RenderContext, into printer: inout Printer) {
        if context.access == "public " {
            printer.line("#if !DEBUG")
            printer.line("@inlinable")
            printer.line("#endif")
        }
    }

    private static func header(_ context: RenderContext) -> SourceText {
        "\(context.access)func _visitStoredValues<Visitor: StoredValueVisitor>(pairedWith other: Self, _ visitor: inout Visitor)"
    }
}
