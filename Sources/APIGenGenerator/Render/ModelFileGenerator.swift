/// Lays top-level model declarations out over a fixed number of files. A type's file is
/// chosen by a hash of its name, so adding or changing one schema changes one file.
enum ModelFileGenerator {
    static func files(for declarations: [TypeDeclaration], options: GeneratorOptions) -> [GeneratedFile] {
        let count = max(1, options.modelFileCount)
        var shards = Array(repeating: [TypeDeclaration](), count: count)
        for declaration in declarations {
            shards[Int(stableHash(declaration.name) % UInt64(count))].append(declaration)
        }
        let context = RenderContext(accessLevel: options.accessLevel)
        return shards.enumerated().map { index, shard in
            var printer = Printer()
            printer.line(SourceText(GeneratedFile.header(specFileName: options.specFileName).trimmingTrailingNewline))
            if shard.isEmpty {
                printer.line("// No types fell into this file; it exists so that the set of files never changes.")
            } else {
                printer.blank()
                printer.line("import APIGenRuntime")
                printer.line("import Foundation")
                for declaration in shard {
                    printer.blank()
                    DeclarationRenderer.render(declaration, into: &printer, context: context)
                }
            }
            return GeneratedFile(name: fileName(index: index, count: count), utf8: printer.utf8)
        }
    }

    static func fileName(index: Int, count: Int) -> String {
        count == 1 ? "Models.swift" : "Models\(index + 1).swift"
    }

    /// FNV-1a: the same on every run and platform, unlike `Hasher`.
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}

extension String {
    var trimmingTrailingNewline: String {
        hasSuffix("\n") ? String(dropLast()) : self
    }
}
