#if SandboxServer
    import Foundation
    import HTTPTypes
    import Hummingbird
    import NIOCore
    import Networking
    import Sandbox

    /// swift-http-types' request head and status, named once: Networking's
    /// deprecated `HTTPRequest` and `HTTPResponse` aliases share their names
    /// until 1.0.
    typealias RequestHead = HTTPTypes.HTTPRequest
    typealias ResponseStatus = HTTPTypes.HTTPResponse.Status

    /// Turns each HTTP request into a ``Sandbox/SandboxRequest`` and writes the
    /// emulator's ``Sandbox/SandboxResponse`` back: complete bodies with
    /// `Content-Length`, streams chunk by chunk, and dropped connections as a
    /// close without any response.
    struct SandboxResponder {
        typealias Context = SandboxRequestContext

        /// Decides where a request goes, from its head; the Sandbox's `route(_:)`.
        let route: @Sendable (SandboxRequest) -> SandboxRequest
        /// Answers a request; the Sandbox's `respond(to:)` outside of tests.
        let handler: @Sendable (SandboxRequest) async -> SandboxResponse
        /// Answers a request whose body is over its limit, in its service's
        /// error format; the Sandbox's `bodyTooLarge(_:)`.
        let tooLarge: @Sendable (SandboxRequest) async -> SandboxResponse
        /// The largest body collected for a request, from its head alone (the
        /// limit of the service it is for); a larger one is refused before it
        /// reaches an emulator, so a huge upload cannot exhaust memory.
        let maxBodySize: @Sendable (SandboxRequest) -> Int
        /// Where streaming responses register, so stopping can end them.
        let streams: OpenStreams
        /// The bound on what all streams hold for slow readers.
        let budget: StreamBudget

        /// Answers `request`, whose target the caller has split already.
        func respond(to request: Request, target: RequestTarget, context: Context) async throws -> Response {
            // Routed once, from the head: the body limit, a refusal and the
            // answer all use the same decision.
            var sandboxRequest = route(
                Self.sandboxRequest(
                    from: request.head, target: target, body: Data(), remoteAddress: context.channel.remoteAddress))
            guard let body = try await request.body(within: maxBodySize(sandboxRequest)) else {
                let answer = await tooLarge(sandboxRequest)
                return await BodyRefusal.answer(
                    Self.completeResponse(answer, data: answer.data, isHead: false), context: context)
            }
            // `Data` of an empty view still allocates; most requests have no body.
            if body.readableBytes > 0 {
                sandboxRequest.body = Data(body.readableBytesView)
            }
            let response = await handler(sandboxRequest)
            switch response.body {
            case .dropConnection:
                // Closing first means the response Hummingbird then tries to
                // write fails, so the client sees the connection end and nothing else.
                try? await context.channel.close()
                return Response(status: .internalServerError)
            case .data(let data):
                let isHead = sandboxRequest.httpMethod == .head
                if let bodyFault = response.bodyFault, !isHead {
                    return await Self.faultedResponse(response, data: data, fault: bodyFault, context)
                }
                return Self.completeResponse(response, data: data, isHead: isHead)
            case .stream(let stream):
                return await streamingResponse(
                    response, stream: stream, isHead: sandboxRequest.httpMethod == .head, context)
            }
        }

        /// A complete response whose body goes out as `fault` says, under
        /// the `Content-Length` of the whole body: cut off by closing the
        /// connection, paced, or stalled until the client leaves.
        private static func faultedResponse(
            _ response: SandboxResponse, data: Data, fault: BodyFault, _ context: Context
        ) async -> Response {
            var complete = completeResponse(response, data: data, isHead: false)
            // No body to fault: 204 and 304 have none.
            guard complete.headers[.contentLength] == String(data.count), !data.isEmpty else { return complete }
            let channel = context.channel
            let disconnected = await ConnectionEventsHandler.disconnected(on: channel)
            complete.body = ResponseBody(contentLength: data.count) { writer in
                let ending = try await fault.deliver(data) { piece in
                    try await writer.write(ByteBuffer(bytes: piece))
                }
                if ending == .stall {
                    // Until the client gives up, or the stall's bound ends it.
                    let bound = channel.eventLoop.scheduleTask(
                        in: .seconds(BodyFault.maxStall.components.seconds)
                    ) {
                        channel.close(promise: nil)
                    }
                    try? await disconnected.get()
                    bound.cancel()
                }
                guard ending != nil else { return try await writer.finish(nil) }
                // What was written goes out first, then the end of the
                // connection, short of the declared length (a client that
                // left has closed it already).
                try? await writer.finish(nil)
                channel.close(mode: .output, promise: nil)
            }
            return complete
        }

        private func streamingResponse(
            _ response: SandboxResponse, stream: SandboxStream, isHead: Bool, _ context: Context
        ) async -> Response {
            guard let status = Self.status(response.status) else {
                stream.terminate()
                return Self.invalidStatus(response.status)
            }
            let headers = Self.fields(response.headers, without: .contentLength)
            guard !isHead else {
                stream.terminate()
                return Response(status: status, headers: headers)
            }
            let disconnected = await ConnectionEventsHandler.disconnected(on: context.channel)
            return Response(
                status: status, headers: headers,
                body: StreamingBody.make(
                    stream, cancelEvent: response.cancelEvent, channel: context.channel, disconnected: disconnected,
                    streams: streams, budget: budget
                ))
        }

        // MARK: Translation

        /// The Sandbox's view of a request: the method token as sent, the raw
        /// percent-encoded path and query (`target`, split from the head's path),
        /// the headers with `Host`, and whether the caller is on this machine.
        static func sandboxRequest(
            from head: RequestHead, target: RequestTarget, body: Data, remoteAddress: SocketAddress?
        ) -> SandboxRequest {
            var headers = HeaderFields()
            headers.reserveCapacity(head.headerFields.count + 1)
            if let authority = head.authority {
                headers.add(name: "Host", value: authority)
            }
            for field in head.headerFields {
                headers.add(name: field.name.rawName, value: field.value)
            }
            return SandboxRequest(
                method: head.method.rawValue,
                path: target.path,
                rawQuery: target.rawQuery,
                headers: headers,
                body: body,
                isLocal: remoteAddress?.isLoopback ?? false
            )
        }

        /// A complete response, with `Content-Length`; no body for `HEAD`, 204
        /// and 304, as HTTP requires.
        static func completeResponse(_ response: SandboxResponse, data: Data, isHead: Bool) -> Response {
            guard let status = status(response.status) else { return invalidStatus(response.status) }
            switch status.code {
            case 204:
                return Response(status: status, headers: fields(response.headers, without: .contentLength))
            case 304:
                return Response(status: status, headers: fields(response.headers))
            default:
                guard !isHead else {
                    var headers = fields(response.headers)
                    if headers[.contentLength].flatMap(Int.init) == nil {
                        headers[.contentLength] = String(data.count)
                    }
                    return Response(status: status, headers: headers)
                }
                var headers = fields(response.headers, without: .contentLength)
                headers.append(HTTPField(name: .contentLength, value: String(data.count)))
                return Response(
                    status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
            }
        }

        /// A final status an HTTP/1 response can carry, or `nil`.
        private static func status(_ code: Int) -> ResponseStatus? {
            (200...599).contains(code) ? ResponseStatus(code: code) : nil
        }

        private static func invalidStatus(_ code: Int) -> Response {
            Response(
                status: .internalServerError,
                headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "The emulator answered an invalid status \(code).")))
        }

        /// Header fields with valid names; values are made legal by HTTPTypes.
        /// `Transfer-Encoding` is never passed on (the server frames every
        /// answer itself), nor `skipped`, which the caller sets itself or the
        /// answer must not carry.
        private static func fields(_ headers: HeaderFields, without skipped: HTTPField.Name? = nil) -> HTTPFields {
            var fields = HTTPFields()
            fields.reserveCapacity(headers.count + 1)
            for field in headers {
                guard let name = knownNames.first(where: { $0.text == field.name })?.name ?? HTTPField.Name(field.name),
                    name != .transferEncoding, name != skipped
                else { continue }
                fields.append(HTTPField(name: name, value: field.value))
            }
            return fields
        }

        /// The names the emulators answer with on every request, checked and
        /// lowercased once: making an `HTTPField.Name` validates and lowercases
        /// the text each time, which showed in benchmark 8's profile. Looked up
        /// by the exact spelling the emulators use, most frequent first:
        /// comparing a few short strings is quicker than hashing one.
        private static let knownNames: [(text: String, name: HTTPField.Name)] = [
            "Content-Type", "Cache-Control", "Access-Control-Allow-Origin", "ETag", "Location", "Allow",
            "Retry-After", "Content-Disposition", "Access-Control-Allow-Methods", "Access-Control-Allow-Headers",
            "Access-Control-Max-Age", "WWW-Authenticate", "Vary",
        ].compactMap { text in HTTPField.Name(text).map { (text, $0) } }
    }
#endif
