// `import Sandbox` brings every emulator and the core, as before the
// emulators became packages of their own: apps, tests and examples that
// use `FirebaseEmulator`, `Fault` or `SandboxRequest` change nothing.
@_exported import SandboxAirtable
@_exported import SandboxBankey
@_exported import SandboxCore
@_exported import SandboxFirebase
@_exported import SandboxFirebaseAuth
@_exported import SandboxSooGreyhounds
