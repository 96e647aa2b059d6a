#if SandboxServer
    import Sandbox

    extension RecordedRequest {
        /// Whether the browser console sent it (its pages are the referrer:
        /// they send one to this server only), so the log can tell the
        /// learner's app from the console's own requests.
        public var isFromConsole: Bool {
            requestHeaders["Referer"].map { $0.contains(AdminRouter.consolePath) } ?? false
        }
    }
#endif
