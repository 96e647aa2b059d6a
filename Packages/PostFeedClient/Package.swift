// swift-tools-version:6.0
import PackageDescription

// Lesson 2's global Post feed on FirebaseClient: paging, posting, live
// updates, report and hide. Toolchain only; its tests run against the
// in-process Sandbox.
let package = Package(
    name: "PostFeedClient",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "PostFeedClient", targets: ["PostFeedClient"])
    ],
    dependencies: [
        .package(path: "../Networking"),
        .package(path: "../Models"),
        .package(path: "../FirebaseClient"),
        .package(path: "../Sandbox"),
    ],
    targets: [
        .target(
            name: "PostFeedClient",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "Models", package: "Models"),
                .product(name: "FirebaseClient", package: "FirebaseClient"),
            ]
        ),
        .testTarget(
            name: "PostFeedClientTests",
            dependencies: [
                "PostFeedClient",
                .product(name: "Networking", package: "Networking"),
                .product(name: "Models", package: "Models"),
                .product(name: "FirebaseClient", package: "FirebaseClient"),
                .product(name: "Sandbox", package: "Sandbox"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
