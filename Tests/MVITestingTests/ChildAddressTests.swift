import MVI
import MVITesting
import Testing

/// A form that renames, and closes itself.
private struct Form: Feature {
    struct State: Equatable, Sendable { var title = "" }
    enum Intent: Equatable, Sendable { case rename(String), close }
    enum Message: DismissibleMessage, Equatable { case dismiss, renamed(String) }

    static func reduce(_ state: inout State, _ message: Message) {
        if case .renamed(let title) = message { state.title = title }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .rename(let title): context.dispatch(.renamed(title))
        case .close: context.dismiss()
        }
    }
}

/// A screen with an enum destination: an alert, or the form.
private struct Detail: ReducingFeature {
    enum Destination: Equatable, Sendable { case alert(String), edit(Form.State) }
    struct State: Equatable, Sendable {
        var destination: Destination?
        var title = ""
    }
    enum Intent: Equatable, Sendable { case editTapped, warn, edit(ChildInput<Form>) }

    static let edit = child(Form(), .case(\.destination, Destination.edit), input: Intent.edit)
    static let childScopes: ChildScopes = [edit]

    static func reduce(_ state: inout State, _ message: Intent) {
        switch message {
        case .editTapped: state.destination = .edit(.init(title: state.title))
        case .warn: state.destination = .alert("Careful")
        case .edit: break
        }
    }
}

/// A list at the root with an optional sheet, and a stack of screens of two kinds.
private struct App: ReducingFeature {
    enum Path: Equatable, Sendable { case detail(Detail.State), count(Int) }
    struct State: Equatable, Sendable {
        var sheet: Form.State?
        var path = DestinationStack<Path>()
    }
    enum Intent: Equatable, Sendable {
        case sheet(ChildInput<Form>), detail(Int, ChildInput<Detail>)
    }

    static let sheet = child(Form(), .optional(\.sheet), input: Intent.sheet)
    static let detail = child(Detail(), .each(\.path, Path.detail), input: Intent.detail)
    static let childScopes: ChildScopes = [sheet, detail]

    static func reduce(_ state: inout State, _ message: Intent) {}
}

@Suite struct ChildAddressTests {
    private static let twoScreens = App.State(
        path: DestinationStack([.count(7), .detail(.init(title: "A"))]))

    @Test func sendsToAScreenOfTheStackAndEditsItInPlace() async {
        let store = TestStore(App(), initialState: Self.twoScreens)
        await store.send(\.detail[1], .editTapped) { $0.destination = .edit(.init(title: "A")) }
        await store.send(\.detail[1], .warn) { $0.destination = .alert("Careful") }
        #expect(store.state.path[child: 0] == .count(7))
    }

    @Test func sendsToTheChildOfAScreensEnumDestination() async {
        var state = Self.twoScreens
        state.path[child: 1] = .detail(.init(destination: .edit(.init(title: "A")), title: "A"))
        let store = TestStore(App(), initialState: state)
        await store.send(\.detail[1].edit, .rename("B")) { $0.title = "B" }
        #expect(store.state.path[child: 1] == .detail(.init(destination: .edit(.init(title: "B")), title: "A")))
    }

    @Test func sendsToASingleChild() async {
        let store = TestStore(App(), initialState: .init(sheet: .init()))
        await store.send(\.sheet, .rename("Sheet")) { $0.title = "Sheet" }
        // Closing removes the sheet from the app: a change of the parent, asserted there.
        await store.send(.sheet(.intent(.close))) { $0.sheet = nil }
    }

    @Test func aWrongChangeOfTheChildIsADiffOfTheWholeState() async {
        let store = TestStore(App(), initialState: Self.twoScreens)
        await withKnownIssue {
            await store.send(\.detail[1], .warn) { $0.destination = .alert("Wrong") }
        } matching: { issue in
            issue.description.contains("Wrong") && issue.description.contains("Careful")
        }
    }

    @Test func aChildTheExpectedStateDoesNotHoldFailsWithItsPath() async {
        let store = TestStore(App(), initialState: .init(sheet: .init()), exhaustivity: .off)
        await withKnownIssue {
            await store.send(\.sheet, .close) { $0.title = "gone" }
        } matching: { issue in
            issue.description.contains("no child at sheet")
        }
    }

    @Test func theAddressOfANestedChildIsNamedAsLogsNameIt() async {
        var state = Self.twoScreens
        state.path[child: 1] = .detail(.init(destination: .edit(.init()), title: "A"))
        let store = TestStore(App(), initialState: state, exhaustivity: .off)
        await withKnownIssue {
            await store.send(\.detail[1].edit, .close) { $0.title = "gone" }
        } matching: { issue in
            issue.description.contains("no child at path[1]/destination")
        }
    }
}
