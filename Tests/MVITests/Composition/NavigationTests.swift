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
        TodoEditor(), .each(\.path), intent: Intent.path, message: Message.path,
        sideEffects: { _, _ in .ignore })
    static let childScopes: [any ChildScopeRoute<Self>] = [path]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .pushed(let draft): state.path.push(.init(draft: draft))
        case .popped: state.path.pop()
        case .path: break  // the screens': routed by their scope
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .push(let draft): context.dispatch(.pushed(draft))
        case .pop:
            guard let top = context.state.path.topID else { return }
            context.dispatch(.popped)
            context.cancelWork(of: Self.path, id: top)
        case .path: break  // the screens': routed by their scope
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
        let suggestions = Gate<String>()
        let store = Store(ScreenNavigator(), initialState: .init(), environment: Fakes(suggestions))
        store.send(.push("a"))
        store.send(.path(0, .loadSuggestion))
        #expect(store.runningTaskCount == 1)
        store.send(.pop)
        #expect(store.runningTaskCount == 0)
        suggestions.open("late")
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

    @Test func modifyEachChangesEveryScreenInPlaceKeepingIds() {
        var stack = DestinationStack([1, 2, 3])
        stack.pop()
        stack.push(4)
        let ids = stack.elements.map(\.id)
        stack.modifyEach { $0 *= 10 }
        #expect(stack.states == [10, 20, 40])
        #expect(stack.elements.map(\.id) == ids)
    }

    /// Issue 31: an id written through the subscript was made again by `push` (ids
    /// `[1, 0, 1]`), so two screens shared an id and a late result reached the wrong one.
    @Test func idsAreNeverReusedAfterOneIsGiven() {
        var stack = DestinationStack<String>()
        stack[child: 1] = "deep link"
        stack.push("a")
        stack.push("b")
        #expect(stack.elements.map(\.id) == [1, 2, 3])
        let refused = stack.push("c", id: 2)  // on the stack already
        #expect(refused == false)
        let given = stack.push("c", id: 9)
        #expect(given)
        let next = stack.push("d")
        #expect(next == 10)
        #expect(stack.states == ["deep link", "a", "b", "c", "d"])
    }

    /// Issue 31: equality compared the id counter, so a stack emptied by `pop()` was not
    /// equal to a new one and a test could not write `$0.path = .init()`.
    @Test func equalityComparesTheScreensNotTheCounter() {
        var stack = DestinationStack<Int>()
        stack.push(1)
        stack.pop()
        #expect(stack == DestinationStack())
        stack.push(2)
        #expect(stack != DestinationStack([2]))  // same screen, another id
        #expect(DestinationStack([5, 6]) == DestinationStack([5, 6]))
        #expect(DestinationStack([5, 6]).elements.map(\.id) == [0, 1])
    }

    @Test func theStackPopsFromADestinationAndEmpties() {
        var stack = DestinationStack([10, 20, 30, 40])
        let popped = stack.pop(from: 2)
        #expect(popped == [2, 3])
        #expect(stack.states == [10, 20])
        let none = stack.pop(from: 7)
        #expect(none == [])
        let all = stack.removeAll()
        #expect(all == [0, 1])
        #expect(stack.count == 0)
        let next = stack.push(50)
        #expect(next == 4)  // ids stay unused after removeAll
    }
}
