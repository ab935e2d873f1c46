import APIGenOpenAPI
import APIGenYAML
import Foundation
import XCTest

/// References reach files anywhere under the root folder: by default the nearest folder from the
/// spec's up that holds `.git` or `Package.swift`, else the spec's own folder; `SpecLoader.root`
/// (the CLI's `--root`, `root:` in apigen.yaml) chooses another. Never outside it.
final class RootFolderTests: SpecTestCase {
    /// A spec whose component schema `Pet` is `$ref: <reference>`: the `$ref` value is at 7:13.
    private func spec(schemaReference reference: String) -> String {
        """
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths: {}
        components:
          schemas:
            Pet:
              $ref: '\(reference)'
        """
    }

    private let pointer = "(#/components/schemas/Pet/$ref)"

    private func canonical(_ name: String) -> String {
        URL(fileURLWithPath: path(name)).resolvingSymlinksInPath().path
    }

    func testTheDefaultRootIsTheRepositoryOrPackageTheSpecIsIn() throws {
        try write("repo/Package.swift", "// swift-tools-version:5.9\n")
        try write("repo/shared/pet.yaml", "type: object\nproperties:\n  name: {type: string}\n")
        try write("outside.yaml", "type: string\n")
        let specPath = try write("repo/api/v1/spec.yaml", spec(schemaReference: "../../shared/pet.yaml"))
        XCTAssertEqual(SpecLoader.defaultRoot(forSpecAt: specPath), canonical("repo"))
        let result = SpecLoader().load(path: specPath)
        XCTAssertEqual(result.diagnostics.items.map(\.description), [])
        XCTAssertEqual(try XCTUnwrap(result.document).component("Pet").properties.map(\.name), ["name"])
        // Leaving the package is an error that says where the root is, seen from the file, and how to choose another.
        let outside = SpecLoader().load(path: try write("repo/api/v1/out.yaml", spec(schemaReference: "../../../outside.yaml")))
        XCTAssertEqual(
            outside.diagnostics.errors.map(\.description),
            [
                located(
                    "7:13: error: reference '../../../outside.yaml' points outside the root folder, which is '../..' from this file; choose another root with --root or 'root:' in apigen.yaml \(pointer)",
                    in: "repo/api/v1/out.yaml")
            ])
    }

    func testTheNearestMarkerWinsAndGitMayBeAFile() throws {
        try write("repo/.git/HEAD", "ref: refs/heads/main\n")
        // A submodule's or a worktree's `.git` is a file.
        try write("repo/vendor/client/.git", "gitdir: ../../.git/modules/client\n")
        XCTAssertEqual(SpecLoader.defaultRoot(forSpecAt: try write("repo/vendor/client/api/spec.yaml", "{}")), canonical("repo/vendor/client"))
        XCTAssertEqual(SpecLoader.defaultRoot(forSpecAt: try write("repo/api/spec.yaml", "{}")), canonical("repo"))
        // The temporary folder is in no repository: a spec lying loose reaches only its own folder.
        XCTAssertEqual(SpecLoader.defaultRoot(forSpecAt: try write("loose/spec.yaml", "{}")), canonical("loose"))
    }

    func testAChosenRootWidensWhatReferencesReach() throws {
        try write("specs/shared/pet.yaml", "type: strnig\n")
        let specPath = try write("specs/api/spec.yaml", spec(schemaReference: "../shared/pet.yaml"))
        XCTAssertEqual(
            SpecLoader().load(path: specPath).diagnostics.errors.map(\.description),
            [
                located(
                    "7:13: error: reference '../shared/pet.yaml' points outside the root folder, which is this file's folder; choose another root with --root or 'root:' in apigen.yaml \(pointer)",
                    in: "specs/api/spec.yaml")
            ])
        // The file above the spec's folder is read, and named by a path from where the spec's is.
        XCTAssertEqual(
            SpecLoader(root: path("specs")).load(path: specPath).diagnostics.errors.map(\.description),
            [
                located(
                    "1:7: error: unknown type 'strnig'; expected one of string, integer, number, boolean, object, array, null (#/type)",
                    in: "specs/shared/pet.yaml")
            ])
    }

    func testTheRootMustHoldTheSpec() throws {
        try write("api/pet.yaml", "type: object\n")
        let result = SpecLoader(root: path("other")).load(path: try write("api/spec.yaml", spec(schemaReference: "pet.yaml")))
        XCTAssertFalse(result.succeeded)
        XCTAssertNil(result.document)
        XCTAssertEqual(
            result.diagnostics.errors.map(\.description),
            [located("1:1: error: the spec is outside the root folder '\(path("other"))'; the root must hold it", in: "api/spec.yaml")])
    }
}
