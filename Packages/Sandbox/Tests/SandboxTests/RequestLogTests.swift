import Foundation
import Testing

@testable import Sandbox

@Suite("The request log and query decoding")
struct RequestLogTests {
    @Test("A full log keeps the last entries, oldest first, however many came before")
    func ring() async {
        let log = RequestLog(capacity: 3)
        for index in 1...7 {
            await log.record(RecordedRequest(method: "GET", path: "/\(index)", rawQuery: nil, status: 200))
        }
        #expect(await log.all.map(\.path) == ["/5", "/6", "/7"])
        #expect(await log.matching("/6").map(\.path) == ["/6"])
        await log.clear()
        await log.record(RecordedRequest(method: "GET", path: "/8", rawQuery: nil, status: 200))
        #expect(await log.all.map(\.path) == ["/8"])
    }

    @Test("A log without room records nothing")
    func empty() async {
        let log = RequestLog(capacity: 0)
        await log.record(RecordedRequest(method: "GET", path: "/1", rawQuery: nil, status: 200))
        #expect(await log.all.isEmpty)
    }

    @Test("Form decoding matches Foundation's, malformed escapes included")
    func formDecoding() {
        let samples = [
            "plain", "a+b", "%22timestamp%22", "caf%C3%A9", "100%", "%zz", "%4", "a%2Bb+c", "%FF", "", "+%20+",
            "%e2%9c%93",
        ]
        for sample in samples {
            let spaced = sample.replacingOccurrences(of: "+", with: " ")
            #expect(SandboxRequest.formDecode(sample[...]) == (spaced.removingPercentEncoding ?? spaced), "\(sample)")
        }
    }
}
