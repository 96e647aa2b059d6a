import ExampleSupport
import SooGreyhoundsClient

extension Backend {
    /// The lesson's photo store on this backend, with the examples' timeout
    /// and retries. The API key is sent as `api_key` and redacted from every
    /// message.
    func photoStore() -> PhotoStore {
        var client = SooGreyhoundsClient(
            api: SooGreyhoundsAPI(endpoint: url(path: "services/rest"), apiKey: credentials.sooGreyhoundsAPIKey),
            retryPolicy: ExampleRequestPolicy.retryPolicy
        )
        client.http.timeout = ExampleRequestPolicy.timeout
        return PhotoStore(client: client)
    }
}
