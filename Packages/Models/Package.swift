// swift-tools-version:6.0
import PackageDescription

// The data of the five lessons, decoding the real payloads. Toolchain only:
// it depends on the sibling Networking package for its coding helpers.
let package = Package(
    name: "Models",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Models", targets: ["Models"])
    ],
    dependencies: [
        .package(path: "../Networking")
    ],
    targets: [
        .target(
            name: "Models",
            dependencies: [.product(name: "Networking", package: "Networking")]
        ),
        .testTarget(
            name: "ModelsTests",
            dependencies: ["Models"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
