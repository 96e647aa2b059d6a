// swift-tools-version:6.0
import PackageDescription

// The Airtable Web API emulator of the Sandbox: records, formulas, schema,
// comments, webhooks, attachments and the rate limit. Toolchain only.
let name = "SandboxAirtable"
let libraries: [String] = ["Networking", "SandboxCore"]
let testLibraries = libraries
let resources: [Resource]? = [.copy("Resources")]
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
