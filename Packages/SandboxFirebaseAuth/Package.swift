// swift-tools-version:6.0
import PackageDescription

// The Firebase Authentication emulator of the Sandbox: accounts, sign-in,
// tokens and the admin API, as Firebase's Auth emulator serves them. Toolchain only.
let package = Package(
    name: "SandboxFirebaseAuth",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "SandboxFirebaseAuth", targets: ["SandboxFirebaseAuth"])
    ],
    dependencies: [
        .package(path: "../Networking"),
        .package(path: "../SandboxCore"),
    ],
    targets: [
        .target(
            name: "SandboxFirebaseAuth",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "SandboxCore", package: "SandboxCore"),
            ]
        ),
        .testTarget(
            name: "SandboxFirebaseAuthTests",
            dependencies: [
                "SandboxFirebaseAuth", .product(name: "Networking", package: "Networking"),
                .product(name: "SandboxCore", package: "SandboxCore"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
