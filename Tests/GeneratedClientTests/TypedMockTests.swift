import APIGenRuntime
import Foundation
import PetstoreAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Canned answers keyed by `API.Operation`: named as the builder the app calls, and typed by its
/// response, so that a body of another type does not compile.
final class TypedMockTests: XCTestCase {
    private let baseURL = URL(string: "https://petstore.example")!

    func testAnAnswerIsFoundByTheBuildersName() async throws {
        let mock = MockTransport(routes: [.answer(API.Operation.showPetByID, .json(Pet.sample))])
        let client = APIClient(baseURL: baseURL, transport: mock, retry: .none)
        let pet = try await client.send(API.showPetByID(petID: 42))
        XCTAssertEqual(pet, Pet.sample)
        XCTAssertEqual(mock.requests(for: API.Operation.showPetByID).count, 1)
        XCTAssertEqual(API.Operation.showPetByID.operationID, "showPetById")

        mock.respond(to: API.Operation.listPets, with: .json(Pet.samples))
        let pets = try await client.send(API.listPets())
        XCTAssertEqual(pets, Pet.samples)
        mock.respond(to: API.Operation.deletePet, with: .status(204))
        try await client.send(API.deletePet(petID: 42))
        XCTAssertEqual(mock.requests(for: API.Operation.deletePet).map(\.method), [.delete])
    }

    func testAnOperationWithoutAnAnswerGetsTheFallback() async throws {
        let mock = MockTransport(routes: [.answer(API.Operation.listPets, .json([]))])
        let client = APIClient(baseURL: baseURL, transport: mock, retry: .none)
        do {
            _ = try await client.send(API.showPetByID(petID: 1))
            XCTFail("expected the fallback's 404")
        } catch let error as APIError {
            XCTAssertEqual(error.status, 404)
        }
    }

    func testThePreviewClientTakesTypedAnswers() async throws {
        let client = APIClient.preview(routes: [.answer(API.Operation.listPets, .json([Pet.sample]))])
        let pets = try await client.send(API.listPets())
        XCTAssertEqual(pets, [Pet.sample])
    }

    /// `.json([Pet].sample)` for an operation that returns one `Pet` is a compile error that names
    /// both types, found by type-checking a snippet against the built modules.
    func testACannedBodyOfAnotherTypeDoesNotCompile() throws {
        let candidates = [Bundle(for: Self.self).bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])].map {
            $0.deletingLastPathComponent().appendingPathComponent("Modules")
        }
        guard let modules = candidates.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent("PetstoreAPI.swiftmodule").path) })
        else { throw XCTSkip("no built PetstoreAPI module beside the tests") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typed-mock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func typecheck(_ line: String) throws -> (status: Int32, errors: String) {
            let file = folder.appendingPathComponent("snippet.swift")
            try "import APIGenRuntime\nimport PetstoreAPI\n\(line)\n".write(to: file, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swiftc", "-typecheck", "-I", modules.path, file.path]
            let pipe = Pipe()
            process.standardError = pipe
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        let right = try typecheck("MockTransport().respond(to: API.Operation.showPetByID, with: .json(Pet.sample))")
        XCTAssertEqual(right.status, 0, right.errors)
        let wrong = try typecheck("MockTransport().respond(to: API.Operation.showPetByID, with: .json(Pet.samples))")
        XCTAssertNotEqual(wrong.status, 0)
        XCTAssertTrue(wrong.errors.contains("'[Pet]'") && wrong.errors.contains("'Pet'"), wrong.errors)
    }
}
