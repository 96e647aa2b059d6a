// swift-tools-version:6.1
import PackageDescription

// The workspace manifest: every package of the SDK, built and tested at once,
// and the manifest an app reads when it depends on this repository by URL.
//
// Each folder under Packages/ is also a package of its own (its Package.swift
// shows exactly what it pulls in), so an app can depend on just one of them by
// path. This manifest names the same sources so that `make test` compiles each
// module once instead of once per package; scripts/check_packages.py keeps the
// two in step.
//
// SwiftPM resolves every dependency a manifest names, whichever products an
// app uses, unless a package trait (SE-0450) guards it. So every third-party
// dependency here is used only under one of two traits, both off by default:
// an app that depends on this repository and uses `Networking`, `Models`,
// `Sandbox`, a client or `ViewModels` fetches no other package.
//
// - `SandboxServer`: the `SandboxServer` library and the `sandbox` command
//   (Hummingbird, GRDB, SwiftNIO, ArgumentParser, ...).
// - `AsyncHTTPClient`: the `AsyncHTTPClientTransport` library
//   (AsyncHTTPClient, SwiftNIO).
//
// Traits rather than separate manifests because an app can reach a package
// only at a repository's root: a second manifest for the heavy parts would
// need a second repository. The price is on this side: the examples, the
// benchmarks and the integration tests need both traits, so the Makefile
// passes `--enable-all-traits` and so does a plain `swift build`, `swift run`
// or `swift test` here (`swift run --enable-all-traits bankey`).

let libraryPlatforms: [SupportedPlatform] = [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)]

/// A library package under Packages/<name>, with its tests beside it.
func library(
    _ name: String, dependencies: [Target.Dependency] = [], resources: [Resource]? = nil,
    testResources: [Resource]? = nil, testDependencies: [Target.Dependency] = []
)
    -> [Target]
{
    [
        .target(name: name, dependencies: dependencies, path: "Packages/\(name)/Sources/\(name)", resources: resources),
        .testTarget(
            name: "\(name)Tests",
            dependencies: [.target(name: name)] + testDependencies,
            path: "Packages/\(name)/Tests/\(name)Tests",
            resources: testResources
        ),
    ]
}

/// A third-party product that only the given trait brings in.
func product(_ name: String, from package: String, trait: String) -> Target.Dependency {
    .product(name: name, package: package, condition: .when(traits: [trait]))
}

/// A product of the server stack, behind the `SandboxServer` trait.
func server(_ name: String, from package: String) -> Target.Dependency {
    product(name, from: package, trait: "SandboxServer")
}

/// A product of the AsyncHTTPClient stack, behind the `AsyncHTTPClient` trait.
func asyncHTTPClient(_ name: String, from package: String) -> Target.Dependency {
    product(name, from: package, trait: "AsyncHTTPClient")
}

let package = Package(
    name: "NetworkingLessons",
    platforms: libraryPlatforms,
    products: [
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "Models", targets: ["Models"]),
        .library(name: "Sandbox", targets: ["Sandbox"]),
        .library(name: "SandboxCore", targets: ["SandboxCore"]),
        .library(name: "SandboxFirebase", targets: ["SandboxFirebase"]),
        .library(name: "SandboxFirebaseAuth", targets: ["SandboxFirebaseAuth"]),
        .library(name: "SandboxAirtable", targets: ["SandboxAirtable"]),
        .library(name: "SandboxBankey", targets: ["SandboxBankey"]),
        .library(name: "SandboxSooGreyhounds", targets: ["SandboxSooGreyhounds"]),
        .library(name: "AirtableClient", targets: ["AirtableClient"]),
        .library(name: "BankeyClient", targets: ["BankeyClient"]),
        .library(name: "SooGreyhoundsClient", targets: ["SooGreyhoundsClient"]),
        .library(name: "FirebaseClient", targets: ["FirebaseClient"]),
        .library(name: "FirebaseAuthClient", targets: ["FirebaseAuthClient"]),
        .library(name: "PostFeedClient", targets: ["PostFeedClient"]),
        .library(name: "MessageBoardClient", targets: ["MessageBoardClient"]),
        .library(name: "SandboxServer", targets: ["SandboxServer"]),
        .library(name: "AsyncHTTPClientTransport", targets: ["AsyncHTTPClientTransport"]),
        .executable(name: "sandbox", targets: ["SandboxCLI"]),
        .library(name: "ViewModels", targets: ["ViewModels"]),
        .executable(name: "airtable-projects", targets: ["AirtableProjectsExample"]),
        .executable(name: "post-feed", targets: ["PostFeedExample"]),
        .executable(name: "message-board", targets: ["MessageBoardExample"]),
        .executable(name: "bankey", targets: ["BankeyExample"]),
        .executable(name: "soogreyhounds", targets: ["SooGreyhoundsExample"]),
        .executable(name: "lessons", targets: ["LessonsExample"]),
        .executable(name: "benchmarks", targets: ["Benchmarks"]),
    ],
    traits: [
        .trait(
            name: "SandboxServer",
            description: "The SandboxServer library and the sandbox command: Hummingbird, GRDB, ArgumentParser."),
        .trait(
            name: "AsyncHTTPClient",
            description: "The AsyncHTTPClientTransport library: AsyncHTTPClient and SwiftNIO."),
    ],
    // Used only under the traits above: the library packages depend on the
    // toolchain alone.
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        // The Realtime Database's protocol is a WebSocket.
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        // 1.16: `LogEvent`, which the server's log handler implements.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.20.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.27.0"),
        // Only for the check that every public name lives beside OpenAPI's.
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.0.0"),
    ],
    targets: library("Networking", testDependencies: ["HTTPTestServer"])
        + [
            // The one test HTTP server of the project's tests, and
            // ReservedPort; in no product of this manifest.
            .target(name: "HTTPTestServer", path: "Packages/Networking/Tests/HTTPTestServer")
        ]
        + library("Models", dependencies: ["Networking"], testResources: [.copy("Fixtures")])
        + library("SandboxCore", dependencies: ["Networking"], testDependencies: ["Networking"])
        + library(
            "SandboxFirebase", dependencies: ["Networking", "SandboxCore"], resources: [.copy("Resources")],
            testDependencies: ["Networking", "SandboxCore"])
        + library(
            "SandboxFirebaseAuth", dependencies: ["Networking", "SandboxCore"],
            testDependencies: ["Networking", "SandboxCore"])
        + library(
            "SandboxAirtable", dependencies: ["Networking", "SandboxCore"], resources: [.copy("Resources")],
            testDependencies: ["Networking", "SandboxCore"])
        + library(
            "SandboxBankey", dependencies: ["Networking", "SandboxCore"], resources: [.copy("Resources")],
            testDependencies: ["Networking", "SandboxCore"])
        + library(
            "SandboxSooGreyhounds", dependencies: ["Networking", "SandboxCore"], resources: [.copy("Resources")],
            testDependencies: ["Networking", "SandboxCore"])
        + library(
            "Sandbox",
            dependencies: [
                "Networking", "SandboxCore", "SandboxFirebase", "SandboxFirebaseAuth", "SandboxAirtable",
                "SandboxBankey", "SandboxSooGreyhounds",
            ],
            testResources: [.copy("Fixtures")],
            testDependencies: ["Networking", "SandboxCore"])
        + library("AirtableClient", dependencies: ["Networking", "Models"], testDependencies: ["Sandbox"])
        + library("BankeyClient", dependencies: ["Networking", "Models"], testDependencies: ["Sandbox"])
        + library("SooGreyhoundsClient", dependencies: ["Networking", "Models"], testDependencies: ["Sandbox"])
        + library("FirebaseClient", dependencies: ["Networking"], testDependencies: ["Networking", "Sandbox"])
        + library(
            "FirebaseAuthClient", dependencies: ["Networking", "FirebaseClient"],
            testDependencies: ["Networking", "FirebaseClient", "Sandbox"])
        + library(
            "PostFeedClient", dependencies: ["Networking", "Models", "FirebaseClient"],
            testDependencies: ["Networking", "Models", "FirebaseClient", "Sandbox"])
        + library(
            "MessageBoardClient", dependencies: ["Networking", "Models", "FirebaseClient"],
            testDependencies: ["Networking", "Models", "FirebaseClient", "Sandbox"])
        + library(
            "SandboxServer",
            dependencies: [
                "Sandbox", "Networking",
                server("Hummingbird", from: "hummingbird"),
                server("HummingbirdCore", from: "hummingbird"),
                server("HummingbirdWebSocket", from: "hummingbird-websocket"),
                server("HTTPTypes", from: "swift-http-types"),
                server("GRDB", from: "GRDB.swift"),
                server("NIOCore", from: "swift-nio"),
                server("NIOConcurrencyHelpers", from: "swift-nio"),
                server("NIOHTTP1", from: "swift-nio"),
                // The HTTP parts a handler after the parser sees.
                server("NIOHTTPTypes", from: "swift-nio-extras"),
                server("Logging", from: "swift-log"),
                server("ServiceLifecycle", from: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources")],
            testDependencies: [
                "Sandbox", "SandboxFirebase", "Networking", "HTTPTestServer",
                server("Hummingbird", from: "hummingbird"),
                server("HummingbirdWSClient", from: "hummingbird-websocket"),
                server("GRDB", from: "GRDB.swift"),
                server("NIOCore", from: "swift-nio"),
                server("NIOConcurrencyHelpers", from: "swift-nio"),
            ])
        + [
            .executableTarget(
                name: "SandboxCLI",
                dependencies: [
                    "SandboxServer", "Sandbox",
                    server("ArgumentParser", from: "swift-argument-parser"),
                    server("NIOConcurrencyHelpers", from: "swift-nio"),
                ],
                path: "Packages/SandboxServer/Sources/SandboxCLI"
            )
        ]
        + library(
            "AsyncHTTPClientTransport",
            dependencies: [
                "Networking",
                asyncHTTPClient("AsyncHTTPClient", from: "async-http-client"),
                asyncHTTPClient("NIOCore", from: "swift-nio"),
                asyncHTTPClient("NIOPosix", from: "swift-nio"),
                asyncHTTPClient("NIOHTTP1", from: "swift-nio"),
                asyncHTTPClient("NIOFoundationCompat", from: "swift-nio"),
                asyncHTTPClient("NIOSSL", from: "swift-nio-ssl"),
                asyncHTTPClient("NIOTLS", from: "swift-nio"),
            ])
        + [
            // Every public type of the library modules named without its
            // module beside AsyncHTTPClient, HTTPTypes, Hummingbird and
            // OpenAPIRuntime (generated by scripts/check_api.py); in no
            // product, so no app builds it.
            .target(
                name: "PublicNameCheck",
                dependencies: [
                    "Networking", "Models", "Sandbox", "SandboxCore", "SandboxFirebase", "SandboxFirebaseAuth",
                    "SandboxAirtable", "SandboxBankey", "SandboxSooGreyhounds", "SandboxServer",
                    "AsyncHTTPClientTransport", "AirtableClient", "BankeyClient", "SooGreyhoundsClient",
                    "FirebaseClient", "FirebaseAuthClient", "PostFeedClient", "MessageBoardClient", "ViewModels",
                    asyncHTTPClient("AsyncHTTPClient", from: "async-http-client"),
                    server("HTTPTypes", from: "swift-http-types"),
                    server("Hummingbird", from: "hummingbird"),
                    asyncHTTPClient("OpenAPIRuntime", from: "swift-openapi-runtime"),
                ],
                path: "Tests/PublicNameCheck"
            ),
            // Integration suites: the real clients over real HTTP against the
            // Sandbox server on 127.0.0.1, port 0.
            .testTarget(
                name: "IntegrationTests",
                dependencies: [
                    "Networking", "HTTPTestServer", "Models", "Sandbox", "SandboxServer", "AsyncHTTPClientTransport",
                    "AirtableClient", "BankeyClient", "SooGreyhoundsClient",
                    "FirebaseClient", "FirebaseAuthClient", "PostFeedClient", "MessageBoardClient",
                    // The TLS test server.
                    server("Hummingbird", from: "hummingbird"),
                    server("HummingbirdCore", from: "hummingbird"),
                    server("HummingbirdTLS", from: "hummingbird"),
                    server("HummingbirdHTTP2", from: "hummingbird"),
                    server("Logging", from: "swift-log"),
                    asyncHTTPClient("NIOSSL", from: "swift-nio-ssl"),
                ],
                path: "Tests/IntegrationTests",
                exclude: ["Fixtures"]
            ),
        ]
        + library(
            "ViewModels",
            dependencies: [
                "Networking", "Models", "AirtableClient", "BankeyClient", "SooGreyhoundsClient",
                "FirebaseClient", "PostFeedClient", "MessageBoardClient",
            ],
            testDependencies: [
                "Sandbox", "Networking", "Models", "AirtableClient", "BankeyClient", "SooGreyhoundsClient",
                "FirebaseClient", "PostFeedClient", "MessageBoardClient",
            ])
        + examples
        + [
            // Runs the built example executables, against their embedded
            // sandbox and against a separately started server.
            .testTarget(
                name: "EndToEndTests",
                dependencies: ["Sandbox", "SandboxServer", "Networking", "HTTPTestServer", "ExampleSupport"],
                path: "Tests/EndToEndTests"
            ),
            // `make bench`; `make test` only builds it, so it cannot rot.
            .executableTarget(
                name: "Benchmarks",
                dependencies: [
                    "Networking", "Models", "Sandbox", "SandboxServer", "AsyncHTTPClientTransport",
                    "AirtableClient", "BankeyClient", "SooGreyhoundsClient",
                    "FirebaseClient", "PostFeedClient", "MessageBoardClient",
                    asyncHTTPClient("AsyncHTTPClient", from: "async-http-client"),
                    server("Hummingbird", from: "hummingbird"),
                    server("HTTPTypes", from: "swift-http-types"),
                    server("ArgumentParser", from: "swift-argument-parser"),
                ],
                path: "Tests/Benchmarks"
            ),
        ]
)

/// The example executables under Examples/: one per lesson and `lessons`,
/// on a shared support library (terminal rendering, the embedded sandbox).
var examples: [Target] {
    let exampleDependencies: [Target.Dependency] = [
        "ExampleSupport", "ViewModels", "Networking", "Models",
        server("ArgumentParser", from: "swift-argument-parser"),
    ]
    return [
        .target(
            name: "ExampleSupport",
            dependencies: [
                "Networking", "Sandbox", "SandboxServer", "FirebaseClient", "FirebaseAuthClient",
                server("ArgumentParser", from: "swift-argument-parser"),
            ],
            path: "Examples/ExampleSupport"
        ),
        .executableTarget(
            name: "AirtableProjectsExample", dependencies: exampleDependencies + ["AirtableClient"],
            path: "Examples/AirtableProjects"),
        .executableTarget(
            name: "PostFeedExample", dependencies: exampleDependencies + ["FirebaseClient", "PostFeedClient"],
            path: "Examples/PostFeed"),
        .executableTarget(
            name: "MessageBoardExample", dependencies: exampleDependencies + ["FirebaseClient", "MessageBoardClient"],
            path: "Examples/MessageBoard"),
        .executableTarget(
            name: "BankeyExample", dependencies: exampleDependencies + ["BankeyClient"], path: "Examples/Bankey"),
        .executableTarget(
            name: "SooGreyhoundsExample", dependencies: exampleDependencies + ["SooGreyhoundsClient"],
            path: "Examples/SooGreyhounds"),
        .executableTarget(name: "LessonsExample", dependencies: exampleDependencies, path: "Examples/Lessons"),
    ]
}
