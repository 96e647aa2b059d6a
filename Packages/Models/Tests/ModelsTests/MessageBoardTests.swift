import Foundation
import Models
import Networking
import Testing

@Suite("Message Board")
struct MessageBoardTests {
    typealias Message = MessageThread.Message
    let threadID = "695398C4-498C-40A8-AA76-CB2B20DFD9FA"

    @Test("The lesson's sample is one thread, REST APIs, with Spencer's message at 2018-08-08 07:24:32 UTC")
    func fixture() throws {
        let board = try JSONDecoder.messageBoard.decode(
            MessageBoard.self, from: try Fixture.data("message-board/threads-sample.json"))
        #expect(board.skipped.isEmpty)
        let thread = try #require(board.threads.first)
        #expect(board.threads.count == 1)
        #expect(thread.title == "REST APIs")
        #expect(thread.identifier == threadID)
        let message = try #require(thread.messages.first)
        #expect(thread.messages.count == 1)
        #expect(message.sender == "Spencer")
        #expect(message.text == "This is a test to make sure the API works!")
        #expect(ISO8601.string(from: message.timestamp) == "2018-08-08T07:24:32Z")
        #expect(message.timestamp.timeIntervalSinceReferenceDate == 555_405_872.056162)
        #expect(board.thread(withIdentifier: threadID) == thread)
    }

    @Test("The lesson's [String: MessageThread] decode works on the sample too")
    func dictionaryOfThreads() throws {
        let threads = try JSONDecoder.messageBoard.decode(
            [String: MessageThread].self, from: try Fixture.data("message-board/threads-sample.json"))
        #expect(threads[threadID]?.messages.map(\.sender) == ["Spencer"])
    }

    @Test("The thread PUT body is exactly the lesson's")
    func threadBody() throws {
        let thread = MessageThread(title: "REST APIs", identifier: threadID)
        #expect(
            try JSONEncoder.messageBoard.encode(thread).text
                == #"{"identifier":"695398C4-498C-40A8-AA76-CB2B20DFD9FA","messages":[],"title":"REST APIs"}"#)
        #expect(UUID(uuidString: MessageThread(title: "New").identifier) != nil)
    }

    @Test("The message POST body is exactly the lesson's, timestamp in seconds since 2001")
    func messageBody() throws {
        let message = Message(
            text: "This is a test to make sure the API works!", sender: "Spencer",
            timestamp: Date(timeIntervalSinceReferenceDate: 555_405_872.056162))
        let expected =
            #"{"sender":"Spencer","text":"This is a test to make sure the API works!","timestamp":555405872.056162}"#
        #expect(try JSONEncoder.messageBoard.encode(message).text == expected)
        // Whatever date strategy a coder has, the number keeps its meaning.
        let encoder = JSONEncoder.messageBoard
        encoder.dateEncodingStrategy = .iso8601
        #expect(try encoder.encode(message).text == expected)
        let decoder = JSONDecoder.messageBoard
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try decoder.decode(Message.self, from: expected.utf8Data) == message)
    }

    @Test("Messages decode from an object keyed by push id, an array, null or nothing, oldest first")
    func messageShapes() throws {
        func messages(_ json: String) throws -> [String] {
            let thread = try JSONDecoder.messageBoard.decode(
                MessageThread.self, from: (#"{"identifier":"t","title":"T""# + json + "}").utf8Data)
            return thread.messages.map(\.text)
        }
        let keyed = """
            ,"messages":{"-LJNQ2zNeL4bwG1qpwYC":{"sender":"B","text":"second","timestamp":20},
                         "-LJNQ2zNeL4bwG1qpwYB":{"sender":"A","text":"first","timestamp":10},
                         "-LJNQ2zNeL4bwG1qpwYD":{"sender":"C","text":"third","timestamp":30}}
            """
        #expect(try messages(keyed) == ["first", "second", "third"])
        let array =
            #","messages":[{"sender":"B","text":"later","timestamp":20},null,{"sender":"A","text":"earlier","timestamp":10}]"#
        #expect(try messages(array) == ["earlier", "later"])
        #expect(try messages(#","messages":null"#) == [])
        #expect(try messages("") == [])
        #expect(try messages(#","messages":[]"#) == [])
    }

    @Test("A thread that cannot be read says which field, down to the message")
    func strictThread() {
        func decode(_ json: String) -> String? {
            failure { _ = try JSONDecoder.messageBoard.decode(MessageThread.self, from: json.utf8Data) }
        }
        #expect(decode(#"{"identifier":"t"}"#) == #"title: missing key "title""#)
        #expect(decode(#"{"identifier":"t","title":7}"#)?.hasPrefix("title: expected String, found") == true)
        #expect(
            decode(#"{"identifier":"t","title":"T","messages":{"-L1":{"sender":"A","text":"x","timestamp":"now"}}}"#)?
                .hasPrefix("messages.-L1.timestamp: expected Double, found") == true)
        #expect(
            decode(#"{"identifier":"t","title":"T","messages":"hello"}"#)
                == "messages: expected Dictionary<String, Message>, found a string")
        #expect(
            decode(#"{"identifier":"t","title":"T","messages":{"#)
                == "the body is not valid JSON (truncated, or not JSON at all)")
        #expect(decode("") == "the body is not valid JSON (truncated, or not JSON at all)")
    }

    @Test("A board keeps every good thread and message and reports the rest")
    func lossyBoard() throws {
        let json = """
            {
              "B": {"identifier": "B", "title": "beta", "messages": {
                  "-L2": {"sender": "A", "text": "kept", "timestamp": 2},
                  "-L1": {"sender": "A", "timestamp": 1}}},
              "A": {"identifier": "A", "title": "Alpha"},
              "C": {"identifier": "C"},
              "D": {"identifier": "D", "title": "a10"},
              "E": {"identifier": "E", "title": "a9", "messages": [{"sender": "x", "text": "y", "timestamp": "z"}]}
            }
            """
        let board = try JSONDecoder.messageBoard.decode(MessageBoard.self, from: json.utf8Data)
        #expect(board.threads.map(\.title) == ["a9", "a10", "Alpha", "beta"])
        #expect(board.thread(withIdentifier: "B")?.messages.map(\.text) == ["kept"])
        #expect(board.thread(withIdentifier: "E")?.messages.isEmpty == true)
        #expect(board.skipped.map(\.key) == ["C", "B.messages.-L1", "E.messages.0"])
        #expect(board.skipped[0].reason == #"title: missing key "title""#)
        #expect(board.skipped[1].reason == #"text: missing key "text""#)
        #expect(board.skipped[2].reason.hasPrefix("timestamp: expected Double, found"))
    }

    @Test("An empty database (null) is an empty board; other bodies fail clearly")
    func emptyBoard() throws {
        #expect(try JSONDecoder.messageBoard.decode(MessageBoard.self, from: "null".utf8Data) == MessageBoard())
        #expect(
            failure { _ = try JSONDecoder.messageBoard.decode(MessageBoard.self, from: "[]".utf8Data) }?
                .hasPrefix("expected Dictionary") == true)
        #expect(
            failure { _ = try JSONDecoder.messageBoard.decode(MessageBoard.self, from: Data()) }
                == "the body is not valid JSON (truncated, or not JSON at all)")
    }

    @Test("Appending keeps messages chronological, on a value; the original is untouched")
    func appending() {
        let original = MessageThread(
            title: "T", identifier: "t",
            messages: [
                Message(text: "late", sender: "A", timestamp: Date(timeIntervalSinceReferenceDate: 30)),
                Message(text: "early", sender: "A", timestamp: Date(timeIntervalSinceReferenceDate: 10)),
            ])
        #expect(original.messages.map(\.text) == ["early", "late"])
        let copy = original.appending(
            Message(text: "middle", sender: "B", timestamp: Date(timeIntervalSinceReferenceDate: 20)))
        #expect(copy.messages.map(\.text) == ["early", "middle", "late"])
        #expect(original.messages.count == 2)
        var thread = copy
        thread.append(Message(text: "now", sender: "C"))
        #expect(thread.messages.last?.text == "now")
    }

    @Test("Threads sort by title alphabetically, ignoring case, numbers in order; boards keep that order")
    func titleOrder() {
        let titles = ["beta", "Alpha", "a10", "a9", "alpha"]
        let threads = titles.enumerated().map { MessageThread(title: $1, identifier: "\($0)") }
        #expect(threads.sortedByTitle().map(\.title) == ["a9", "a10", "Alpha", "alpha", "beta"])
        var board = MessageBoard(threads: threads)
        board.insert(MessageThread(title: "Aardvark", identifier: "new"))
        board.insert(MessageThread(title: "zed", identifier: "0"))
        #expect(board.threads.map(\.title) == ["a9", "a10", "Aardvark", "Alpha", "alpha", "zed"])
    }

    @Test("A board encodes keyed by identifier and decodes back the same")
    func roundTrip() throws {
        let data = try Fixture.data("message-board/threads-sample.json")
        let board = try JSONDecoder.messageBoard.decode(MessageBoard.self, from: data)
        let encoded = try JSONEncoder.messageBoard.encode(board)
        #expect(try JSONDecoder.messageBoard.decode(MessageBoard.self, from: encoded) == board)
        #expect(encoded.text.hasPrefix(#"{"695398C4-498C-40A8-AA76-CB2B20DFD9FA":{"identifier":"#))
    }
}
