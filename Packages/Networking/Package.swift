// swift-tools-version:6.0
import PackageDescription

// The dependency-free core: Foundation (and FoundationNetworking on Linux) only.
let package = Package(
    name: "Networking",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Networking", targets: ["Networking"])
    ],
    targets: [
        .target(name: "Networking"),
        // The one test HTTP server of the project's tests; in no product.
        .target(name: "HTTPTestServer", path: "Tests/HTTPTestServer"),
        .testTarget(name: "NetworkingTests", dependencies: ["Networking", "HTTPTestServer"]),
    ]
)
