// swift-tools-version:6.0
import PackageDescription

// The four lesson APIs in one place: composes the emulator packages (each
// usable on its own) behind `Sandbox`, faults and records every request, and
// offers the in-process `SandboxTransport`. Toolchain only: the HTTP server
// with persistence lives in SandboxServer.
let emulators = [
    "SandboxCore", "SandboxFirebase", "SandboxFirebaseAuth", "SandboxAirtable", "SandboxBankey", "SandboxSooGreyhounds",
]

let package = Package(
    name: "Sandbox",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Sandbox", targets: ["Sandbox"])
    ],
    dependencies: [.package(path: "../Networking")] + emulators.map { .package(path: "../\($0)") },
    targets: [
        .target(
            name: "Sandbox",
            dependencies: [.product(name: "Networking", package: "Networking")]
                + emulators.map { .product(name: $0, package: $0) }
        ),
        .testTarget(
            name: "SandboxTests",
            dependencies: ["Sandbox"]
                + ["Networking", "SandboxCore"].map { .product(name: $0, package: $0) },
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
