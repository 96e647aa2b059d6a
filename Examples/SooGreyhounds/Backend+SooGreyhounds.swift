import ExampleSupport
import SooGreyhoundsClient

extension Backend {
    /// The lesson's client on this backend, with the examples' timeout and
    /// retries. The API key is sent as `api_key` and redacted from every
    /// message.
    func sooGreyhoundsClient() -> SooGreyhoundsClient {
        var client = SooGreyhoundsClient(
            configuration: SooGreyhoundsAPI(
                endpoint: url(path: "services/rest"), apiKey: credentials.sooGreyhoundsAPIKey),
            retryPolicy: ExampleRequestPolicy.retryPolicy
        )
        client.http.timeout = ExampleRequestPolicy.timeout
        return client
    }

    /// The lesson's photo store (an image cache over the client) on this
    /// backend.
    func photoStore() -> PhotoStore {
        PhotoStore(client: sooGreyhoundsClient())
    }
}
