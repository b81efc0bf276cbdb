import Foundation
import MVI
import MVIFixtures
import MVIJSON
import MVITimeTravel
import Testing

/// A recording never holds a sensitive value: not in its events' descriptions or values, not
/// in the exported file; and the exported file still imports and replays.
@Suite struct RedactionTests {
    struct PinState: Equatable, Codable, Sendable {
        @Sensitive var pin = 0
    }

    @Test func eventsAndTheExportShowThePlaceholder() async throws {
        let timeTravel = TimeTravel()
        let store = Store(
            SignIn(), initialState: .init(), name: "SignIn", middleware: [try timeTravel.register("SignIn")])
        timeTravel.startRecording()
        store.send(.signIn(user: "ada", password: "hunter2"))
        await store.waitForIdle()
        #expect(store.state.password == "hunter2")

        let events = timeTravel.events
        #expect(events.map(\.kind) == [.intent, .message, .state])
        for event in events {
            #expect(!event.description.contains("hunter2"), "\(event.description)")
            let value = try #require(timeTravel.value(of: event))
            #expect(!value.compactText.contains("hunter2"), "\(value.compactText)")
            #expect(value.compactText.contains("\"<redacted>\""), "\(value.compactText)")
        }
        let data = try timeTravel.export()
        let file = String(decoding: data, as: UTF8.self)
        #expect(!file.contains("hunter2"))
        #expect(file.contains("<redacted>"))
    }

    @Test func theExportImportsAndReplays() async throws {
        let recorder = TimeTravel()
        let store = Store(
            SignIn(), initialState: .init(), name: "SignIn", middleware: [try recorder.register("SignIn")])
        recorder.startRecording()
        store.send(.signIn(user: "ada", password: "hunter2"))
        store.send(.signIn(user: "grace", password: "swordfish"))
        await store.waitForIdle()
        let data = try recorder.export()

        // The placeholder replays as the string it is.
        #expect(try TimeTravelReplay.firstDivergence(in: data, of: SignIn.self) == nil)

        // And is shown on a live store of that name.
        let viewer = TimeTravel()
        let shown = Store(
            SignIn(), initialState: .init(), name: "SignIn", middleware: [try viewer.register("SignIn")])
        try viewer.import(data)  // shows the end of the recording
        #expect(shown.state.user == "grace")
        #expect(shown.state.password == Redaction.placeholder)
        #expect(shown.state.attempts == 2)
    }

    @Test func aRedactedValueThatIsNotAStringIsATypedImportError() async throws {
        struct Pin: Feature {
            typealias State = PinState
            enum Intent: Codable, Sendable { case set(Sensitive<Int>) }
            enum Message: Codable, Sendable { case set(Sensitive<Int>) }
            func execute(_ intent: Intent, _ context: StoreContext<Self>) {
                switch intent {
                case .set(let pin): context.dispatch(.set(pin))
                }
            }
            static func reduce(_ state: inout State, _ message: Message) {
                switch message {
                case .set(let pin): state.pin = pin.wrappedValue
                }
            }
        }
        let recorder = TimeTravel()
        let store = Store(Pin(), initialState: .init(), name: "Pin", middleware: [try recorder.register("Pin")])
        recorder.startRecording()
        store.send(.set(Sensitive(1234)))
        await store.waitForIdle()
        let data = try recorder.export()
        #expect(!String(decoding: data, as: UTF8.self).contains("1234"))

        let viewer = TimeTravel()
        let shown = Store(Pin(), initialState: .init(), name: "Pin", middleware: [try viewer.register("Pin")])
        #expect {
            try viewer.import(data)
        } throws: { error in
            String(describing: error).contains("redacted")
        }
        #expect(shown.state.pin == 0)
    }
}
