#if SandboxServer
    import Hummingbird
    import Sandbox

    /// The server's one entry point: requests under `/__sandbox` go to the
    /// admin router (its guard, routes and console files), everything else
    /// to the emulators, which never see an admin request.
    struct SandboxServerResponder<Admin: HTTPResponder>: HTTPResponder where Admin.Context == SandboxRequestContext {
        let admin: Admin
        let emulators: SandboxResponder

        func respond(to request: Request, context: SandboxRequestContext) async throws -> Response {
            // The target is split once, here, and handed on: the emulators need
            // it too, and Hummingbird's `uri.path` makes a new string each time
            // it is read. Checked on the raw path, before anything decodes it:
            // a NUL would cut a console file's name short.
            let target = RequestTarget(request.head.path ?? "/")
            guard AdminRouter.isAdmin(SandboxRequest.segments(of: target.path)) else {
                return try await emulators.respond(to: request, target: target, context: context)
            }
            if SandboxRequest.hasControlCharacters(inPath: target.path) {
                let refusal = AdminError(.badRequest, "Invalid path: it contains a control character.")
                return try refusal.response(from: request, context: context)
            }
            // Admin bodies are small: collected here, within their limit, so an
            // oversized one is refused like an emulator's, once, and unread.
            var request = request
            guard let body = try await request.body(within: AdminRouter.maxBodySize) else {
                let refusal = AdminError(.contentTooLarge, "Admin bodies are at most \(AdminRouter.maxBodySize) bytes.")
                return await BodyRefusal.answer(try refusal.response(from: request, context: context), context: context)
            }
            request.body = RequestBody(buffer: body)
            return try await admin.respond(to: request, context: context)
        }
    }
#endif
