// In the repository's root manifest, SandboxServer's dependencies come only
// with the package trait of the same name, so that apps using the libraries
// fetch none of them. Without the trait the compiler usually stops first at
// "no such module 'NIOCore'" (the README says so); this names the trait
// when those modules come from elsewhere and the build gets this far.
#if !SandboxServer
    #error(
        """
        SandboxServer needs the SandboxServer package trait: \
        .package(url: …, traits: ["SandboxServer"]) in an app, \
        `make` or `swift build --enable-all-traits` in this repository.
        """
    )
#endif
