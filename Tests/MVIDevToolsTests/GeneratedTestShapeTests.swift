import Foundation
import MVITesting
import Testing

// The shape of the test the page's Test tab writes (app.js, generateTest), for the counter
// of these tests, as the page would write it after `add(5)` and `increment`: it must compile
// and pass. Its JSON is in plain string literals, escaped (a raw `#"…"#` literal would end at
// the first `"#` in the data). The browser test saves real ones in
// .build/devtools-generated-test.swift and .build/devtools-generated-quoting-test.swift (one
// whose strings hold `"#`, backslashes and newlines) and type-checks them.

// Recorded by swift-mvi DevTools: the intents sent to "Counter" and the states they led to.
@Test func recordedCounterSession() async throws {
    let store = try TestStore(
        MVIDevToolsTests.Counter(),  // with the feature's dependencies, if it has any
        initialState: try decode(MVIDevToolsTests.Counter.State.self, "{\"count\":0}"),
        exhaustivity: .off)  // what async work does afterwards is not asserted
    await store.send(try decode(MVIDevToolsTests.Counter.Intent.self, "{\"add\":{\"_0\":5}}")) {
        $0 = try decode(MVIDevToolsTests.Counter.State.self, "{\"count\":5}")
    }
    await store.send(try decode(MVIDevToolsTests.Counter.Intent.self, "{\"increment\":{}}")) {
        $0 = try decode(MVIDevToolsTests.Counter.State.self, "{\"count\":6}")
    }
}

private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
}
