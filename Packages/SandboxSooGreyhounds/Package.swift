// swift-tools-version:6.0
import PackageDescription

// The SooGreyhounds (Flickr-style) emulator of the Sandbox: the REST
// methods, images and the upload API. Toolchain only.
let package = Package(
    name: "SandboxSooGreyhounds",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "SandboxSooGreyhounds", targets: ["SandboxSooGreyhounds"])
    ],
    dependencies: [
        .package(path: "../Networking"),
        .package(path: "../SandboxCore"),
    ],
    targets: [
        .target(
            name: "SandboxSooGreyhounds",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "SandboxCore", package: "SandboxCore"),
            ],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "SandboxSooGreyhoundsTests",
            dependencies: [
                "SandboxSooGreyhounds", .product(name: "Networking", package: "Networking"),
                .product(name: "SandboxCore", package: "SandboxCore"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
