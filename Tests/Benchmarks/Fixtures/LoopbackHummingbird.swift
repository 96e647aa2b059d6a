import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// A Hummingbird application on 127.0.0.1, port 0, with Hummingbird's
/// defaults: how the benchmarks' own servers (benchmark 8's bare baseline,
/// benchmark 14's transfer server) start and stop.
struct LoopbackHummingbird {
    /// `http://127.0.0.1:PORT`.
    let baseURL: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// Starts serving `router`; returns once listening.
    static func start(_ router: Router<BasicRequestContext>, label: String) async throws -> LoopbackHummingbird {
        var logger = Logger(label: label)
        logger.logLevel = .warning
        let (ports, reportPort) = AsyncStream<Int?>.makeStream()
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in
                reportPort.yield(channel.localAddress?.port)
                reportPort.finish()
            },
            logger: logger)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [application], logger: logger))
        let task = Task {
            defer { reportPort.finish() }
            try await group.run()
        }
        for await port in ports {
            guard let port, let url = URL(string: "http://127.0.0.1:\(port)") else { break }
            return LoopbackHummingbird(baseURL: url, group: group, task: task)
        }
        await group.triggerGracefulShutdown()
        _ = await task.result
        throw BenchmarkFailure("the \(label) server did not start")
    }

    /// Stops accepting connections, lets requests in flight finish, and
    /// returns once the server is down.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}
