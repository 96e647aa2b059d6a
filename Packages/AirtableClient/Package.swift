// swift-tools-version:6.0
import PackageDescription

// Lesson 1's Airtable Web API client: records listed, paged, created,
// updated, upserted and deleted, with rate-limit retries. Toolchain only; the
// tests also use the sibling Sandbox's in-process emulator.
let package = Package(
    name: "AirtableClient",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "AirtableClient", targets: ["AirtableClient"])
    ],
    dependencies: [
        .package(path: "../Networking"),
        .package(path: "../Models"),
        .package(path: "../Sandbox"),
    ],
    targets: [
        .target(
            name: "AirtableClient",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "Models", package: "Models"),
            ]
        ),
        .testTarget(
            name: "AirtableClientTests",
            dependencies: [
                "AirtableClient",
                .product(name: "Sandbox", package: "Sandbox"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
