// swift-tools-version:6.0
import PackageDescription

// The dependency-free core: Foundation (and FoundationNetworking on Linux) only.
let package = Package(
    name: "Networking",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Networking", targets: ["Networking"]),
        // Test support for the sibling packages' tests (the test server and
        // ReservedPort), not API; the root manifest offers it to no app.
        .library(name: "HTTPTestServer", targets: ["HTTPTestServer"]),
    ],
    targets: [
        .target(name: "Networking"),
        // The one test HTTP server of the project's tests.
        .target(name: "HTTPTestServer", path: "Tests/HTTPTestServer"),
        .testTarget(name: "NetworkingTests", dependencies: ["Networking", "HTTPTestServer"]),
    ]
)
