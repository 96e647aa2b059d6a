// swift-tools-version:6.1
import PackageDescription

// An HTTPTransport on AsyncHTTPClient (SwiftNIO), the faster choice on Linux.
// Its own package, so nobody else pulls in SwiftNIO.
let package = Package(
    name: "AsyncHTTPClientTransport",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "AsyncHTTPClientTransport", targets: ["AsyncHTTPClientTransport"])
    ],
    // On by default here; the repository's root manifest has it off, so
    // that apps using only the libraries fetch none of the dependencies below.
    traits: [.default(enabledTraits: ["AsyncHTTPClient"]), .trait(name: "AsyncHTTPClient")],
    dependencies: [
        .package(path: "../Networking"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.27.0"),
    ],
    targets: [
        .target(
            name: "AsyncHTTPClientTransport",
            dependencies: [
                .product(name: "Networking", package: "Networking"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "AsyncHTTPClientTransportTests", dependencies: ["AsyncHTTPClientTransport"]),
    ]
)
