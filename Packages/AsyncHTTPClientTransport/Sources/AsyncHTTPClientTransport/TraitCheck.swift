// In the repository's root manifest, this module's dependencies come only
// with the AsyncHTTPClient package trait, so that apps using the other
// libraries fetch none of them. Say so, rather than leave a "no such module"
// to decode.
#if !AsyncHTTPClient
    #error(
        """
        AsyncHTTPClientTransport needs the AsyncHTTPClient package trait: \
        .package(url: …, traits: ["AsyncHTTPClient"]) in an app, \
        `make` or `swift build --enable-all-traits` in this repository.
        """
    )
#endif
