// swift-tools-version:6.0
import PackageDescription

// The four lesson APIs in one place: composes the emulator packages (each
// usable on its own) behind `Sandbox`, faults and records every request, and
// offers the in-process `SandboxTransport`. Toolchain only: the HTTP server
// with persistence lives in SandboxServer.
let name = "Sandbox"
let libraries: [String] = [
    "Networking", "SandboxCore", "SandboxFirebase", "SandboxFirebaseAuth", "SandboxAirtable", "SandboxBankey",
    "SandboxSooGreyhounds",
]
let testLibraries: [String] = ["Networking", "SandboxCore"]
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
