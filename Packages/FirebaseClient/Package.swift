// swift-tools-version:6.0
import PackageDescription

// The Firebase Realtime Database REST API as a Swift client. Toolchain only:
// it builds on the sibling Networking package; its tests run against the
// in-process Sandbox.
let name = "FirebaseClient"
let libraries: [String] = ["Networking"]
let testLibraries = libraries + ["Sandbox"]
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
