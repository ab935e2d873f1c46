import APIGenCLI
import Foundation
import XCTest

/// What a newcomer meets first: help on every subcommand, a usage line and one hint on a bad
/// command line (exit 2), and `apigen init`.
final class CommandHelpTests: XCTestCase {
    private struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    private func run(_ arguments: [String]) -> Run {
        var output: [String] = []
        var errors: [String] = []
        let status = CommandLineTool.run(arguments, output: { output.append($0) }, errors: { errors.append($0) })
        return Run(status: status, output: output.joined(separator: "\n"), errors: errors.joined(separator: "\n"))
    }

    func testEveryWayToAskForHelpPrintsIt() {
        let main = run(["--help"])
        XCTAssertEqual(main.status, 0)
        XCTAssertTrue(main.output.hasPrefix("OVERVIEW: Generate a Swift client"), main.output)
        assertContains(main.output, ["USAGE: apigen <subcommand>", "SUBCOMMANDS:\n  generate", "  init ", "-h, --help"])
        XCTAssertEqual(run(["-h"]).output, main.output)
        XCTAssertEqual(run(["help"]).output, main.output)
        for subcommand in ["generate", "validate", "init"] {
            let help = run([subcommand, "--help"])
            XCTAssertEqual(help.status, 0, subcommand)
            XCTAssertTrue(help.output.contains("USAGE: apigen \(subcommand)"), help.output)
            XCTAssertEqual(run([subcommand, "-h"]).output, help.output)
            XCTAssertEqual(run(["help", subcommand]).output, help.output)
            XCTAssertEqual(run([subcommand, "spec.yaml", "--help"]).output, help.output, "help wins over other arguments")
        }
        assertContains(run(["generate", "--help"]).output, ["ARGUMENTS:\n  <spec>", "OPTIONS:\n  -o, --output <dir>", "--strict"])
        XCTAssertEqual(run(["--version"]).output, "apigen \(CommandLineTool.version)")
    }

    func testABadOptionPrintsTheUsageLineAndOneHint() {
        let typo = run(["generate", "spec.yaml", "--outpt", "x"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(
            typo.errors,
            """
            Error: unknown option '--outpt'; did you mean '--output'?
            Usage: apigen generate <spec> [--output <dir>] [--module <name>] [<options>]
              See 'apigen generate --help' for more information.
            """)
        XCTAssertEqual(run(["generate", "spec.yaml", "--frobnicate"]).errors.split(separator: "\n").first, "Error: unknown option '--frobnicate'")
        XCTAssertEqual(run(["validate", "spec.yaml", "--strictly"]).errors.split(separator: "\n").first, "Error: unknown option '--strictly'; did you mean '--strict'?")
        XCTAssertEqual(run(["--verison"]).errors.split(separator: "\n").first, "Error: unknown option '--verison'; did you mean '--version'?")
    }

    func testAMissingArgumentOrSubcommandIsAUsageError() {
        for (arguments, message, usage) in [
            ([], "missing a subcommand", "apigen <subcommand>"),
            (["generate"], "missing the spec to generate from", "apigen generate <spec>"),
            (["validate"], "missing the spec to validate", "apigen validate <spec>"),
            (["frobnicate"], "unknown subcommand 'frobnicate'", "apigen <subcommand>"),
            (["help", "frobnicate"], "unknown subcommand 'frobnicate'", "apigen help"),
            (["generate", "spec.yaml", "--module"], "--module needs a name", "apigen generate <spec>"),
        ] {
            let result = run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            let lines = result.errors.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 3, result.errors)
            XCTAssertEqual(lines.first, "Error: \(message)")
            XCTAssertTrue(lines[1].hasPrefix("Usage: \(usage)"), result.errors)
        }
    }

    /// `apigen init` writes settings that `generate` reads without a warning, and the lines that
    /// add the build plugin to the target holding the spec; it does not replace its file unless
    /// told to.
    /// A spec of hundreds of schemas gets the hint that two targets rebuild faster; a small one does not.
    func testInitSuggestsTwoTargetsForALargeSpec() throws {
        let folder = try TemporaryFolder()
        // InitCommand.twoTargetSchemaCount.
        let schemas = (0..<500).map { "    S\($0): {type: object, properties: {a: {type: string}}}" }
        let large = try folder.write(
            "Sources/Big/openapi.yaml",
            "openapi: 3.0.3\ninfo: {title: Big, version: \"1\"}\npaths: {}\ncomponents:\n  schemas:\n"
                + schemas.joined(separator: "\n") + "\n")
        let run = run(["init", large.path])
        XCTAssertEqual(run.status, 0, run.errors)
        assertContains(run.output, ["With 500 schemas,", "A large client in two targets"])
        let small = try folder.write("Sources/Small/openapi.yaml", "openapi: 3.0.3\ninfo: {title: Small, version: \"1\"}\npaths: {}\n")
        XCTAssertFalse(self.run(["init", small.path]).output.contains("two targets"))
    }

    func testInitWritesSettingsAndShowsThePackageLines() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write("Sources/ShopClient/openapi.yaml", """
            openapi: 3.0.3
            info: {title: Tiny Shop, version: "1"}
            paths: {}
            """)
        let first = run(["init", spec.path])
        XCTAssertEqual(first.status, 0, first.errors)
        let settings = spec.deletingLastPathComponent().appendingPathComponent("apigen.yaml")
        let text = try String(contentsOf: settings, encoding: .utf8)
        assertContains(text, ["module: TinyShopAPI\n", "access: public\n", "# filter:\n"])
        assertContains(first.output, [
            "Wrote \(settings.path).", "name: \"ShopClient\"", ".plugin(name: \"APIGenPlugin\", package: \"apigen\")",
            "generate-client --target ShopClient",
        ])
        let output = folder.url.appendingPathComponent("out").path
        let generated = run(["generate", spec.path, "--output", output])
        XCTAssertEqual(generated.status, 0)
        XCTAssertEqual(generated.errors, "", "the written settings read without a warning")
        XCTAssertTrue(generated.output.hasPrefix("Generated TinyShopAPI"), generated.output)

        try "module: Mine\n".write(to: settings, atomically: true, encoding: .utf8)
        let again = run(["init", spec.path])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.errors.hasPrefix("Error: \(settings.path) is already there (--force replaces it)"), again.errors)
        XCTAssertEqual(try String(contentsOf: settings, encoding: .utf8), "module: Mine\n")
        XCTAssertEqual(run(["init", spec.path, "--force"]).status, 0)
        XCTAssertTrue(try String(contentsOf: settings, encoding: .utf8).contains("module: TinyShopAPI"))
    }

    func testInitNamesWhatTheBuildPluginNeeds() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write("shop.yaml", "openapi: 3.0.3\ninfo: {title: Shop, version: \"1\"}\npaths: {}\n")
        let result = run(["init", spec.path])
        XCTAssertEqual(result.status, 0, result.errors)
        assertContains(result.output, [
            "Put the spec and apigen.yaml in the target's folder, Sources/ShopAPI.",
            "The build plugin reads openapi.yaml (or .yml, .json): rename shop.yaml.",
        ])
        XCTAssertEqual(run(["init", folder.url.appendingPathComponent("missing.yaml").path]).status, 1)
    }

    /// The built executable behaves as the tests above say (its exit status and its streams).
    func testTheExecutableHelpsAndExitsTwoOnABadOption() throws {
        guard let apigen = BadSpecTests.apigenExecutable() else { throw XCTSkip("the apigen executable was not built") }
        let (help, _) = try BadSpecTests.runChild(apigen, ["generate", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertEqual(help.output.first, "OVERVIEW: Write the Swift client for an OpenAPI description.")
        let (bad, _) = try BadSpecTests.runChild(apigen, ["generate", "--outpt"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.errors.first, "Error: unknown option '--outpt'; did you mean '--output'?")
        XCTAssertEqual(bad.output, [])
    }

    /// The README shows `apigen generate --help` as printed: the help text is its one source.
    func testTheReadmeShowsTheHelpAsPrinted() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let help = run(["generate", "--help"]).output
        let block = "```text\n" + help + "\n```"
        XCTAssertTrue(readme.contains(block), "README.md's block after 'apigen generate --help' differs from:\n\(help)")
    }
}
