extension Result {
    /// The outcome of an async operation with a typed error, as a value:
    /// what concurrent requests collect before deciding which result wins,
    /// and what completion handlers receive.
    ///
    /// ```swift
    /// async let profile = Result.capturing { () async throws(NetworkError) in
    ///     try await client.send(NetworkRequest<Profile>.get("profile/1"))
    /// }
    /// ```
    ///
    /// The standard library's `Result(catching:)` takes synchronous work only.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, where `operation` runs; leave it
    ///     to the default.
    ///   - operation: The work whose value or error becomes the result.
    public static func capturing(
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws(Failure) -> Success
    ) async -> Result {
        do throws(Failure) {
            return .success(try await operation())
        } catch {
            return .failure(error)
        }
    }
}
