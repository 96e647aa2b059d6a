import Foundation
import Networking

/// One of a customer's accounts, from `GET /bankey/profile/{id}/accounts`.
///
/// `amount` is money and is exact: `929466.23` is 929466.23, never the
/// 929466.229999… a `Double` holds, on every platform (see ``amount``).
/// `createdDateTime` is ISO-8601 (`2010-06-21T15:29:32Z`): decode with
/// `JSONDecoder.bankey`.
///
/// A list of accounts is not lossy on purpose: an account left out would
/// misstate what the customer has, so one bad account fails the list with
/// an error naming it. An unknown account *type* is not bad: it decodes as
/// ``AccountType/other(_:)``.
///
/// ```swift
/// let accounts = try Account.decodeList(from: data)  // survives trailing commas
/// accounts[0].amount                                  // 929466.23, exactly
/// ```
public struct Account: Sendable, Hashable, Identifiable, Codable {
    /// The account id, unique within the customer's accounts.
    public var id: String
    /// The kind of account.
    public var type: AccountType
    /// The name to show, such as `Basic Savings`.
    public var name: String
    /// The balance, exactly as the server wrote it.
    ///
    /// Decoding a `Decimal` goes through `Double` on some Foundations, which
    /// turns `1234567.89` into `1234567.8899999997952`. When the digits read
    /// have more precision than a `Double` carries and round to the very same
    /// `Double`, they are that noise, and the amount becomes the shortest
    /// decimal that round-trips the `Double`, which is what the server wrote
    /// for any amount of up to 15 significant digits.
    public var amount: Decimal
    /// When the account was opened.
    public var createdDateTime: Date

    /// The JSON keys.
    public enum CodingKeys: String, CodingKey, Sendable {
        /// `id`
        case id
        /// `type`
        case type
        /// `name`
        case name
        /// `amount`
        case amount
        /// `createdDateTime`
        case createdDateTime
    }

    /// Creates an account.
    public init(id: String, type: AccountType, name: String, amount: Decimal, createdDateTime: Date) {
        self.id = id
        self.type = type
        self.name = name
        self.amount = amount
        self.createdDateTime = createdDateTime
    }

    /// Reads an account with an exact ``amount``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decode(AccountType.self, forKey: .type)
        name = try container.decode(String.self, forKey: .name)
        amount = try ExactDecimal.decode(from: container, forKey: .amount)
        createdDateTime = try container.decode(Date.self, forKey: .createdDateTime)
    }

    /// Decodes a list of accounts from the server's bytes, which end arrays
    /// and objects with trailing commas: the decode is retried once without
    /// them if the platform's parser rejects them.
    ///
    /// - Throws: ``/Networking/NetworkError/decodingFailed(_:)`` naming the
    ///   account and field that did not decode, such as `[2].amount`.
    public static func decodeList(from data: Data, using decoder: JSONDecoder = .bankey) throws(NetworkError)
        -> [Account]
    {
        try ModelDecoding.decode([Account].self, from: data) {
            try TolerantJSON.decode([Account].self, from: $0, using: decoder)
        }
    }
}
