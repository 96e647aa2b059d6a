import AirtableClient
import ExampleSupport

extension Backend {
    /// A client for the lesson's table on this backend, with the examples'
    /// timeout and retries. The token travels only in the `Authorization`
    /// header and is never printed.
    func airtableClient() -> AirtableClient {
        var client = AirtableClient(
            configuration: AirtableClient.Configuration(
                baseID: credentials.airtableBaseID,
                table: AirtableClient.designProjectsTable,
                token: credentials.airtableToken,
                endpointURL: baseURL,
                // One retry after Airtable's 30-second wait, not three: a
                // person is watching the terminal.
                rateLimit: AirtableRateLimitPolicy(maxRetries: 1)
            ),
            retryPolicy: ExampleRequestPolicy.retryPolicy)
        client.http.timeout = ExampleRequestPolicy.timeout
        return client
    }
}
