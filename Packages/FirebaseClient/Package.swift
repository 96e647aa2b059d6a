// swift-tools-version:6.0
import PackageDescription

// The Firebase Realtime Database REST API as a Swift client. Toolchain only:
// it builds on the sibling Networking package; its tests run against the
// in-process Sandbox.
let package = Package(
    name: "FirebaseClient",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "FirebaseClient", targets: ["FirebaseClient"])
    ],
    dependencies: [
        .package(path: "../Networking"),
        .package(path: "../Sandbox"),
    ],
    targets: [
        .target(
            name: "FirebaseClient",
            dependencies: [.product(name: "Networking", package: "Networking")]
        ),
        .testTarget(
            name: "FirebaseClientTests",
            dependencies: [
                "FirebaseClient",
                .product(name: "Networking", package: "Networking"),
                .product(name: "Sandbox", package: "Sandbox"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
