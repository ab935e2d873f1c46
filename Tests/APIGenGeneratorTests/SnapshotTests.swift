import APIGenCLI
import APIGenGenerator
import Foundation
import XCTest

/// Regenerates every spec in Specs/ with the CLI and compares the result with Generated/
/// byte for byte. `APIGEN_UPDATE_SNAPSHOTS=1 swift test --filter SnapshotTests` rewrites them.
/// A folder in Specs/ laid out as the build plugin expects (`openapi.yaml` beside its
/// `apigen.yaml`) is generated with its settings.
final class SnapshotTests: XCTestCase {
    func testGeneratedMatchesSpecs() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Repository.specs.path).sorted()
        let folders = names.filter {
            FileManager.default.fileExists(atPath: Repository.specs.appendingPathComponent("\($0)/apigen.yaml").path)
        }
        let specs = names.filter { $0.hasSuffix(".yaml") } + folders.map { "\($0)/openapi.yaml" }
        XCTAssertGreaterThanOrEqual(specs.count, 8)
        let update = ProcessInfo.processInfo.environment["APIGEN_UPDATE_SNAPSHOTS"] == "1"
        for spec in specs {
            let folder = try TemporaryFolder()
            var messages: [String] = []
            let status = CommandLineTool.run(["generate", Repository.specs.appendingPathComponent(spec).path, "--output", folder.url.path], output: { messages.append($0) }, errors: { messages.append($0) })
            XCTAssertEqual(status, 0, "\(spec): \(messages)")
            let module = try XCTUnwrap(messages.last?.split(separator: " ").dropFirst().first.map(String.init), "\(spec): \(messages)")
            let expected = Repository.generated.appendingPathComponent(module)
            let produced = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
            if update {
                try FileManager.default.createDirectory(at: expected, withIntermediateDirectories: true)
                for name in try FileManager.default.contentsOfDirectory(atPath: expected.path) where !produced.contains(name) {
                    try FileManager.default.removeItem(at: expected.appendingPathComponent(name))
                }
                for name in produced {
                    let data = try Data(contentsOf: folder.url.appendingPathComponent(name))
                    if (try? Data(contentsOf: expected.appendingPathComponent(name))) != data {
                        try data.write(to: expected.appendingPathComponent(name))
                    }
                }
                continue
            }
            let existing = (try? FileManager.default.contentsOfDirectory(atPath: expected.path).sorted()) ?? []
            XCTAssertEqual(existing, produced, "\(spec): Generated/\(module) has different files; run APIGEN_UPDATE_SNAPSHOTS=1 swift test --filter SnapshotTests")
            for name in produced where existing.contains(name) {
                let new = try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
                let old = try String(contentsOf: expected.appendingPathComponent(name), encoding: .utf8)
                if new != old {
                    XCTFail("Generated/\(module)/\(name) is out of date (APIGEN_UPDATE_SNAPSHOTS=1 rewrites it):\n\(Self.diff(old: old, new: new))")
                }
            }
        }
    }

    func testGenerationIsDeterministic() throws {
        let spec = Repository.specs.appendingPathComponent("features.yaml").path
        var outputs: [[String]] = []
        for _ in 0..<2 {
            let folder = try TemporaryFolder()
            XCTAssertEqual(CommandLineTool.run(["generate", spec, "--output", folder.url.path], output: { _ in }, errors: { _ in }), 0)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
            outputs.append(try names.map { try String(contentsOf: folder.url.appendingPathComponent($0), encoding: .utf8) })
        }
        XCTAssertEqual(outputs[0], outputs[1])
    }

    /// The first differing lines with a little context, enough to see what changed.
    static func diff(old: String, new: String) -> String {
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
        let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
        var first = 0
        while first < min(oldLines.count, newLines.count), oldLines[first] == newLines[first] {
            first += 1
        }
        var report: [String] = ["@@ line \(first + 1) @@"]
        for index in max(0, first - 2)..<first {
            report.append("  " + oldLines[index])
        }
        for index in first..<min(oldLines.count, first + 8) {
            report.append("- " + oldLines[index])
        }
        for index in first..<min(newLines.count, first + 8) {
            report.append("+ " + newLines[index])
        }
        return report.joined(separator: "\n")
    }
}
