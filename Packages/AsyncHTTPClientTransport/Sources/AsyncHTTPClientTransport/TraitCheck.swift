// In the repository's root manifest, this module's dependencies come only
// with the AsyncHTTPClient package trait, so that apps using the other
// libraries fetch none of them. Without the trait the compiler usually
// stops first at "no such module 'AsyncHTTPClient'" (the README says so);
// this names the trait when that module comes from elsewhere.
#if !AsyncHTTPClient
    #error(
        """
        AsyncHTTPClientTransport needs the AsyncHTTPClient package trait: \
        .package(url: …, traits: ["AsyncHTTPClient"]) in an app, \
        `make` or `swift build --enable-all-traits` in this repository.
        """
    )
#endif
