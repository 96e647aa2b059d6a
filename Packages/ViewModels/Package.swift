// swift-tools-version:6.0
import PackageDescription

// Bankey-style view models for all five lessons: plain display values and
// @MainActor observable screens. No UIKit or SwiftUI, so they run and are
// tested on Linux. Toolchain only.
let package = Package(
    name: "ViewModels",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "ViewModels", targets: ["ViewModels"])
    ],
    dependencies: [
        .package(path: "../Networking"),
        .package(path: "../Models"),
        .package(path: "../AirtableClient"),
        .package(path: "../BankeyClient"),
        .package(path: "../SooGreyhoundsClient"),
        .package(path: "../FirebaseClient"),
        .package(path: "../PostFeedClient"),
        .package(path: "../MessageBoardClient"),
        .package(path: "../Sandbox"),
    ],
    targets: [
        .target(
            name: "ViewModels",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "Models", package: "Models"),
                .product(name: "AirtableClient", package: "AirtableClient"),
                .product(name: "BankeyClient", package: "BankeyClient"),
                .product(name: "SooGreyhoundsClient", package: "SooGreyhoundsClient"),
                .product(name: "FirebaseClient", package: "FirebaseClient"),
                .product(name: "PostFeedClient", package: "PostFeedClient"),
                .product(name: "MessageBoardClient", package: "MessageBoardClient"),
            ]
        ),
        .testTarget(
            name: "ViewModelsTests",
            dependencies: [
                "ViewModels",
                .product(name: "Sandbox", package: "Sandbox"),
                .product(name: "Networking", package: "Networking"),
                .product(name: "Models", package: "Models"),
                .product(name: "AirtableClient", package: "AirtableClient"),
                .product(name: "BankeyClient", package: "BankeyClient"),
                .product(name: "SooGreyhoundsClient", package: "SooGreyhoundsClient"),
                .product(name: "FirebaseClient", package: "FirebaseClient"),
                .product(name: "PostFeedClient", package: "PostFeedClient"),
                .product(name: "MessageBoardClient", package: "MessageBoardClient"),
            ]
        ),
    ]
)
