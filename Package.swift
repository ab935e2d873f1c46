// swift-tools-version:6.2
import PackageDescription

/// The clients generated from `Specs/` and checked in under `Generated/`: building them
/// is the proof that apigen's output compiles.
let generatedClients = [
    "PetstoreAPI",
    "EpisodesAPI",
    "BooksAPI",
    "FeedAPI",
    "ReadingProgressAPI",
    "RemotePostsAPI",
    "FeaturesAPI",
    "HostileAPI",
    "LibraryAPI",
    "StreamsAPI",
    "FeedMediaAPI",
    "CheckoutAPI",
]

/// Apps created by Xcode 26 isolate everything to the main actor by default; generated code
/// must compile (and decode off the main actor) there too, so some clients are built that way.
let mainActorClients: Set<String> = ["FeedAPI", "ReadingProgressAPI", "FeaturesAPI"]

let package = Package(
    name: "apigen",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "apigen", targets: ["apigen"]),
        .library(name: "APIGenRuntime", targets: ["APIGenRuntime"]),
        .library(name: "APIGenSwiftUI", targets: ["APIGenSwiftUI"]),
        .library(name: "APIGenWebhooks", targets: ["APIGenWebhooks"]),
        .library(name: "APIGenYAML", targets: ["APIGenYAML"]),
        .library(name: "APIGenOpenAPI", targets: ["APIGenOpenAPI"]),
        .library(name: "APIGenGenerator", targets: ["APIGenGenerator"]),
        .plugin(name: "APIGenPlugin", targets: ["APIGenPlugin"]),
        .plugin(name: "APIGenCommand", targets: ["APIGenCommand"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "APIGenYAML", dependencies: ["CYAML"]),
        .target(name: "APIGenOpenAPI", dependencies: ["APIGenYAML"]),
        .target(name: "APIGenGenerator", dependencies: ["APIGenOpenAPI"]),
        .target(name: "APIGenCLI", dependencies: ["APIGenGenerator"]),
        .executableTarget(name: "apigen", dependencies: ["APIGenCLI", "APIGenGenerator", "CShortRunHeap"]),
        // Allocator settings for the one-shot executable (C: glibc's mallopt is not in its Swift module).
        .target(name: "CShortRunHeap"),
        .plugin(name: "APIGenPlugin", capability: .buildTool(), dependencies: ["apigen"]),
        .plugin(
            name: "APIGenCommand",
            capability: .command(
                intent: .custom(verb: "generate-client", description: "Write the generated Swift client for targets holding openapi.yaml"),
                permissions: [.writeToPackageDirectory(reason: "apigen writes the generated client into the package")]
            ),
            dependencies: ["apigen"]
        ),
        .target(name: "APIGenRuntime"),
        // SwiftUI views over the runtime's state types; empty where SwiftUI does not exist.
        .target(name: "APIGenSwiftUI", dependencies: ["APIGenRuntime"]),
        // Webhook signature checks: CryptoKit on Apple platforms, OpenSSL's libcrypto on Linux, in
        // a library of their own so that the runtime links no crypto library.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(
            name: "APIGenWebhooks",
            dependencies: ["APIGenRuntime", .target(name: "CCrypto", condition: .when(platforms: [.linux]))]),
        .testTarget(name: "APIGenYAMLTests", dependencies: ["APIGenYAML"]),
        .testTarget(name: "APIGenOpenAPITests", dependencies: ["APIGenOpenAPI"]),
        .testTarget(name: "APIGenGeneratorTests", dependencies: ["APIGenGenerator", "APIGenCLI", "APIGenRuntime"]),
        // Starts the Python servers of Tests/Support for the loopback tests.
        .target(name: "LoopbackServers", path: "Tests/LoopbackServers"),
        // Records what an observable value goes through, for the view-model tests of three targets.
        .target(name: "ObservationRecording", path: "Tests/ObservationRecording"),
        .testTarget(
            name: "APIGenRuntimeTests", dependencies: ["APIGenRuntime", "APIGenWebhooks", "LoopbackServers", "ObservationRecording"]),
        .testTarget(
            name: "GeneratedClientTests", dependencies: ["APIGenRuntime", "ObservationRecording"] + generatedClients.map { .target(name: $0) }),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["APIGenRuntime", "LoopbackServers", "ObservationRecording"] + generatedClients.map { .target(name: $0) }),
    ] + generatedClients.map { name in
        .target(
            name: name,
            dependencies: ["APIGenRuntime"],
            path: "Generated/\(name)",
            swiftSettings: mainActorClients.contains(name) ? [.defaultIsolation(MainActor.self)] : []
        )
    },
    swiftLanguageModes: [.v6]
)
