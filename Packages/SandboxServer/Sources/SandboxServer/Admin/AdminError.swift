#if SandboxServer
    import Foundation
    import Hummingbird

    /// An admin route's refusal, written as every admin answer is:
    /// `{"error": "…"}` with its status, never cached.
    struct AdminError: HTTPResponseError {
        let status: HTTPResponse.Status
        let message: String

        init(_ status: HTTPResponse.Status, _ message: String) {
            self.status = status
            self.message = message
        }

        func response(from request: Request, context: some RequestContext) throws -> Response {
            let body = (try? JSONEncoder().encode(["error": message])) ?? Data()
            return Response(
                status: status,
                headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
    }
#endif
