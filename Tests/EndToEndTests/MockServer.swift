import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// A connexion mock server for one spec, started once per test run and shared by the tests
/// that need it. It validates every request against the spec (400 with the reason when one is
/// wrong) and answers with the spec's examples. It stops when the test process exits: it
/// watches its standard input, which this process holds open.
final class MockServer: @unchecked Sendable {
    let baseURL: URL
    private let process: Process
    private let input: Pipe

    private init(baseURL: URL, process: Process, input: Pipe) {
        self.baseURL = baseURL
        self.process = process
        self.input = input
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static let lock = NSLock()
    nonisolated(unsafe) private static var servers: [String: MockServer] = [:]

    /// The server for `Specs/<spec>`, reachable under `pathPrefix` (the server URL's path in
    /// the spec). Skips the test, saying why, when Python with connexion is not available.
    static func shared(spec: String, pathPrefix: String) throws -> MockServer {
        lock.lock()
        defer { lock.unlock() }
        if let server = servers[spec] {
            return server
        }
        let python = try pythonWithConnexion()
        let server = try start(python: python, spec: repositoryRoot.appendingPathComponent("Specs/\(spec)"), pathPrefix: pathPrefix)
        servers[spec] = server
        return server
    }

    /// `APIGEN_PYTHON`, else the repository's `.venv` that `Scripts/setup-test-servers` creates.
    private static func pythonWithConnexion() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        let candidate = environment["APIGEN_PYTHON"].map(URL.init(fileURLWithPath:)) ?? repositoryRoot.appendingPathComponent(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
            throw XCTSkip("end-to-end tests need Python with connexion: \(candidate.path) not found (run Scripts/setup-test-servers, or set APIGEN_PYTHON to a Python with connexion and uvicorn)")
        }
        let check = Process()
        check.executableURL = candidate
        check.arguments = ["-c", "import connexion, uvicorn"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        try check.run()
        check.waitUntilExit()
        guard check.terminationStatus == 0 else {
            throw XCTSkip("end-to-end tests need connexion and uvicorn in \(candidate.path): run Scripts/setup-test-servers")
        }
        return candidate
    }

    private static func start(python: URL, spec: URL, pathPrefix: String) throws -> MockServer {
        let process = Process()
        process.executableURL = python
        process.arguments = ["-W", "ignore", repositoryRoot.appendingPathComponent("Tests/Support/mock_server.py").path, spec.path]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is "PORT <n>", printed once the socket listens.
        var collected = Data()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !collected.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            collected.append(chunk)
        }
        let line = String(decoding: collected, as: UTF8.self)
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5).prefix { $0.isNumber }) else {
            process.terminate()
            throw XCTSkip("the mock server for \(spec.lastPathComponent) did not start: \(line)")
        }
        let baseURL = URL(string: "http://127.0.0.1:\(port)\(pathPrefix)")!
        try waitUntilAccepting(port: port)
        return MockServer(baseURL: baseURL, process: process, input: input)
    }

    /// uvicorn prints nothing when ready; connect until it answers.
    private static func waitUntilAccepting(port: Int) throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/__ready")!)
            request.timeoutInterval = 1
            let semaphore = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var answered = false
            URLSession.shared.dataTask(with: request) { _, response, _ in
                answered = response != nil
                semaphore.signal()
            }.resume()
            semaphore.wait()
            if answered { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw XCTSkip("the mock server on port \(port) never answered")
    }
}
