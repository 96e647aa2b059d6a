// swift-tools-version:6.0
import PackageDescription

// The workspace manifest: every package of the SDK, built and tested at once.
//
// Each folder under Packages/ is also a package of its own (its Package.swift
// shows exactly what it pulls in), so an app can depend on just one of them by
// path. This manifest names the same sources so that `make test` compiles each
// module once instead of once per package; scripts/check_packages.py keeps the
// two in step. Depending on this repository by URL works too: SwiftPM fetches
// only the dependencies of the products an app uses, so `Networking` alone
// brings nothing else.

let libraryPlatforms: [SupportedPlatform] = [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)]

/// A library package under Packages/<name>, with its tests beside it.
func library(
    _ name: String, dependencies: [Target.Dependency] = [], resources: [Resource]? = nil,
    testResources: [Resource]? = nil
)
    -> [Target]
{
    [
        .target(name: name, dependencies: dependencies, path: "Packages/\(name)/Sources/\(name)", resources: resources),
        .testTarget(
            name: "\(name)Tests",
            dependencies: [.target(name: name)],
            path: "Packages/\(name)/Tests/\(name)Tests",
            resources: testResources
        ),
    ]
}

let package = Package(
    name: "NetworkingLessons",
    platforms: libraryPlatforms,
    products: [
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "Models", targets: ["Models"]),
        .library(name: "Sandbox", targets: ["Sandbox"]),
    ],
    targets: library("Networking")
        + library("Models", dependencies: ["Networking"], testResources: [.copy("Fixtures")])
        + library("Sandbox", dependencies: ["Networking"], resources: [.copy("Resources")])
)
