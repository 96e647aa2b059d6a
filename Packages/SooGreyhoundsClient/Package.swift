// swift-tools-version:6.0
import PackageDescription

// Lesson 5's SooGreyhounds (Flickr-style) client: photo lists, image
// downloads and an image cache (memory and disk). Toolchain only; the
// tests also use the sibling Sandbox's in-process emulator.
let name = "SooGreyhoundsClient"
let libraries: [String] = ["Networking", "Models"]
let testLibraries: [String] = ["Sandbox"]
let resources: [Resource]? = nil
let testResources: [Resource]? = nil

let package = Package(
    name: name,
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [.library(name: name, targets: [name])],
    dependencies: Set(libraries + testLibraries).sorted().map { .package(path: "../\($0)") },
    targets: [
        .target(
            name: name,
            dependencies: libraries.map { .product(name: $0, package: $0) },
            resources: resources
        ),
        .testTarget(
            name: name + "Tests",
            dependencies: [.target(name: name)] + testLibraries.map { .product(name: $0, package: $0) },
            resources: testResources
        ),
    ],
    swiftLanguageModes: [.v6]
)
