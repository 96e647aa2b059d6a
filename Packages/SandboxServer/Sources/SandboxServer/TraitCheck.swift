// In the repository's root manifest, SandboxServer's dependencies come only
// with the package trait of the same name, so that apps using the libraries
// fetch none of them. Say so, rather than leave a "no such module" to decode.
#if !SandboxServer
    #error(
        """
        SandboxServer needs the SandboxServer package trait: \
        .package(url: …, traits: ["SandboxServer"]) in an app, \
        `make` or `swift build --enable-all-traits` in this repository.
        """
    )
#endif
