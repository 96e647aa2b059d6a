// swift-tools-version:6.0
import PackageDescription

// Lesson 3's Message Board on FirebaseClient: threads made with PUT,
// messages with POST, the board read and streamed. Toolchain only; its
// tests run against the in-process Sandbox.
let name = "MessageBoardClient"
let libraries: [String] = ["Networking", "Models", "FirebaseClient"]
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
