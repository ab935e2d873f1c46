import APIGenGenerator
import APIGenOpenAPI
import APIGenYAML
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The libFuzzer entry point: one input is one spec file.
///
/// The bytes go through the same pipeline as `apigen generate`: `SpecLoader` (YAML reader,
/// OpenAPI model, reference resolver, validator) and, when the spec has no errors, the
/// generator with every optional output on. Nothing is written except the input itself, to a
/// per-process file in a per-process folder (in /dev/shm when it exists, so in memory): the
/// loader reads specs by path, and the folder doubles as the spec's root, so `$ref`s to other
/// files are checked against a folder holding nothing else.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    FuzzPipeline.run(bytes)
    return 0
}

/// SwiftPM links an executable target with `main` defined as `<Target>_main`, which would
/// shadow libFuzzer's own `main`; so this is that function, and it hands over to libFuzzer's
/// driver (the same one its `main` calls).
@_cdecl("APIGenFuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

enum FuzzPipeline {
    static let folder: String = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let folder = "\(base)/apigen-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: FuzzPipeline.folder) }
        return folder
    }()

    static let specPath = folder + "/spec.yaml"

    /// `APIGEN_FUZZ_PRINT=1` prints each input's diagnostics: for looking at a reproducer.
    static let printsDiagnostics = ProcessInfo.processInfo.environment["APIGEN_FUZZ_PRINT"] != nil

    static func run(_ bytes: Data) {
        guard FileManager.default.createFile(atPath: specPath, contents: bytes) else {
            fatalError("cannot write the fuzz input to \(specPath)")
        }
        let loaded = SpecLoader().load(path: specPath)
        if printsDiagnostics {
            loaded.diagnostics.items.prefix(20).forEach { print($0) }
        }
        guard let document = loaded.document, !loaded.diagnostics.hasErrors else {
            // A spec that fails must say why.
            precondition(loaded.diagnostics.hasErrors, "no document and no error")
            return
        }
        var options = GeneratorOptions(moduleName: GeneratorOptions.moduleName(fromTitle: document.info.title), specFileName: "spec.yaml")
        options.exampleChecks = true
        let output = Generator(options: options).generate(document, files: loaded.files)
        if printsDiagnostics {
            output.diagnostics.items.prefix(20).forEach { print($0) }
            print("generated \(output.files.count) files, \(output.files.reduce(0) { $0 + $1.contents.utf8.count }) bytes")
        }
    }
}
