#if canImport(Security)
    import Foundation
    import Networking
    import Security

    /// A session kept in the Keychain, as one generic password item for
    /// `service` and `account`, readable after the device's first unlock and
    /// never moved to another device: where an app on Apple platforms keeps
    /// its refresh token.
    ///
    /// ```swift
    /// let session = FirebaseAuthSession(
    ///     auth: auth, store: FirebaseKeychainSessionStore(service: "com.example.post-feed"))
    /// ```
    ///
    /// Built on Apple platforms only (Linux has no Keychain: use
    /// ``FirebaseFileSessionStore``); this project's CI runs on Linux, so its
    /// tests do not exercise it.
    public struct FirebaseKeychainSessionStore: FirebaseSessionStore {
        /// The item's service, usually the app's bundle identifier.
        public let service: String
        /// The item's account: one per signed-in session an app keeps.
        public let account: String

        /// A store for the item of `service` and `account`.
        public init(service: String, account: String = "firebase-auth-session") {
            self.service = service
            self.account = account
        }

        /// The kept session; `nil` when there is no item.
        public func load() async throws(NetworkError) -> FirebaseStoredSession? {
            var query = itemQuery
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            if status == errSecItemNotFound { return nil }
            guard status == errSecSuccess else { throw failure(.reading, FirebaseKeychainError(status: status)) }
            guard let data = result as? Data else {
                throw failure(.reading, FirebaseKeychainError(status: errSecDecode))
            }
            do {
                return try JSONDecoder().decode(FirebaseStoredSession.self, from: data)
            } catch {
                throw failure(.reading, error)
            }
        }

        /// Keeps `session`, replacing the item's data or adding the item.
        public func save(_ session: FirebaseStoredSession) async throws(NetworkError) {
            let data: Data
            do {
                data = try JSONEncoder().encode(session)
            } catch {
                throw failure(.writing, error)
            }
            let changes = [kSecValueData as String: data]
            var status = SecItemUpdate(itemQuery as CFDictionary, changes as CFDictionary)
            if status == errSecItemNotFound {
                var item = itemQuery
                item[kSecValueData as String] = data
                item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                status = SecItemAdd(item as CFDictionary, nil)
            }
            guard status == errSecSuccess else { throw failure(.writing, FirebaseKeychainError(status: status)) }
        }

        /// Deletes the item; none is not an error.
        public func clear() async throws(NetworkError) {
            let status = SecItemDelete(itemQuery as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw failure(.writing, FirebaseKeychainError(status: status))
            }
        }

        /// The SDK's error for `error` on this store's item: a
        /// ``/Networking/FileFailure`` whose cause is the Keychain's status.
        private func failure(_ operation: FileFailure.Operation, _ error: any Error) -> NetworkError {
            .fileFailed(
                FileFailure(
                    operation: operation, path: "the Keychain item \(service)/\(account)",
                    reason: String(describing: error), underlying: error))
        }

        private var itemQuery: [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
        }
    }

    /// A Keychain call that failed, with the `OSStatus` it returned.
    public struct FirebaseKeychainError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The status, such as `errSecInteractionNotAllowed` (-25308) while
        /// the device has not been unlocked since it started.
        public var status: OSStatus

        /// One line with the status and what the system says it means.
        public var description: String {
            let meaning = SecCopyErrorMessageString(status, nil).map { String($0) } ?? "unknown"
            return "The Keychain refused the session: \(meaning) (OSStatus \(status))."
        }
    }
#endif
