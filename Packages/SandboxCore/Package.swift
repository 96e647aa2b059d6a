// swift-tools-version:6.0
import PackageDescription

// The Sandbox's core, shared by every emulator: requests and responses, the
// service protocol, faults, the request log, storage, JSON and multipart
// parsing, and a linear-time regular-expression engine. Toolchain only.
let package = Package(
    name: "SandboxCore",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "SandboxCore", targets: ["SandboxCore"])
    ],
    dependencies: [
        .package(path: "../Networking")
    ],
    targets: [
        .target(
            name: "SandboxCore",
            dependencies: [
                .product(name: "Networking", package: "Networking")
            ]
        ),
        .testTarget(
            name: "SandboxCoreTests",
            dependencies: ["SandboxCore", .product(name: "Networking", package: "Networking")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
