// swift-tools-version:6.0
import PackageDescription

// The Bankey course server emulator of the Sandbox: profile and accounts,
// byte for byte. Toolchain only.
let package = Package(
    name: "SandboxBankey",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "SandboxBankey", targets: ["SandboxBankey"])
    ],
    dependencies: [
        .package(path: "../Networking"),
        .package(path: "../SandboxCore"),
    ],
    targets: [
        .target(
            name: "SandboxBankey",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "SandboxCore", package: "SandboxCore"),
            ],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "SandboxBankeyTests",
            dependencies: [
                "SandboxBankey", .product(name: "Networking", package: "Networking"),
                .product(name: "SandboxCore", package: "SandboxCore"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
