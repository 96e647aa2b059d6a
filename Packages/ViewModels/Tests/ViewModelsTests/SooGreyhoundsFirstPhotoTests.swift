import Foundation
import Models
import Networking
import Sandbox
import SooGreyhoundsClient
import Testing
import ViewModels

@MainActor
@Suite("SooGreyhounds: the lesson's first photo")
struct SooGreyhoundsFirstPhotoTests {
    @Test("Loading fetches the latest photos, then shows the first one's image")
    func showsTheFirstPhoto() async throws {
        let harness = try await SooGreyhoundsHarness()
        let screen = FirstPhotoViewModel(store: harness.store())
        #expect(screen.state == .idle)
        await screen.load()
        #expect(screen.messages == ["Successfully found 12 photos."])
        #expect(screen.state.photo?.title == "DeMeo_J17_2595")
        let image = try #require(screen.state.image)
        #expect(image.format == .jpeg)
        #expect((image.width, image.height) == (1600, 1067))
        #expect(await harness.imageRequests().map(\.path) == ["/images/DeMeo_J17_2595.jpg"])
    }

    @Test("Bytes that are not an image are the lesson's imageCreationError: notAnImage, and nothing is shown")
    func notAnImage() async throws {
        let harness = try await SooGreyhoundsHarness()
        try harness.sandbox.faults.inject(
            Fault(path: "/images/DeMeo_J17_2595.jpg", status: 200, body: Data("<html>not a photo</html>".utf8)))
        let screen = FirstPhotoViewModel(store: harness.store())
        await screen.load()
        #expect(screen.state == .failed)
        guard case .notAnImage? = screen.error else {
            Issue.record("got \(String(describing: screen.error))")
            return
        }
        #expect(screen.messages.count == 2)
        #expect(screen.messages.last?.hasPrefix("Error downloading image: ") == true)
    }

    @Test("A list that fails is the lesson's Error fetching latest photos, and no image is asked for")
    func listFails() async throws {
        let harness = try await SooGreyhoundsHarness()
        try harness.sandbox.faults.inject(Fault(path: "/services/rest", status: 503))
        let screen = FirstPhotoViewModel(store: harness.store())
        await screen.load()
        #expect(screen.state == .failed)
        #expect(screen.messages.count == 1)
        #expect(screen.messages.first?.hasPrefix("Error fetching latest photos: ") == true)
        #expect(await harness.imageRequests().isEmpty)
    }
}
