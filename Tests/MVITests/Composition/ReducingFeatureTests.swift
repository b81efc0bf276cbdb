import MVI
import Testing

/// A counter whose intents are its messages: no line of `execute` for the relays.
struct Tally: ReducingFeature {
    struct State: Equatable, Sendable {
        var count = 0
        var note = ""
    }

    enum Intent: Sendable, Equatable {
        case increment
        case decrement
        case noteLater(String)
        case noted(String)
    }

    typealias Message = Intent

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .increment: state.count += 1
        case .decrement: state.count -= 1
        case .noteLater: break
        case .noted(let note): state.note = note
        }
    }

    func work(for intent: Intent, _ context: StoreContext<Self>) {
        guard case .noteLater(let note) = intent else { return }
        context.run { work in await work.dispatch(.noted(note)) }
    }
}

@Suite(.timeLimit(.minutes(5))) struct ReducingFeatureTests {
    @Test func anIntentIsReducedAsItsOwnMessage() async {
        let store = Store(Tally(), initialState: .init())
        store.send(.increment)
        store.send(.increment)
        store.send(.decrement)
        #expect(store.state.count == 1)
        store.send(.noteLater("hi"))
        await store.waitForIdle()
        #expect(store.state.note == "hi")
    }
}
