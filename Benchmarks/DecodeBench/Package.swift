// swift-tools-version:6.2
import PackageDescription

// Decoding speed of generated models against hand-written Codable structs of the same shape.
// Run through Scripts/bench --decode (release build).
let package = Package(
    name: "DecodeBench",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "apigen", path: "../..")],
    targets: [
        .target(
            name: "BenchModels",
            dependencies: [.product(name: "APIGenRuntime", package: "apigen")],
            plugins: [.plugin(name: "APIGenPlugin", package: "apigen")]
        ),
        .executableTarget(
            name: "decode-bench",
            dependencies: ["BenchModels", .product(name: "APIGenRuntime", package: "apigen")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
