import FirebaseClient
import Networking
import Testing

@Suite("Query parameters")
struct QueryEncodingTests {
    @Test("Every value is JSON-encoded: strings quoted and escaped, numbers, booleans and null bare")
    func valuesAreJSON() {
        #expect(FirebaseQueryValue.string("Ada").json == #""Ada""#)
        #expect(FirebaseQueryValue.string("say \"hi\"\\\n").json == #""say \"hi\"\\\n""#)
        #expect(FirebaseQueryValue.string("\u{01}").json == #""\u0001""#)
        #expect(FirebaseQueryValue.number(1_500_000_000).json == "1500000000")
        #expect(FirebaseQueryValue.number(1_522_108_802.540_2).json == "1522108802.5402")
        #expect(FirebaseQueryValue.number(-0.5).json == "-0.5")
        #expect(FirebaseQueryValue.number(1e300).json == "1e+300")
        #expect(FirebaseQueryValue.bool(true).json == "true")
        #expect(FirebaseQueryValue.null.json == "null")
        let literal: FirebaseQueryValue = 3
        #expect(literal == .number(3))
    }

    @Test("The lesson's page: orderBy, endAt and limitToLast, in a fixed order")
    func lessonPage() throws {
        let query = FirebaseQuery.orderByChild("timestamp").endAt(.number(1_457_640_140.74)).limitToLast(15)
        #expect(
            try query.queryItems() == [
                QueryItem(name: "orderBy", value: #""timestamp""#),
                QueryItem(name: "endAt", value: "1457640140.74"),
                QueryItem(name: "limitToLast", value: "15"),
            ])
    }

    @Test("Orderings name Firebase's special indexes")
    func orderings() throws {
        #expect(try FirebaseQuery.orderByKey().queryItems() == [QueryItem(name: "orderBy", value: #""$key""#)])
        #expect(try FirebaseQuery.orderByValue().queryItems() == [QueryItem(name: "orderBy", value: #""$value""#)])
        #expect(
            try FirebaseQuery.orderByPriority().queryItems() == [
                QueryItem(name: "orderBy", value: #""$priority""#), QueryItem(name: "format", value: "export"),
            ])
        #expect(
            try FirebaseQuery.orderByChild("author/name").queryItems() == [
                QueryItem(name: "orderBy", value: #""author/name""#)
            ])
    }

    @Test("Exclusive bounds use startAfter and endBefore; equalTo replaces a range")
    func bounds() throws {
        let range = FirebaseQuery.orderByKey().startAfter("a").endBefore("m").limitToFirst(2)
        #expect(
            try range.queryItems() == [
                QueryItem(name: "orderBy", value: #""$key""#),
                QueryItem(name: "startAfter", value: #""a""#),
                QueryItem(name: "endBefore", value: #""m""#),
                QueryItem(name: "limitToFirst", value: "2"),
            ])
        let equal = FirebaseQuery.orderByValue().startAt(1).equalTo(false)
        #expect(
            try equal.queryItems() == [
                QueryItem(name: "orderBy", value: #""$value""#), QueryItem(name: "equalTo", value: "false"),
            ])
    }

    @Test("A number JSON cannot express is refused before anything is sent")
    func nonFiniteNumber() {
        #expect(throws: NetworkError.self) {
            try FirebaseQuery.orderByChild("t").startAt(.number(.infinity)).queryItems()
        }
    }
}
