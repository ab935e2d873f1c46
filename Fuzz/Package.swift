// swift-tools-version:6.2
import PackageDescription

/// A libFuzzer target over apigen's reader, OpenAPI model, reference resolver and generator.
/// Kept out of the main package so `swift build`/`swift test` there never need the fuzzer
/// runtime. See README.md for the build and run commands.
let package = Package(
    name: "APIGenFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "apigen", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "APIGenFuzz",
            dependencies: [
                .product(name: "APIGenYAML", package: "apigen"),
                .product(name: "APIGenOpenAPI", package: "apigen"),
                .product(name: "APIGenGenerator", package: "apigen"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
