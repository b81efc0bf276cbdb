import Foundation
import MVITesting
import Testing

// The shape of the test the page's Test tab writes (app.js, generateTest), for the counter
// of these tests, as the page would write it after `add(5)` and `increment`: it must compile
// and pass. The browser test saves a real one in .build/devtools-generated-test.swift.

// Recorded by swift-mvi DevTools: the intents sent to "Counter" and the states they led to.
@Test func recordedCounterSession() async throws {
    let store = TestStore(
        MVIDevToolsTests.Counter(),
        initialState: try decode(MVIDevToolsTests.Counter.State.self, #"{"count":0}"#),
        exhaustivity: .off)  // what async work does afterwards is not asserted
    await store.send(try decode(MVIDevToolsTests.Counter.Intent.self, #"{"add":{"_0":5}}"#)) {
        $0 = try decode(MVIDevToolsTests.Counter.State.self, #"{"count":5}"#)
    }
    await store.send(try decode(MVIDevToolsTests.Counter.Intent.self, #"{"increment":{}}"#)) {
        $0 = try decode(MVIDevToolsTests.Counter.State.self, #"{"count":6}"#)
    }
}

private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
}
