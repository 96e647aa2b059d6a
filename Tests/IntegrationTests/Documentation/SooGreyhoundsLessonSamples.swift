import Foundation
import Models
import Networking
import Sandbox
import SooGreyhoundsClient
import Testing

/// The code of the SooGreyhounds lesson's guide, run against the in-process Sandbox.
@Suite("Documentation: lesson 5, SooGreyhounds")
struct SooGreyhoundsLessonSamples: DocumentationSample {
    @Test("The lesson's URL, the latest photos and an image, async and with a completion")
    @MainActor
    func gallery() async throws {
        let sandbox = try await Sandbox()
        let screen = DocumentationScreen()
        let printed = try await Printed.capture {
            // snippet: soogreyhounds-lesson-url
            let api = SooGreyhoundsAPI.lesson
            let latestPhotosURL = api.url(for: .latestPhotos, parameters: ["extras": SooGreyhoundsAPI.photoExtras])
            print(latestPhotosURL?.query(percentEncoded: false) ?? "")
            // method=soogreyhounds.photos.getList&api_key=a6d819499131071f158fd740860a5a88&format=json&nojsoncallback=1&extras=url_h,date_taken
            // end snippet

            // snippet: soogreyhounds-lesson-fetch
            let client = SooGreyhoundsClient(
                configuration: SooGreyhoundsAPI(
                    endpoint: Sandbox.baseURL.appending(path: "services/rest"), apiKey: SooGreyhoundsAPI.lessonAPIKey),
                transport: SandboxTransport(sandbox))
            let store = PhotoStore(client: client)

            let photos = try await store.fetchLatestPhotos()
            print("Successfully found \(photos.count) photos.")  // Successfully found 12 photos.
            let image = try await store.fetchImage(for: photos[0])
            print(photos[0].title, image.format, image.width, image.height)  // DeMeo_J17_2595 jpeg 1600 1067
            // end snippet

            // snippet: soogreyhounds-lesson-completion
            store.fetchLatestPhotos { photosResult in
                switch photosResult {
                case .success(let photos):
                    screen.show("Successfully found \(photos.count) photos.")
                case .failure(let error):
                    screen.showAlert("Error fetching latest photos: \(error)")
                }
            }
            // end snippet
        }
        await screen.waitForUpdate()
        #expect(
            printed == [
                "method=soogreyhounds.photos.getList&api_key=a6d819499131071f158fd740860a5a88&format=json"
                    + "&nojsoncallback=1&extras=url_h,date_taken",
                "Successfully found 12 photos.",
                "DeMeo_J17_2595 jpeg 1600 1067",
            ])
        #expect(screen.updates == ["Successfully found 12 photos."])
    }

    @Test("A wrong key is the API's code 100, and never printed")
    func wrongKey() async throws {
        let sandbox = try await Sandbox()
        let printed = await Printed.capture {
            // snippet: soogreyhounds-lesson-errors
            let wrongKey = SooGreyhoundsClient(
                configuration: SooGreyhoundsAPI(
                    endpoint: Sandbox.baseURL.appending(path: "services/rest"), apiKey: "wrong"),
                transport: SandboxTransport(sandbox))
            do throws(NetworkError) {
                _ = try await wrongKey.fetchLatestPhotos()
            } catch {
                if case .failed(let code, let message) = error.sooGreyhoundsError {
                    print(code, message)  // 100 Invalid API Key (Key has invalid format)
                }
                print(error.description.contains("wrong"))  // false — the key is redacted from every description
            }
            // end snippet
        }
        #expect(printed == ["100 Invalid API Key (Key has invalid format)", "false"])
    }
}
