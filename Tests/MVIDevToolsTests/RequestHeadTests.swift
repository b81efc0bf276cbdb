#if canImport(Glibc)
import Foundation
import MVIDevTools
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request head the server cannot read is answered at once with a status saying why, then
/// closed: 400 for a head that does not parse, 431 for one over the parser's 80 KiB.
// The time limit is a hang guard.
@Suite("DevTools request heads it cannot read", .timeLimit(.minutes(5)))
struct RequestHeadTests {
    /// Sends `request` on a new connection, then `after` (what a client may still send), and
    /// reads until the server closes. The request-head timeout is two minutes, so only an
    /// answer closes the connection within the 30 seconds given here.
    func answer(to request: [UInt8], after: [UInt8] = [], port: Int) async throws -> (String, RawConnection.End?) {
        let client = try #require(await RawConnection.open(port: port))
        client.send(request)
        client.send(after)
        let (bytes, end) = await client.read(timeout: .seconds(30))  // a bound on the wait, not a timing assert
        return (String(decoding: bytes, as: UTF8.self), end)
    }

    func start() async throws -> Harness {
        try await Harness.start(options: DevToolsOptions().with { $0.requestHeadTimeout = .seconds(120) })
    }

    @Test(arguments: [
        "\u{1}\u{2}not a request\r\n\r\n",  // no method
        "GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n",  // a header without its colon
        "GET /\u{7F} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",  // a control character in the path
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: x\r\n\r\n",  // a length that is no number
    ])
    func aHeadThatDoesNotParseIsAnswered400AndClosed(request: String) async throws {
        let harness = try await start()
        defer { Task { await harness.devTools.stop() } }
        let (response, end) = try await answer(to: Array(request.utf8), port: harness.port)
        #expect(response.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(response)")
        #expect(response.contains("Bad request: the request head is not HTTP/1.1"))
        #expect(end == .closed)
    }

    @Test func aHeadOver80KiBIsAnswered431AndClosed() async throws {
        let harness = try await start()
        defer { Task { await harness.devTools.stop() } }
        let big = String(repeating: "a", count: 100 * 1024)
        // One field over the bound, the path over it, and many small fields over it together.
        let token = harness.token
        for request in [
            "GET /?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(big)\r\n\r\n",
            "GET /?token=\(token)&pad=\(big) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            "GET / HTTP/1.1\r\n" + String(repeating: "X-Field: \(String(repeating: "b", count: 90))\r\n", count: 1_000),
        ] {
            // What the client sends after the head is read and dropped: the answer arrives, no reset.
            let (response, end) = try await answer(
                to: Array(request.utf8), after: [UInt8](repeating: 0x41, count: 1 << 20), port: harness.port)
            #expect(response.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "\(response.prefix(200))")
            #expect(response.contains("at most 80 KiB"))
            #expect(end == .closed)
        }
        // The server goes on serving the page.
        let (_, response) = try await URLSession.shared.data(from: URL(string: harness.devTools.url)!)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }
}
#endif
