// swift-tools-version:6.2
import PackageDescription

// An app package that uses apigen the way a user would: one dependency, one plugin line on the
// target that holds openapi.yaml.
let package = Package(
    name: "PetstoreApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "apigen", path: "../.."),
    ],
    targets: [
        .target(
            name: "PetstoreClient",
            dependencies: [.product(name: "APIGenRuntime", package: "apigen")],
            plugins: [.plugin(name: "APIGenPlugin", package: "apigen")]
        ),
        .executableTarget(
            name: "PetstoreApp",
            dependencies: ["PetstoreClient", .product(name: "APIGenRuntime", package: "apigen")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
