import Foundation
import Models
import Sandbox
import SooGreyhoundsClient
import Testing
import ViewModels

@MainActor
@Suite("SooGreyhounds photo detail")
struct SooGreyhoundsPhotoInfoTests {
    @Test("The detail shows the title and when it was taken, and loads the image")
    func detail() async throws {
        let harness = try await SooGreyhoundsHarness()
        let gallery = PhotosViewModel(store: harness.store(), locale: SooGreyhoundsHarness.enUS)
        await gallery.fetchLatestPhotos()
        let detail = try #require(gallery.photoInfoViewModel(for: "3"))
        #expect(detail.title == "Calistini_S17_3456")
        #expect(detail.dateTakenFormatted == "Jan 1, 2017 at 12:12 PM")
        #expect(detail.imageState == .loading)
        await detail.loadImage()
        #expect(detail.imageState.pixelSizeText == "800 × 1200")
        #expect(gallery.photoInfoViewModel(for: "nope") == nil)
    }

    @Test("The detail starts from what the gallery already has")
    func sharesTheImage() async throws {
        let harness = try await SooGreyhoundsHarness()
        let gallery = PhotosViewModel(store: harness.store(), locale: SooGreyhoundsHarness.enUS)
        await gallery.fetchLatestPhotos()
        await gallery.loadImage(for: "1")
        let requests = await harness.imageRequests().count
        let detail = try #require(gallery.photoInfoViewModel(for: "1"))
        #expect(detail.imageState.pixelSizeText == "1600 × 1067")
        await detail.loadImage()
        #expect(await harness.imageRequests().count == requests)
    }

    @Test("A failed image is a failed state with the reason")
    func failure() async throws {
        let harness = try await SooGreyhoundsHarness()
        try harness.sandbox.faults.inject(Fault(path: "/images/DeMeo_J17_2595.jpg", action: .dropConnection))
        let photo = Photo(
            title: "DeMeo_J17_2595", photoID: "1",
            remoteURL: Sandbox.baseURL.appendingPathComponent("images/DeMeo_J17_2595.jpg"),
            dateTaken: Date(timeIntervalSince1970: 1_483_273_926))
        let detail = PhotoInfoViewModel(photo: photo, store: harness.store(), locale: SooGreyhoundsHarness.enUS)
        #expect(detail.dateTakenFormatted == "Jan 1, 2017 at 12:32 PM")
        await detail.loadImage()
        #expect(detail.imageState.failureMessage != nil)
        await detail.loadImage()
        #expect(detail.imageState.pixelSizeText == "1600 × 1067")
    }
}
