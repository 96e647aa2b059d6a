// swift-tools-version:6.0
import PackageDescription

// The fuzz targets: one libFuzzer executable, `fuzz`, that runs the target
// named by its first argument over every parser of untrusted input.
// `make fuzz` and `make fuzz-smoke` build it with
// `swift build --sanitize fuzzer --sanitize address` plus Swift's coverage
// flags (see scripts/fuzz.sh); it is a package of its own so that the
// workspace build never carries the sanitizers. It reaches internal
// parsers through `@testable import`, which debug builds allow.
let package = Package(
    name: "Fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "../Packages/Networking"),
        .package(path: "../Packages/Models"),
        .package(path: "../Packages/Sandbox"),
        .package(path: "../Packages/SandboxCore"),
        .package(path: "../Packages/SandboxFirebase"),
        .package(path: "../Packages/SandboxFirebaseAuth"),
        .package(path: "../Packages/SandboxAirtable"),
        .package(path: "../Packages/AirtableClient"),
    ],
    targets: [
        .executableTarget(
            name: "Fuzz",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "Models", package: "Models"),
                .product(name: "Sandbox", package: "Sandbox"),
                .product(name: "SandboxCore", package: "SandboxCore"),
                .product(name: "SandboxFirebase", package: "SandboxFirebase"),
                .product(name: "SandboxFirebaseAuth", package: "SandboxFirebaseAuth"),
                .product(name: "SandboxAirtable", package: "SandboxAirtable"),
                .product(name: "AirtableClient", package: "AirtableClient"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ]
)
