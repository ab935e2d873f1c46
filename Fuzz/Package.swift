// swift-tools-version:6.2
import PackageDescription

/// Two libFuzzer targets: `APIGenFuzz` over apigen's reader, OpenAPI model, reference resolver
/// and generator; `APIGenDecodeFuzz` over the decoders of two generated clients and the
/// runtime's error-reason extraction and parameter serializers. Kept out of the main package so
/// `swift build`/`swift test` there never need the fuzzer runtime. See README.md for the build
/// and run commands.
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
        .executableTarget(
            name: "APIGenDecodeFuzz",
            dependencies: [.product(name: "APIGenRuntime", package: "apigen"), "FuzzFeaturesAPI", "FuzzHostileAPI"]
        ),
        // The checked-in clients (Sources/Fuzz*API link to ../Generated), under names of their
        // own: the main package already has targets named FeaturesAPI and HostileAPI.
        .target(name: "FuzzFeaturesAPI", dependencies: [.product(name: "APIGenRuntime", package: "apigen")]),
        .target(name: "FuzzHostileAPI", dependencies: [.product(name: "APIGenRuntime", package: "apigen")]),
    ],
    swiftLanguageModes: [.v6]
)
