// swift-tools-version:6.0
import PackageDescription

// Firebase Authentication's REST API: sign-up, sign-in, tokens and account
// management, and a session that signs a FirebaseClient in. Toolchain only; the
// tests also use the sibling Sandbox's in-process emulator.
let package = Package(
    name: "FirebaseAuthClient",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "FirebaseAuthClient", targets: ["FirebaseAuthClient"])
    ],
    dependencies: [
        .package(path: "../Networking"),
        .package(path: "../FirebaseClient"),
        .package(path: "../Sandbox"),
    ],
    targets: [
        .target(
            name: "FirebaseAuthClient",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "FirebaseClient", package: "FirebaseClient"),
            ]
        ),
        .testTarget(
            name: "FirebaseAuthClientTests",
            dependencies: [
                "FirebaseAuthClient",
                .product(name: "Networking", package: "Networking"),
                .product(name: "FirebaseClient", package: "FirebaseClient"),
                .product(name: "Sandbox", package: "Sandbox"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
