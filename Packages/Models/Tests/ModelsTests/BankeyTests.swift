import Foundation
import Networking
import Testing

@testable import Models

@Suite("Bankey: profile and accounts")
struct BankeyTests {
    func exactly(_ text: String) throws -> Decimal {
        try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test("Profile 1 is Kevin Flynn, trailing comma and all")
    func profile() throws {
        let data = try Fixture.data("bankey/profile-1.json")
        #expect(try Profile.decode(from: data) == Profile(id: "1", firstName: "Kevin", lastName: "Flynn"))
        #expect(try JSONDecoder.bankey.decode(Profile.self, from: data).lastName == "Flynn")
        #expect(try Profile.decode(from: try Fixture.data("bankey/profile-2.json")).firstName == "Allan")
        #expect(try Profile.decode(from: try Fixture.data("bankey/profile-3.json")).lastName == "Dillinger")
        #expect(
            try JSONEncoder.bankey.encode(Profile(id: "1", firstName: "Kevin", lastName: "Flynn")).text
                == #"{"first_name":"Kevin","id":"1","last_name":"Flynn"}"#)
    }

    @Test("Accounts 1 has 6 accounts, the first Basic Savings at exactly 929466.23, created 2010-06-21T15:29:32Z")
    func accounts() throws {
        let accounts = try Account.decodeList(from: try Fixture.data("bankey/accounts-1.json"))
        #expect(accounts.count == 6)
        let first = try #require(accounts.first)
        #expect(first.id == "1")
        #expect(first.type == .banking)
        #expect(first.name == "Basic Savings")
        #expect(first.amount == (try exactly("929466.23")))
        #expect(first.amount.description == "929466.23")
        #expect(ISO8601.string(from: first.createdDateTime) == "2010-06-21T15:29:32Z")
        #expect(accounts.map(\.type) == [.banking, .banking, .creditCard, .creditCard, .investment, .investment])
        #expect(accounts.map(\.amount.description) == ["929466.23", "17562.44", "412.83", "50.83", "2000", "15000"])
        #expect(try Account.decodeList(from: try Fixture.data("bankey/accounts-2.json")).count == 6)
        #expect(try Account.decodeList(from: try Fixture.data("bankey/accounts-3.json")).last?.amount == 666)
        #expect(
            try JSONDecoder.bankey.decode([Account].self, from: try Fixture.data("bankey/accounts-1.json")) == accounts)
    }

    @Test("1234567.89 decodes to exactly 1234567.89, not 1234567.8899999997952")
    func exactMoney() throws {
        let json =
            #"[{"id":"9","type":"Banking","name":"Big","amount":1234567.89,"createdDateTime":"2010-06-21T15:29:32Z"}]"#
        let account = try #require(try Account.decodeList(from: json.utf8Data).first)
        #expect(account.amount == (try exactly("1234567.89")))
        #expect(account.amount.description == "1234567.89")
        #expect(try JSONEncoder.bankey.encode(account).text.contains(#""amount":1234567.89"#))
    }

    @Test("A Foundation that decodes Decimal through Double is corrected to the digits the server wrote")
    func exactMoneyThroughDouble() throws {
        // What older Apple Foundations hand back for 1234567.89, and what Decimal(Double) gives here.
        #expect(
            ExactDecimal.exact(decoded: try exactly("1234567.8899999997952"), double: 1_234_567.89)
                == (try exactly("1234567.89")))
        #expect(ExactDecimal.exact(decoded: Decimal(1_234_567.89), double: 1_234_567.89) == (try exactly("1234567.89")))
        #expect(ExactDecimal.exact(decoded: Decimal(929_466.23), double: 929_466.23) == (try exactly("929466.23")))
        #expect(ExactDecimal.exact(decoded: Decimal(0.1), double: 0.1) == (try exactly("0.1")))
        // Digits the decoder read itself are kept, up to what a Double can tell apart.
        #expect(
            ExactDecimal.exact(decoded: try exactly("1234567.89"), double: 1_234_567.89) == (try exactly("1234567.89")))
        #expect(
            ExactDecimal.exact(decoded: try exactly("0.30000000000000001"), double: 0.3)
                == (try exactly("0.30000000000000001")))
        #expect(ExactDecimal.exact(decoded: try exactly("-50.83"), double: -50.83) == (try exactly("-50.83")))
        #expect(ExactDecimal.significantDigits(of: try exactly("15000")) == 2)
        #expect(ExactDecimal.significantDigits(of: try exactly("0.00120")) == 2)
    }

    @Test("An unknown account type keeps the account and round-trips its text")
    func unknownType() throws {
        let json = """
            [{"id":"1","type":"Banking","name":"Savings","amount":1.5,"createdDateTime":"2010-06-21T15:29:32Z"},
             {"id":"7","type":"Mortgage","name":"Home","amount":-250000.00,"createdDateTime":"2016-06-21T15:29:32Z"}]
            """
        let accounts = try Account.decodeList(from: json.utf8Data)
        #expect(accounts.map(\.type) == [.banking, .other("Mortgage")])
        #expect(accounts[1].type.isKnown == false)
        #expect(accounts[1].amount == -250_000)
        let encoded = try JSONEncoder.bankey.encode(accounts[1]).text
        #expect(
            encoded
                == #"{"amount":-250000,"createdDateTime":"2016-06-21T15:29:32Z","id":"7","name":"Home","type":"Mortgage"}"#
        )
        #expect(try JSONDecoder.bankey.decode(Account.self, from: encoded.utf8Data) == accounts[1])
        #expect(AccountType(rawValue: "CreditCard") == .creditCard)
        #expect(AccountType.other("Investment") == .investment)
        #expect(Set([AccountType.other("Banking"), .banking]).count == 1)
        #expect(AccountType.knownCases.map(\.rawValue) == ["Banking", "CreditCard", "Investment"])
    }

    @Test("Bad accounts fail the list with the account and field named")
    func badInput() throws {
        func decode(_ account: String) -> String? {
            failure { _ = try Account.decodeList(from: ("[" + account + "]").utf8Data) }
        }
        let valid = #""id":"1","name":"Savings","createdDateTime":"2010-06-21T15:29:32Z""#
        #expect(
            decode("{" + valid + #","type":"Banking","amount":"929466.23"}"#)?.hasPrefix("[0].amount: expected") == true
        )
        #expect(decode("{" + valid + #","type":"Banking"}"#) == #"[0].amount: missing key "amount""#)
        #expect(decode("{" + valid + #","type":3,"amount":1}"#)?.hasPrefix("[0].type: expected String, found") == true)
        #expect(decode("{" + valid + #","amount":1}"#) == #"[0].type: missing key "type""#)
        #expect(
            decode(#"{"id":"1","name":"S","type":"Banking","amount":1,"createdDateTime":"June 21, 2010"}"#)
                == #"[0].createdDateTime: expected an ISO-8601 date such as 2010-06-21T15:29:32Z, found "June 21, 2010""#
        )
        #expect(
            failure { _ = try Profile.decode(from: #"{"id":"1","first_name":"Kevin"}"#.utf8Data) }
                == #"last_name: missing key "last_name""#)
        let truncated = try Fixture.data("bankey/accounts-1.json").prefix(300)
        #expect(
            failure { _ = try Account.decodeList(from: Data(truncated)) }
                == "the body is not valid JSON (truncated, or not JSON at all)")
        #expect(
            failure { _ = try Profile.decode(from: Data()) }
                == "the body is not valid JSON (truncated, or not JSON at all)")
        #expect(
            failure { _ = try Account.decodeList(from: #"{"id":"1"}"#.utf8Data) }?.hasPrefix("expected Array") == true)
    }

    @Test("Trailing commas are removed outside strings only")
    func trailingCommas() throws {
        let bankey = "{\n\"id\": \"1\",\n\"first_name\": \"Kevin\",\n\"last_name\": \"Flynn\",\n}\n"
        let cleaned = try #require(TrailingCommas.removed(from: Data(bankey.utf8)))
        #expect(
            String(decoding: cleaned, as: UTF8.self)
                == "{\n\"id\": \"1\",\n\"first_name\": \"Kevin\",\n\"last_name\": \"Flynn\"\n}\n")
        let array = try #require(TrailingCommas.removed(from: Data(#"[{"a":"x,}"},  ]"#.utf8)))
        #expect(String(decoding: array, as: UTF8.self) == #"[{"a":"x,}"}  ]"#)
        #expect(TrailingCommas.removed(from: Data(#"{"a":[1,2],"b":"\",]"}"#.utf8)) == nil)
    }

    @Test("The public helpers decode the server's trailing commas with a parser that rejects them")
    func helpersRetryWithoutTrailingCommas() throws {
        let profileDecoder = StrictJSONDecoder()
        let profile = try Profile.decode(from: try Fixture.data("bankey/profile-1.json"), using: profileDecoder)
        #expect(profile == Profile(id: "1", firstName: "Kevin", lastName: "Flynn"))
        #expect(profileDecoder.attempts == 2)

        let accountsDecoder = StrictJSONDecoder()
        let accounts = try Account.decodeList(from: try Fixture.data("bankey/accounts-1.json"), using: accountsDecoder)
        #expect(accounts.count == 6)
        #expect(accounts.first?.amount.description == "929466.23")
        #expect(accountsDecoder.attempts == 2)
    }

    @Test("Where the parser rejects trailing commas, the helper retries without them")
    func trailingCommaFallback() throws {
        let data = try Fixture.data("bankey/profile-1.json")
        var attempts = 0
        // A parser as strict as older Foundations: trailing commas are corrupt data.
        let strict: (Data) throws -> Profile = { bytes in
            attempts += 1
            if TrailingCommas.removed(from: bytes) != nil {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON."))
            }
            return try JSONDecoder.bankey.decode(Profile.self, from: bytes)
        }
        #expect(try TolerantJSON.decode(from: data, strict) == Profile(id: "1", firstName: "Kevin", lastName: "Flynn"))
        #expect(attempts == 2)

        attempts = 0
        let clean = #"{"id":"1","first_name":"Kevin","last_name":"Flynn"}"#.utf8Data
        #expect(try TolerantJSON.decode(from: clean, strict).firstName == "Kevin")
        #expect(attempts == 1)

        // A missing field behind the commas is reported as such, not as the commas.
        attempts = 0
        #expect(
            failure { _ = try TolerantJSON.decode(from: #"{"id":"1","first_name":"Kevin",}"#.utf8Data, strict) }
                == #"last_name: missing key "last_name""#)
        #expect(attempts == 2)

        // Truncated JSON with no trailing comma is tried once and reported as it is.
        attempts = 0
        #expect(
            failure { _ = try TolerantJSON.decode(from: #"{"id":"1""#.utf8Data, strict) }
                == "the body is not valid JSON (truncated, or not JSON at all)")
        #expect(attempts == 1)
    }
}
