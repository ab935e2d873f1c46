import Foundation

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Musl)
import Musl
private let systemWrite = Musl.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

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
            if let existing = try? Data(contentsOf: url), file.data == existing {
                summary.unchanged.append(file.name)
                continue
            }
            try Self.replace(url, with: file.data)
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

    /// Writes a temporary file beside `url` and renames it over `url`, so a build running at
    /// the same time never sees half a file. Unlike `Data.write(options: .atomic)` it does not
    /// `fsync`: generated files are made again from the spec, and 51 syncs were most of the
    /// write stage's time for a large client.
    private static func replace(_ url: URL, with bytes: Data) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).apigen-\(getpid())")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw writeError(url) }
        var written = 0
        let failed = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                written += count
            }
            return false
        }
        if close(descriptor) != 0 || failed || rename(temporary.path, url.path) != 0 {
            let error = writeError(url)
            unlink(temporary.path)
            throw error
        }
    }

    /// The error for the `errno` a failed call left: the file's name and the system's reason.
    private static func writeError(_ url: URL) -> WriteError {
        WriteError(file: url.lastPathComponent, reason: String(cString: strerror(errno)))
    }

    /// A file that could not be written ("Models.swift: Is a directory").
    public struct WriteError: LocalizedError {
        public var file: String
        public var reason: String

        public var errorDescription: String? {
            "\(file): \(reason)"
        }
    }
}
