// In the repository's root manifest, SandboxServer's dependencies come only
// with the SandboxServer package trait, so that apps using the other libraries
// fetch none of them. Every other file of the module is inside
// `#if SandboxServer`, so without the trait nothing here imports a module the
// app does not have: this error is the one the compiler prints, and it
// names the trait. (A product that needs the module fails to build with
// it; nothing else of the package is affected.)
#if !SandboxServer
    #error(
        """
        SandboxServer needs the SandboxServer package trait: \
        .package(url: …, traits: ["SandboxServer"]) in an app, \
        `make` or `swift build --enable-all-traits` in this repository.
        """
    )
#endif
