#if SandboxServer
    import Foundation
    import Hummingbird
    import Networking
    import Sandbox

    /// What each admin route does, over the ``Sandbox/Sandbox`` it controls.
    struct AdminRoutes: Sendable {
        let sandbox: Sandbox

        // MARK: Faults

        func faults() async -> FaultsAnswer {
            FaultsAnswer(
                faults: sandbox.faults.pending, latencyMilliseconds: sandbox.faults.addedLatency.seconds * 1000,
                airtableRateLimit: await sandbox.airtable.isRateLimitEnabled)
        }

        func addFault(_ request: Request) async throws -> StatusAnswer {
            let fault: Fault
            do {
                fault = try JSONDecoder().decode(Fault.self, from: try await Self.body(of: request))
            } catch let error as FaultError {
                throw AdminError(.badRequest, error.message)
            } catch let error as AdminError {
                throw error
            } catch {
                throw AdminError(
                    .badRequest,
                    "Expected a JSON object with \"path\" (1 to \(Fault.maxPatternLength) bytes) and \"status\" "
                        + "or \"drop\": true.")
            }
            do {
                try sandbox.faults.inject(fault)
            } catch {
                throw AdminError(.badRequest, error.message)
            }
            return StatusAnswer()
        }

        func clearFaults() -> StatusAnswer {
            sandbox.faults.reset()
            return StatusAnswer()
        }

        func setLatency(_ request: Request) async throws -> StatusAnswer {
            struct Latency: Decodable { var milliseconds: Double }
            let limit = FaultInjector.maxLatency.seconds * 1000
            guard let latency = try? JSONDecoder().decode(Latency.self, from: try await Self.body(of: request)),
                (0...limit).contains(latency.milliseconds)
            else {
                throw AdminError(.badRequest, "Expected {\"milliseconds\": <a number from 0 to \(limit)>}.")
            }
            sandbox.faults.setLatency(Duration.seconds(clamping: latency.milliseconds / 1000) ?? .zero)
            return StatusAnswer()
        }

        func setAirtableRateLimit(_ request: Request) async throws -> StatusAnswer {
            struct Switch: Decodable { var enabled: Bool }
            guard let setting = try? JSONDecoder().decode(Switch.self, from: try await Self.body(of: request)) else {
                throw AdminError(.badRequest, "Expected {\"enabled\": true} or {\"enabled\": false}.")
            }
            await sandbox.airtable.setRateLimitEnabled(setting.enabled)
            return StatusAnswer()
        }

        // MARK: The request log

        func requests(_ request: Request) async throws -> [RequestSummary] {
            let query = try RequestLogQuery(request.uri.queryParameters)
            let entries = await sandbox.requests.page(
                query.filter, after: query.after, before: query.before, limit: query.limit)
            return entries.map(RequestSummary.init)
        }

        func request(_ context: SandboxRequestContext) async throws -> RequestDetail {
            let text = context.parameters.get("id") ?? ""
            // A log id is digits only; anything else (a sign, `+5`, 40 digits)
            // is no entry rather than a number read loosely.
            guard (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let id = Int(text),  // safe: 1 to 18 ASCII digits fit an Int
                let entry = await sandbox.requests.entry(id: id)
            else {
                throw AdminError(.notFound, "No request \(text) in the log, which keeps only the newest requests.")
            }
            return RequestDetail(entry)
        }

        func clearRequests() async -> StatusAnswer {
            await sandbox.requests.clear()
            return StatusAnswer()
        }

        // MARK: Services

        /// The Firebase namespaces (the lessons' and any written since), the
        /// credentials the emulators accept, and Bankey's customers.
        func services() async -> ServicesAnswer {
            let firebase = sandbox.firebase.configuration
            let namespaces = Set(await sandbox.firebase.namespaces).union(
                firebase.seedsLessonData ? FirebaseEmulator.lessonNamespaces : [])
            return ServicesAnswer(
                firebase: .init(
                    namespaces: namespaces.sorted(), defaultNamespace: firebase.defaultNamespace,
                    auth: firebase.authSecret),
                airtable: .init(token: sandbox.airtable.configuration.tokens.min()),
                bankey: .init(customers: BankeyEmulator.customerIDs),
                soogreyhounds: .init(apiKey: sandbox.soogreyhounds.configuration.apiKeys.min()))
        }

        /// The body, which `SandboxServerResponder` has already collected
        /// within ``AdminRouter/maxBodySize``.
        // MARK: Export

        /// Writes an export in the Firebase emulators' layout to the folder the
        /// body names (`{"path": "/tmp/export"}`, as the Firebase emulator
        /// hub's `POST /_admin/export` takes it).
        ///
        /// It answers with the folder it wrote; a failure keeps the export
        /// that was there and says why (``SandboxExport/write(_:)``).
        func export(_ request: Request) async throws -> ExportAnswer {
            struct Target: Decodable { var path: String }
            guard let target = try? JSONDecoder().decode(Target.self, from: try await Self.body(of: request)),
                target.path.hasPrefix("/"), !target.path.split(separator: "/").contains("..")
            else {
                throw AdminError(.badRequest, "Expected {\"path\": \"/an/absolute/folder\"} without \"..\".")
            }
            let folder = URL(fileURLWithPath: target.path, isDirectory: true).standardizedFileURL
            do {
                try await SandboxExport(folder: folder).write(sandbox)
            } catch {
                throw AdminError(
                    .internalServerError, "The export to \(folder.path) failed, and what was there is kept: \(error)")
            }
            return ExportAnswer(path: folder.path)
        }

        private static func body(of request: Request) async throws -> Data {
            Data(try await request.body.collect(upTo: AdminRouter.maxBodySize).readableBytesView)
        }
    }
#endif
