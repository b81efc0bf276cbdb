import MVI
import MVIFixtures
import Testing

/// A stack of detail screens over a list, as one-shot navigation pushes them.
struct ScreenNavigator: Feature {
    struct State: Equatable, Sendable {
        var path = DestinationStack<TodoEditor.State>()
    }

    enum Intent: Sendable {
        case push(String)
        case pop
        case path(Int, TodoEditor.Intent)
    }

    enum Message: Sendable {
        case pushed(String)
        case popped
        case path(Int, TodoEditor.Message)
    }

    static let path = child(
        TodoEditor.self, in: \.path, intent: Intent.path, message: Message.path,
        sideEffects: { _, _ in .ignore })

    var editor = TodoEditor()

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .pushed(let draft): state.path.push(.init(draft: draft))
        case .popped: state.path.pop()
        case .path(let id, let message): path.reduce(&state, message, id: id)
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .push(let draft): context.dispatch(.pushed(draft))
        case .pop:
            guard let top = context.state.path.topID else { return }
            context.dispatch(.popped)
            context.cancelWork(of: Self.path, id: top)
        case .path(let id, let intent): context.forward(intent, to: editor, in: Self.path, id: id)
        }
    }
}

@Suite(.timeLimit(.minutes(5))) struct NavigationTests {
    @Test func destinationsArePushedAddressedAndPopped() {
        let store = Store(ScreenNavigator(), initialState: .init())
        store.send(.push("a"))
        store.send(.push("b"))
        store.send(.path(1, .type("b2")))
        store.send(.path(0, .type("a2")))
        #expect(store.state.path.states == [.init(draft: "a2"), .init(draft: "b2")])
        store.send(.pop)
        store.send(.push("c"))  // a new id: never the popped one's
        #expect(store.state.path.elements.map(\.id) == [0, 2])
        store.send(.path(1, .type("late")))
        #expect(store.state.path.states == [.init(draft: "a2"), .init(draft: "c")])
    }

    @Test func poppingCancelsTheScreensWork() async {
        let editor = TodoEditor()
        let store = Store(ScreenNavigator(editor: editor), initialState: .init())
        store.send(.push("a"))
        store.send(.path(0, .loadSuggestion))
        #expect(store.runningTaskCount == 1)
        store.send(.pop)
        #expect(store.runningTaskCount == 0)
        editor.suggestions.open("late")
        await store.waitForIdle()
        #expect(store.state.path.count == 0)
    }

    @Test func theStackPopsToADestination() {
        var stack = DestinationStack<Int>()
        stack.push(10)
        let middle = stack.push(20)
        stack.push(30)
        #expect(stack.pop(to: middle) == [2])
        #expect(stack.states == [10, 20])
        stack[child: middle] = nil
        #expect(stack.states == [10])
    }
}
