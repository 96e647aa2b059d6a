// swift-tools-version:6.0
import PackageDescription

// The Firebase Realtime Database emulator of the Sandbox: REST, queries,
// streaming, security rules and persistence. Toolchain only.
let package = Package(
    name: "SandboxFirebase",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "SandboxFirebase", targets: ["SandboxFirebase"])
    ],
    dependencies: [
        .package(path: "../Networking"),
        .package(path: "../SandboxCore"),
    ],
    targets: [
        .target(
            name: "SandboxFirebase",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "SandboxCore", package: "SandboxCore"),
            ],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "SandboxFirebaseTests",
            dependencies: [
                "SandboxFirebase", .product(name: "Networking", package: "Networking"),
                .product(name: "SandboxCore", package: "SandboxCore"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
