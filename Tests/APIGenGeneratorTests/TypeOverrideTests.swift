import APIGenCLI
import APIGenGenerator
import Foundation
import XCTest

/// `typeOverrides: {schemas: {Money: MyApp.Money}}` in apigen.yaml: the app's own type stands
/// wherever the schema is used, and no type of that name is generated.
final class TypeOverrideTests: XCTestCase {
    private let spec = """
        openapi: 3.1.0
        info: {title: Shop, version: "1"}
        paths:
          /prices:
            get:
              operationId: listPrices
              responses:
                '200':
                  description: Prices.
                  content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Price'}}}}
        components:
          schemas:
            Price:
              type: object
              required: [item, amount]
              properties:
                item: {type: string}
                amount: {$ref: '#/components/schemas/Money'}
                discount: {$ref: '#/components/schemas/Money', default: {cents: 0, currency: EUR}}
            Money:
              type: object
              required: [cents, currency]
              properties:
                cents: {type: integer}
                currency: {type: string}
        """

    private let config = """
        typeOverrides:
          schemas:
            Money: MyApp.Money
            Coupon: MyApp.Coupon
        additionalImports: [MyApp]
        """

    private func generate(config: String) throws -> (status: Int32, files: [String: String], errors: [String], folder: TemporaryFolder) {
        let folder = try TemporaryFolder()
        let specFile = try folder.write("shop.yaml", spec)
        try folder.write("apigen.yaml", config)
        let output = folder.url.appendingPathComponent("out")
        var errors: [String] = []
        let status = CommandLineTool.run(
            ["generate", specFile.path, "--output", output.path, "--no-view-models"], output: { _ in }, errors: { errors.append($0) })
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        var files: [String: String] = [:]
        for name in names { files[name] = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8) }
        return (status, files, errors, folder)
    }

    func testTheAppsTypeStandsForTheSchema() throws {
        let run = try generate(config: config)
        XCTAssertEqual(run.status, 0, run.errors.joined(separator: "\n"))
        let code = run.files.values.joined()
        assertContains(code, ["public var amount: MyApp.Money\n", "public var discount: MyApp.Money\n", "import MyApp\n"])
        XCTAssertFalse(code.contains("struct Money"), "no type of that name is generated")
        XCTAssertFalse(code.contains("extension Money"), "nor a sample of it")
        XCTAssertTrue(run.files.values.allSatisfy { $0.contains("import MyApp\n") || $0.contains("No types fell into this file") })
        XCTAssertEqual(
            run.errors.filter { $0.contains("warning") }.map { $0.components(separatedBy: "warning: ").last ?? "" },
            ["typeOverrides: no component schema is named 'Coupon'; the override is unused (#/typeOverrides/schemas/Coupon)"])
    }

    func testAnOverrideThatIsNotATypeNameIsAnError() throws {
        let run = try generate(config: "typeOverrides:\n  schemas:\n    Money: \"Int; let x = 1\"\n")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.errors.contains { $0.contains("a type override must name a Swift type (MyApp.Money)") }, "\(run.errors)")
    }

    /// The client compiles against an app module that declares the type.
    func testTheClientCompilesWithTheAppsType() throws {
        let modules = try Swiftc.runtimeModules(for: Self.self)
        let run = try generate(config: "typeOverrides:\n  schemas:\n    Money: MyApp.Money\nadditionalImports: [MyApp]\n")
        let app = try run.folder.write(
            "MyApp.swift",
            "public struct Money: Codable, Hashable, Sendable { public var cents: Int; public var currency: String }\n")
        let appModules = run.folder.url.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: appModules, withIntermediateDirectories: true)
        let emitted = try Swiftc.run(["-emit-module", "-parse-as-library", "-module-name", "MyApp", "-emit-module-path",
                                  appModules.appendingPathComponent("MyApp.swiftmodule").path, app.path])
        XCTAssertEqual(emitted.status, 0, emitted.output)
        let sources = run.files.keys.sorted().map { run.folder.url.appendingPathComponent("out").appendingPathComponent($0).path }
        let checked = try Swiftc.run(["-typecheck", "-module-name", "ShopAPI", "-I", modules.path, "-I", appModules.path] + sources)
        XCTAssertEqual(checked.status, 0, checked.output)
    }
}
