import Hummingbird

/// The server's one entry point: requests under `/__sandbox` go to the
/// admin router (its guard, routes and console files), everything else
/// to the emulators, which never see an admin request.
struct SandboxServerResponder<Admin: HTTPResponder>: HTTPResponder where Admin.Context == SandboxRequestContext {
    let admin: Admin
    let emulators: SandboxResponder

    func respond(to request: Request, context: SandboxRequestContext) async throws -> Response {
        if AdminRouter.handles(request.uri.path) {
            return try await admin.respond(to: request, context: context)
        }
        return try await emulators.respond(to: request, context: context)
    }
}
