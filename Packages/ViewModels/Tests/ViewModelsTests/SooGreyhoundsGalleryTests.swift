import Foundation
import Models
import Networking
import Sandbox
import SooGreyhoundsClient
import Testing
import ViewModels

@MainActor
@Suite("SooGreyhounds gallery")
struct SooGreyhoundsGalleryTests {
    @Test("The gallery is titled Soo Greyhounds and loads the latest photos")
    func latest() async throws {
        let harness = try await SooGreyhoundsHarness()
        await harness.slowDown()
        let gallery = PhotosViewModel(store: harness.store(), locale: SooGreyhoundsHarness.enUS)
        #expect(gallery.title == "Soo Greyhounds")
        let states = StateTrail { gallery.state }
        let loading = Task { await gallery.fetchLatestPhotos() }
        await states.wait(for: .loading)
        #expect(gallery.isFetching)
        await loading.value
        await states.wait(for: .loaded)
        #expect(states.values == [.idle, .loading, .loaded])
        #expect(gallery.source == .latest)
        #expect(gallery.cells.map(\.title) == SooGreyhoundsHarness.photos.map(\.title))
        let first = try #require(gallery.cells.first)
        #expect(first.id == "1")
        #expect(first.dateTakenFormatted == "Jan 1, 2017 at 12:32 PM")
        #expect(first.imageState == .loading)
        #expect(gallery.alert == nil)
    }

    @Test("Each image arrives with its real pixel size, one state per photo")
    func images() async throws {
        let harness = try await SooGreyhoundsHarness()
        let gallery = PhotosViewModel(store: harness.store(), locale: SooGreyhoundsHarness.enUS)
        await gallery.fetchLatestPhotos()
        var arrived: [String] = []
        await gallery.loadImages(maxConcurrent: 3) { cell in
            MainActor.assertIsolated()
            arrived.append(cell.id)
        }
        #expect(arrived.sorted() == gallery.photos.map(\.photoID).sorted())
        for (cell, expected) in zip(gallery.cells, SooGreyhoundsHarness.photos) {
            let image = try #require(cell.imageState.image, "\(cell.title)")
            #expect(image.format == .jpeg)
            #expect(image.width == expected.width, "\(cell.title)")
            #expect(image.height == expected.height, "\(cell.title)")
            #expect(cell.imageState.pixelSizeText == "\(expected.width) × \(expected.height)")
        }
        #expect(await harness.imageRequests().count == 12)
    }

    @Test("One image that fails leaves the others loaded")
    func oneImageFails() async throws {
        let harness = try await SooGreyhoundsHarness()
        try harness.sandbox.faults.inject(Fault(path: "/images/Caron_S17_3592.jpg", status: 404))
        try harness.sandbox.faults.inject(
            Fault(path: "/images/Fowler_J17_2750.jpg", status: 200, body: Data("<html>not a photo</html>".utf8)))
        let gallery = PhotosViewModel(store: harness.store(), locale: SooGreyhoundsHarness.enUS)
        await gallery.fetchLatestPhotos()
        await gallery.loadImages()
        let states = Dictionary(uniqueKeysWithValues: gallery.cells.map { ($0.title, $0.imageState) })
        #expect(states["Caron_S17_3592"]?.failureMessage?.contains("404") == true)
        #expect(states["Fowler_J17_2750"]?.failureMessage?.hasPrefix("The data is not an image") == true)
        #expect(states["Fowler_J17_2750"]?.image == nil)
        #expect(states["DeMeo_J17_2595"]?.pixelSizeText == "1600 × 1067")
        #expect(gallery.cells.filter { $0.imageState.image != nil }.count == 10)
        #expect(gallery.state == .loaded)
        #expect(gallery.alert == nil)

        await gallery.loadImage(for: "2")
        #expect(gallery.imageState(for: "2").pixelSizeText == "1024 × 683")
    }

    @Test("A search shows the matching photos")
    func search() async throws {
        let harness = try await SooGreyhoundsHarness()
        let gallery = PhotosViewModel(store: harness.store(), locale: SooGreyhoundsHarness.enUS)
        await gallery.searchPhotos(text: "goalie")
        #expect(gallery.source == .search("goalie"))
        #expect(gallery.state == .loaded)
        #expect(gallery.cells.map(\.title) == ["Calistini_S17_3456", "Bergeron_N16_1433"])
        await gallery.loadImages()
        #expect(gallery.cells.first?.imageState.pixelSizeText == "800 × 1200")
    }

    @Test("A wrong API key fails with the service's code 100 message, key hidden")
    func wrongKey() async throws {
        let harness = try await SooGreyhoundsHarness()
        let gallery = PhotosViewModel(store: harness.store(apiKey: "not-the-key"))
        let states = StateTrail { gallery.state }
        await gallery.fetchLatestPhotos()
        await states.wait(for: .failed)
        #expect(states.values == [.idle, .loading, .failed])
        let error = try #require(gallery.error)
        #expect(gallery.alert == AlertViewModel(title: "Error fetching latest photos", message: error.description))
        #expect(error.sooGreyhoundsError == .failed(code: 100, message: "Invalid API Key (Key has invalid format)"))
        #expect(gallery.alert?.message.contains("100") == true)
        #expect(gallery.alert?.message.contains("not-the-key") == false)
        #expect(gallery.photos.isEmpty)
    }

    @Test("A failed search and a 503 show their alerts, one at a time")
    func failures() async throws {
        let harness = try await SooGreyhoundsHarness()
        try harness.sandbox.faults.inject(Fault(path: "/services/rest", status: 503))
        let gallery = PhotosViewModel(store: harness.store())
        await gallery.searchPhotos(text: "goal")
        #expect(gallery.state == .failed)
        #expect(gallery.alert?.title == "Error searching photos")
        #expect(gallery.error?.status == 503)
        try harness.sandbox.faults.inject(
            Fault(path: "/services/rest", status: 200, body: Data(#"{"photos": {"photo": 3}}"#.utf8)))
        await gallery.fetchLatestPhotos()
        #expect(gallery.error?.isDecodingFailure == true)
        #expect(gallery.alert?.title == "Error searching photos")
        gallery.dismissAlert()
        await gallery.fetchLatestPhotos()
        #expect(gallery.state == .loaded)
        #expect(gallery.alert == nil)
    }

    @Test("Refresh keeps the photos and their images on screen")
    func refresh() async throws {
        let harness = try await SooGreyhoundsHarness()
        let gallery = PhotosViewModel(store: harness.store())
        let states = StateTrail { gallery.state }
        await gallery.fetchLatestPhotos()
        await gallery.loadImages()
        await harness.slowDown()
        let refreshing = Task { await gallery.refresh() }
        await states.wait(for: .refreshing)
        #expect(gallery.cells.count == 12)
        #expect(gallery.cells.allSatisfy { $0.imageState.image != nil })
        await refreshing.value
        await states.wait(for: .loaded)
        #expect(states.values == [.idle, .loading, .loaded, .refreshing, .loaded])
        #expect(gallery.cells.allSatisfy { $0.imageState.image != nil })
    }

    @Test("Dates show in the zone they were read in unless told otherwise")
    func timeZones() async throws {
        let harness = try await SooGreyhoundsHarness()
        let toronto = try #require(TimeZone(identifier: "America/Toronto"))
        let gallery = PhotosViewModel(store: harness.store(), timeZone: toronto, locale: SooGreyhoundsHarness.enUS)
        await gallery.fetchLatestPhotos()
        #expect(gallery.cells.first?.dateTakenFormatted == "Jan 1, 2017 at 7:32 AM")
    }
}
