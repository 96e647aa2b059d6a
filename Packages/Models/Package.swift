// swift-tools-version:6.0
import PackageDescription

// The data of the five lessons, decoding the real payloads. Toolchain only:
// it depends on the sibling Networking package for its coding helpers.
let name = "Models"
let libraries: [String] = ["Networking"]
let testLibraries: [String] = []
let resources: [Resource]? = nil
let testResources: [Resource]? = [.copy("Fixtures")]

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
