import Foundation

/// Writes generated files into a folder, touching only files whose contents changed (so
/// incremental builds stay incremental) and removing files apigen wrote earlier that the
/// new output no longer has.
public struct FileWriter {
    public struct Summary: Equatable, Sendable {
        public var written: [String] = []
        public var unchanged: [String] = []
        public var removed: [String] = []
    }

    public init() {}

    public func write(_ files: [GeneratedFile], to directory: URL) throws -> Summary {
        var summary = Summary()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let names = Set(files.map(\.name))
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            if let existing = try? Data(contentsOf: url), Self.bytes(file.utf8, equal: existing) {
                summary.unchanged.append(file.name)
                continue
            }
            try Data(file.utf8).write(to: url, options: .atomic)
            summary.written.append(file.name)
        }
        let present = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in present.sorted() where name.hasSuffix(".swift") && !names.contains(name) {
            let url = directory.appendingPathComponent(name)
            guard let handle = try? FileHandle(forReadingFrom: url) else { continue }
            let head = (try? handle.read(upToCount: GeneratedFile.headerPrefix.utf8.count)) ?? Data()
            try? handle.close()
            if head == Data(GeneratedFile.headerPrefix.utf8) {
                try FileManager.default.removeItem(at: url)
                summary.removed.append(name)
            }
        }
        return summary
    }

    /// Compares in place: copying megabytes of output into a `Data` only to compare it
    /// would cost as much as the comparison.
    private static func bytes(_ utf8: [UInt8], equal data: Data) -> Bool {
        utf8.withUnsafeBufferPointer { bytes in
            data.withUnsafeBytes { existing in
                bytes.count == existing.count && (bytes.isEmpty || memcmp(bytes.baseAddress!, existing.baseAddress!, bytes.count) == 0)
            }
        }
    }
}
