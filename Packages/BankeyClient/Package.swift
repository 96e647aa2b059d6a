// swift-tools-version:6.0
import PackageDescription

// Lesson 4's Bankey client: a customer's profile and accounts. Toolchain
// only; the tests also use the sibling Sandbox's in-process emulator.
let package = Package(
    name: "BankeyClient",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "BankeyClient", targets: ["BankeyClient"])
    ],
    dependencies: [
        .package(path: "../Networking"),
        .package(path: "../Models"),
        .package(path: "../Sandbox"),
    ],
    targets: [
        .target(
            name: "BankeyClient",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "Models", package: "Models"),
            ]
        ),
        .testTarget(
            name: "BankeyClientTests",
            dependencies: [
                "BankeyClient",
                .product(name: "Sandbox", package: "Sandbox"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
