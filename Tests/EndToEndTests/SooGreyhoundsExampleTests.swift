import Foundation
import HTTPTestServer
import SandboxServer
import Testing

// One run at a time: each starts a process (and most a sandbox), and many at
// once on a small machine can starve the servers these tests start.
@Suite("soogreyhounds example", .serialized)
struct SooGreyhoundsExampleTests {
    @Test("latest prints the gallery with every image's pixel size")
    func latest() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("soogreyhounds-data")
        let run = try await ExampleProcess.run("soogreyhounds", ["latest", "--data-dir", data.path])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "Soo Greyhounds: latest photos (12 photos)")
        #expect(lines.count == 1 + 2 + 12)
        #expect(
            lines.contains {
                $0.contains("DeMeo_J17_2595") && $0.contains("Jan 1, 2017 at 12:32 PM") && $0.hasSuffix("1600 × 1067")
            })
        #expect(lines.contains { $0.contains("Calistini_S17_3456") && $0.hasSuffix("800 × 1200") })
        #expect(!run.standardOutput.contains("failed"))
    }

    @Test("first walks the lesson's last screen: the list, then the first photo's image, saved as it is")
    func first() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("soogreyhounds-data")
        let file = try ExampleSandboxServer.temporaryFolder("soogreyhounds-first").appendingPathComponent("first.jpg")
        let run = try await ExampleProcess.run(
            "soogreyhounds", ["first", "--save", file.path, "--data-dir", data.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.split(separator: "\n") == [
                "Successfully found 12 photos.", "DeMeo_J17_2595: JPEG, 1600 × 1067", "Saved to \(file.path)",
            ])
        #expect(try Data(contentsOf: file).starts(with: [0xFF, 0xD8, 0xFF]))
    }

    @Test("search shows the matching photos")
    func search() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("soogreyhounds-data")
        let run = try await ExampleProcess.run("soogreyhounds", ["search", "goalie", "--data-dir", data.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("Soo Greyhounds: photos matching \"goalie\" (2 photos)"))
        #expect(run.standardOutput.contains("Calistini_S17_3456"))
    }

    @Test("download saves every image and an HTML gallery of them")
    func download() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("soogreyhounds-data")
        let folder = try ExampleSandboxServer.temporaryFolder("soogreyhounds-photos").appendingPathComponent("gallery")
        let run = try await ExampleProcess.run(
            "soogreyhounds", ["download", "--to", folder.path, "--data-dir", data.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("Saved 12 images and the gallery page \(folder.path)/index.html"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count == 13)
        #expect(files.contains("DeMeo_J17_2595.jpg"))
        let image = try Data(contentsOf: folder.appendingPathComponent("DeMeo_J17_2595.jpg"))
        #expect(image.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(run.standardOutput.contains("DeMeo_J17_2595.jpg"))
        #expect(run.standardOutput.contains(String(image.count)))
        let page = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<title>Soo Greyhounds</title>"))
        #expect(page.contains(#"<img src="DeMeo_J17_2595.jpg" width="1600" height="1067" alt="DeMeo_J17_2595""#))
        #expect(page.components(separatedBy: "<figure>").count == 13)
    }

    @Test("download --json lists each file with its pixel size")
    func downloadJSON() async throws {
        let data = try ExampleSandboxServer.temporaryFolder("soogreyhounds-data")
        let folder = try ExampleSandboxServer.temporaryFolder("soogreyhounds-photos")
        let run = try await ExampleProcess.run(
            "soogreyhounds",
            ["download", "--to", folder.path, "--search", "celebration", "--json", "--data-dir", data.path])
        #expect(run.status == 0, "\(run.standardError)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(document["gallery"] as? String == folder.appendingPathComponent("index.html").path)
        let photos = try #require(document["photos"] as? [[String: Any]])
        #expect(photos.map { $0["title"] as? String } == ["DeMeo_J17_2595", "Lindqvist_D16_1987"])
        let image = try #require(photos.last?["image"] as? [String: Any])
        #expect(image["state"] as? String == "loaded")
        #expect(image["width"] as? Int == 1600)
        #expect(image["height"] as? Int == 900)
        #expect(photos.last?["file"] as? String == "Lindqvist_D16_1987.jpg")
        // Each image's progress, as JSON lines on standard error, up to its size.
        let saved = try Data(contentsOf: folder.appendingPathComponent("Lindqvist_D16_1987.jpg"))
        let events = run.standardError.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let last = try #require(events.last { $0["file"] as? String == "Lindqvist_D16_1987" })
        #expect(last["event"] as? String == "progress")
        #expect(last["completed"] as? Int == saved.count)
        #expect(last["total"] as? Int == saved.count)
        #expect(Set(events.compactMap { $0["file"] as? String }) == ["DeMeo_J17_2595", "Lindqvist_D16_1987"])
    }

    @Test("upload sends a photo over HTTP with progress events, and it is then the latest photo")
    func upload() async throws {
        let folder = try ExampleSandboxServer.temporaryFolder("soogreyhounds-upload")
        let photo = folder.appendingPathComponent("goal.jpg")
        // One of the Sandbox's own photos, from this checkout.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let image = try Data(
            contentsOf: repository.appendingPathComponent(
                "Packages/SandboxSooGreyhounds/Sources/SandboxSooGreyhounds/Resources/soogreyhounds/images/Caron_S17_3592.jpg"
            ))
        try image.write(to: photo)
        let notes = folder.appendingPathComponent("notes.txt")
        try Data("not a photo".utf8).write(to: notes)
        let (upload, latest) = try await ExampleSandboxServer.withServer { server in
            let url = server.baseURL.absoluteString
            let upload = try await ExampleProcess.run(
                "soogreyhounds", ["upload", photo.path, notes.path, "--title", "Overtime", "--json", "--base-url", url])
            let latest = try await ExampleProcess.run("soogreyhounds", ["latest", "--json", "--base-url", url])
            return (upload, latest)
        }
        #expect(upload.status == 1)
        #expect(upload.standardError.contains("1 of 2 uploads failed: notes.txt:"))
        #expect(upload.standardError.contains("5: Filetype was not recognised"))
        let events = upload.standardError.split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(events.first?.contains(#""completed":0,"event":"progress","file":"goal.jpg""#) == true)
        let last = try #require(
            events.last { $0.contains(#""file":"goal.jpg""#) }.flatMap {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            })
        // The whole form went: the photo and the fields around it.
        #expect((last["completed"] as? Int).map { $0 > image.count } == true)
        #expect(last["completed"] as? Int == last["total"] as? Int)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(upload.standardOutput.utf8)) as? [String: Any])
        let uploaded = try #require((document["uploaded"] as? [[String: Any]])?.first)
        #expect(uploaded["isListed"] as? Bool == true)
        let photos = try #require(
            (try JSONSerialization.jsonObject(with: Data(latest.standardOutput.utf8)) as? [String: Any])?["photos"]
                as? [[String: Any]])
        #expect(photos.first?["title"] as? String == "Overtime")
        #expect(photos.count == 13)
    }

    @Test("--base-url uses a separately started server")
    func baseURL() async throws {
        let run = try await ExampleSandboxServer.withServer { server in
            try await ExampleProcess.run(
                "soogreyhounds", ["latest", "--json", "--base-url", server.baseURL.absoluteString])
        }
        #expect(run.status == 0, "\(run.standardError)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(document["title"] as? String == "Soo Greyhounds")
        #expect((document["photos"] as? [Any])?.count == 12)
    }

    @Test("A wrong API key is the service's code 100 message and status 1, the key never printed")
    func wrongKey() async throws {
        let key = "0123456789abcdef0123456789abcdef"
        let run = try await ExampleSandboxServer.withServer { server in
            try await ExampleProcess.run(
                "soogreyhounds", ["latest", "--base-url", server.baseURL.absoluteString],
                environment: ["SOOGREYHOUNDS_API_KEY": key])
        }
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("error: Error fetching latest photos: "))
        #expect(run.standardError.contains("100: Invalid API Key (Key has invalid format)"))
        #expect(!run.standardError.contains(key))
        #expect(run.standardError.split(separator: "\n").count == 1)
    }

    @Test("A server that is down is one clear line and status 1: the refusal, not a timeout")
    func serverDown() async throws {
        try await ReservedPort.hold { down in
            let url = down.baseURL.absoluteString
            let folder = try ExampleSandboxServer.temporaryFolder("soogreyhounds-photos")
            let run = try await ExampleProcess.run(
                "soogreyhounds", ["download", "--to", folder.path, "--base-url", url])
            #expect(run.status == 1)
            #expect(run.standardError.hasPrefix("error: Error fetching latest photos: Could not connect to 127.0.0.1:"))
            #expect(run.standardError.split(separator: "\n").count == 1)
        }
    }

    @Test(
        "Every command has --help",
        arguments: [
            ["--help"], ["latest", "--help"], ["search", "--help"], ["download", "--help"], ["upload", "--help"],
        ])
    func help(arguments: [String]) async throws {
        let run = try await ExampleProcess.run("soogreyhounds", arguments)
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("USAGE: soogreyhounds"))
    }
}
