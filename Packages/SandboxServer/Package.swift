// swift-tools-version:6.1
import PackageDescription

// The Sandbox's emulators served over HTTP on loopback, with SQLite
// persistence, and the `sandbox` executable. The heavy dependencies (an HTTP
// server, an embedded database, argument parsing) stay in this package so
// that none of the libraries an app depends on pulls them in.
let package = Package(
    name: "SandboxServer",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "SandboxServer", targets: ["SandboxServer"]),
        .executable(name: "sandbox", targets: ["SandboxCLI"]),
    ],
    // On by default here; the repository's root manifest has it off, so
    // that apps using only the libraries fetch none of the dependencies below.
    traits: [.default(enabledTraits: ["SandboxServer"]), .trait(name: "SandboxServer")],
    dependencies: [
        .package(path: "../Sandbox"),
        .package(path: "../SandboxFirebase"),
        .package(path: "../Networking"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        // The Realtime Database's protocol is a WebSocket.
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        // 1.16: `LogEvent`, which the server's log handler implements.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.20.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
    ],
    targets: [
        .target(
            name: "SandboxServer",
            dependencies: [
                .product(name: "Sandbox", package: "Sandbox"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // The HTTP parts a handler after the parser sees.
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources")]
        ),
        // The `sandbox` command. The target is not called `sandbox`: its module
        // would clash with `Sandbox` on case-insensitive file systems.
        .executableTarget(
            name: "SandboxCLI",
            dependencies: [
                "SandboxServer",
                .product(name: "Sandbox", package: "Sandbox"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "SandboxServerTests",
            dependencies: [
                "SandboxServer",
                .product(name: "Sandbox", package: "Sandbox"),
                .product(name: "SandboxFirebase", package: "SandboxFirebase"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "HTTPTestServer", package: "Networking"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
    ]
)
