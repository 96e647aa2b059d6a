// swift-tools-version:6.0
import PackageDescription

// Lesson 5's SooGreyhounds (Flickr-style) client: photo lists, image
// downloads and an image cache (memory and disk). Toolchain only; the
// tests also use the sibling Sandbox's in-process emulator.
let package = Package(
    name: "SooGreyhoundsClient",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "SooGreyhoundsClient", targets: ["SooGreyhoundsClient"])
    ],
    dependencies: [
        .package(path: "../Networking"),
        .package(path: "../Models"),
        .package(path: "../Sandbox"),
    ],
    targets: [
        .target(
            name: "SooGreyhoundsClient",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "Models", package: "Models"),
            ]
        ),
        .testTarget(
            name: "SooGreyhoundsClientTests",
            dependencies: [
                "SooGreyhoundsClient",
                .product(name: "Sandbox", package: "Sandbox"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
