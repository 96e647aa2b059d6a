// swift-tools-version:6.0
import PackageDescription

// The Airtable Web API emulator of the Sandbox: records, formulas, schema,
// comments, webhooks, attachments and the rate limit. Toolchain only.
let package = Package(
    name: "SandboxAirtable",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "SandboxAirtable", targets: ["SandboxAirtable"])
    ],
    dependencies: [
        .package(path: "../Networking"),
        .package(path: "../SandboxCore"),
    ],
    targets: [
        .target(
            name: "SandboxAirtable",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "SandboxCore", package: "SandboxCore"),
            ],
            resources: [.copy("Resources")]
        ),
        .testTarget(
            name: "SandboxAirtableTests",
            dependencies: [
                "SandboxAirtable", .product(name: "Networking", package: "Networking"),
                .product(name: "SandboxCore", package: "SandboxCore"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
