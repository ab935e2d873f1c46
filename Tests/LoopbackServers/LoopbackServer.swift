import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A script of `Tests/Support/` (Python 3, standard library only), started on 127.0.0.1 with a
/// port the OS picks, stopped by PID. The script prints its port and exits when its standard
/// input closes.
public final class LoopbackServer: @unchecked Sendable {
    /// The Python process.
    public let process = Process()
    /// The port it listens on.
    public let port: Int
    private let input = Pipe()

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Starts `Tests/Support/<script>`; skips the test, saying why, when Python 3 or the script
    /// is missing or the server does not start.
    public init(script name: String) throws {
        guard let python = Self.findExecutable("python3") else {
            throw XCTSkip(
                "python3 is not on PATH: the loopback server tests need Python 3 (standard library only); install python3 to run them")
        }
        let script = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Support/\(name)")
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw XCTSkip("loopback server script not found at \(script.path)")
        }
        let output = Pipe()
        process.executableURL = python
        process.arguments = [script.path, "0"]
        process.standardOutput = output
        // The server exits when this pipe closes, so a crashed test run leaves nothing behind.
        process.standardInput = input
        try process.run()

        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw XCTSkip("\(name) did not start (printed \(String(decoding: line, as: UTF8.self).debugDescription))")
        }
        self.port = port
    }

    /// SIGTERM by PID; SIGKILL if it is still running after two seconds.
    public func stop() {
        try? input.fileHandleForWriting.close()
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline {
            usleep(10_000)
        }
        if process.isRunning {
            kill(pid, SIGKILL)
        }
        process.waitUntilExit()
    }

    public static func findExecutable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    /// A loopback port nothing listens on: bound by a socket that is then closed.
    public static func unusedPort() -> Int {
        #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 ? getsockname(fd, socketAddress, &length) : -1
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
