import MVI
import MVIFixtures
import Testing

/// Two editors of one type at sibling places, `left.editor` and `right.editor`.
struct TwoEditors: Feature {
    struct Side: Equatable, Sendable {
        var editor: TodoEditor.State? = .init()
    }

    struct State: Equatable, Sendable {
        var left = Side()
        var right = Side()
        /// The left editor again, through a computed property.
        var leftEditor: TodoEditor.State? {
            get { left.editor }
            set { left.editor = newValue }
        }
    }

    enum Intent: Sendable, Equatable {
        case closeLeft
        case left(TodoEditor.Intent)
        case right(TodoEditor.Intent)
    }

    enum Message: Sendable, Equatable {
        case leftClosed
        case left(TodoEditor.Message)
        case right(TodoEditor.Message)
    }

    static let left = child(
        TodoEditor(), .optional(\.left.editor), intent: Intent.left, message: Message.left,
        sideEffects: { _ in .ignore })
    static let right = child(
        TodoEditor(), .optional(\.right.editor), intent: Intent.right, message: Message.right,
        sideEffects: { _ in .ignore })
    /// Not listed: the left editor again, through a computed property, for its name.
    static let computed = child(
        TodoEditor(), .optional(\.leftEditor), intent: Intent.left, message: Message.left,
        sideEffects: { _ in .ignore })
    static let childScopes: [any ChildScopeRoute<Self>] = [left, right]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .leftClosed: state.left.editor = nil
        case .left, .right: break  // the editors': routed by their scopes
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .closeLeft:
            context.dispatch(.leftClosed)
            context.cancelWork(of: Self.left)
        case .left, .right: break  // the editors': routed by their scopes
        }
    }
}

/// Issue 31, item 4: a child's identity is its whole place, unique and the same every run.
@Suite struct ChildIdentityTests {
    /// Both were named `editor` (the text after the last dot), so they shared work ids.
    @Test func siblingsOfOneTypeAreNamedByTheirWholePlace() {
        #expect(TwoEditors.left.name == "left.editor")
        #expect(TwoEditors.right.name == "right.editor")
        #expect(TodoList.rows.name == "rows")
    }

    /// Closing the left editor cancelled the right one's work too.
    @Test func closingOneSiblingLeavesTheOthersWork() async {
        let suggestions = Gate<String>()
        let store = Store(TwoEditors(), initialState: .init(), environment: Fakes(suggestions))
        store.send(.left(.loadSuggestion))
        store.send(.right(.loadSuggestion))
        #expect(store.runningTaskCount == 2)
        store.send(.closeLeft)
        #expect(store.runningTaskCount == 1)
        suggestions.open("kept")
        await store.waitForIdle()
        #expect(store.state.right.editor?.draft == "kept")
        #expect(store.state.left.editor == nil)
    }

    /// A computed property's key path was named by its address, which changes every run and
    /// showed up in failure messages and logs, then `<computed Optional<State>>`, the same for
    /// every computed place of one type: it is named by the child's feature now.
    @Test func aComputedPlaceIsNamedByTheChildsFeature() {
        let name = TwoEditors.computed.name
        #expect(!name.contains("0x"))
        #expect(!name.contains("<computed"))
        #expect(name == "TodoEditor")
    }
}
