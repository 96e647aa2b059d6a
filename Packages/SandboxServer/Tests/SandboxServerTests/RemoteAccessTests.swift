import Foundation
import Sandbox
import Testing

@testable import SandboxServer

/// A Sandbox bound for a phone on the same network, as the lesson-app guide
/// has a learner run it, reached from "another machine": a network
/// namespace over a veth pair that the test makes and removes.
@Suite(
    "From another machine on the network",
    .enabled(if: NetworkNamespace.isAvailable, "needs root, iproute2 and curl, as on CI"), .serialized,
    .timeLimit(.minutes(10)))
struct RemoteAccessTests {
    @Test("Bound to 0.0.0.0, the APIs answer another machine; the admin routes answer it 403 unless allowed")
    func adminRoutesStayLocal() async throws {
        try await NetworkNamespace.with { namespace in
            for allowsRemoteAdmin in [false, true] {
                var options = SandboxServerOptions(host: "0.0.0.0", port: 0)
                options.allowsRemoteAdmin = allowsRemoteAdmin
                try await SandboxServer.withServer(options) { server in
                    let remote = "http://\(namespace.hostAddress):\(server.port)"
                    #expect(try await namespace.status(of: "\(remote)/bankey/profile/1") == 200)
                    #expect(try await namespace.status(of: "\(remote)/posts.json?ns=devmtn-post") == 200)
                    let expected = allowsRemoteAdmin ? 200 : 403
                    #expect(try await namespace.status(of: "\(remote)/__sandbox/health") == expected)
                    #expect(try await namespace.status(of: "\(remote)/__sandbox/requests") == expected)
                    #expect(try await namespace.status(of: "\(remote)/__sandbox/faults", method: "DELETE") == expected)
                    // This machine, over loopback, keeps its controls either way.
                    let local = try await HTTP.send("GET", HTTP.url(server.baseURL, "/__sandbox/health"))
                    #expect(local.status == 200)
                    // The request log shows the other machine's requests as
                    // not local.
                    let recorded = await server.sandbox.requests.matching("/bankey/*")
                    #expect(recorded.count == 1)
                }
            }
        }
    }

    @Test("Bound to loopback, another machine cannot connect at all")
    func loopbackIsPrivate() async throws {
        try await NetworkNamespace.with { namespace in
            try await SandboxServer.withServer(SandboxServerOptions(port: 0)) { server in
                let remote = "http://\(namespace.hostAddress):\(server.port)"
                let status = try await namespace.status(of: "\(remote)/bankey/profile/1")
                #expect(status == 0)
            }
        }
    }
}

@Suite("What a sandbox bound to the network says")
struct NetworkExposureTests {
    @Test("Loopback exposes nothing; 0.0.0.0 lists this machine's addresses, IPv4 first; one address lists itself")
    func deviceURLs() throws {
        let interfaces = ["192.168.1.20", "10.0.0.5", "fd00::2"]
        #expect(NetworkExposure(host: "127.0.0.1", port: 8080, interfaces: interfaces).isExposed == false)
        #expect(NetworkExposure(host: "127.0.0.1", port: 8080, interfaces: interfaces).deviceURLs.isEmpty)
        let all = NetworkExposure(host: "0.0.0.0", port: 8080, interfaces: interfaces + ["127.0.0.1"])
        #expect(all.isExposed)
        #expect(
            all.deviceURLs.map(\.absoluteString) == [
                "http://192.168.1.20:8080", "http://10.0.0.5:8080", "http://[fd00::2]:8080",
            ])
        #expect(
            NetworkExposure(host: "192.168.1.20", port: 8080, interfaces: interfaces).deviceURLs.map(\.absoluteString)
                == ["http://192.168.1.20:8080"])
        let warning = try #require(all.warning(allowsRemoteAdmin: false))
        #expect(warning.hasPrefix("WARNING: the Sandbox is reachable from the network"))
        #expect(warning.contains("403"))
        #expect(all.warning(allowsRemoteAdmin: true)?.contains("--allow-remote-admin") == true)
        #expect(NetworkExposure(host: "127.0.0.1", port: 1, interfaces: []).warning(allowsRemoteAdmin: true) == nil)
    }
}
