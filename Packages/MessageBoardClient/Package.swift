// swift-tools-version:6.0
import PackageDescription

// Lesson 3's Message Board on FirebaseClient: threads made with PUT,
// messages with POST, the board read and streamed. Toolchain only; its
// tests run against the in-process Sandbox.
let package = Package(
    name: "MessageBoardClient",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "MessageBoardClient", targets: ["MessageBoardClient"])
    ],
    dependencies: [
        .package(path: "../Networking"),
        .package(path: "../Models"),
        .package(path: "../FirebaseClient"),
        .package(path: "../Sandbox"),
    ],
    targets: [
        .target(
            name: "MessageBoardClient",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "Models", package: "Models"),
                .product(name: "FirebaseClient", package: "FirebaseClient"),
            ]
        ),
        .testTarget(
            name: "MessageBoardClientTests",
            dependencies: [
                "MessageBoardClient",
                .product(name: "Networking", package: "Networking"),
                .product(name: "Models", package: "Models"),
                .product(name: "FirebaseClient", package: "FirebaseClient"),
                .product(name: "Sandbox", package: "Sandbox"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
