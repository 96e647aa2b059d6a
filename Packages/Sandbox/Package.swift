// swift-tools-version:6.0
import PackageDescription

// The four lesson APIs emulated as plain Swift request handlers. Toolchain
// only: the HTTP server with persistence lives in SandboxServer.
let package = Package(
    name: "Sandbox",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Sandbox", targets: ["Sandbox"])
    ],
    dependencies: [
        .package(path: "../Networking")
    ],
    targets: [
        .target(
            name: "Sandbox",
            dependencies: [.product(name: "Networking", package: "Networking")],
            resources: [.copy("Resources")]
        ),
        .testTarget(name: "SandboxTests", dependencies: ["Sandbox"]),
    ]
)
