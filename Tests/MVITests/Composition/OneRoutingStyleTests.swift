import MVI
import MVIFixtures
import Testing

/// Issue 46, "one routing style": a child is declared once with `child(_:_:…)` and listed in
/// `childScopes`; the store hands it every intent and message that carries its own, before the
/// parent's `execute` and `reduce` see them (to react, or pass). What the declaration gets
/// wrong is reported when the store is created, and a child's name comes from its place.
@Suite(.timeLimit(.minutes(5))) struct OneRoutingStyleTests {
    /// A child whose work waits for the test's gate (``Fakes``), and that says when it is done.
    struct Tally: Feature {
        struct State: Equatable, Sendable { var count = 0 }
        enum Intent: Equatable, Sendable { case add(Int), addLater(Int), finish }
        enum Message: Equatable, Sendable { case added(Int) }
        enum SideEffect: Equatable, Sendable {
            case finished(Int)
            var count: Int {
                switch self {
                case .finished(let count): count
                }
            }
        }

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .added(let amount): state.count += amount
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .add(let amount): context.dispatch(.added(amount))
            case .addLater(let amount):
                let gate: Gate<Void> = Fakes.value() ?? Gate()
                context.run(id: "later", cancelInFlight: true) { work in
                    await gate.wait()
                    try Task.checkCancellation()
                    await work.dispatch(.added(amount))
                }
            case .finish: context.post(.finished(context.state.count))
            }
        }
    }

    /// A child without side effects: its declaration needs no `sideEffects:`.
    struct Quiet: ReducingFeature {
        struct State: Equatable, Sendable { var text = "" }
        enum Intent: Equatable, Sendable { case write(String) }

        static func reduce(_ state: inout State, _ message: Intent) {
            switch message {
            case .write(let text): state.text += text
            }
        }
    }

    // MARK: 1. A listed child gets its values first; the parent sees them after

    /// Records every intent its `execute` and every message its `reduce` is given, with the
    /// child's count at that moment.
    struct Recorder: Feature {
        struct State: Equatable, Sendable {
            var tally = Tally.State()
            var executed: [Intent] = []
            var reduced: [Message] = []
            /// The child's count when the parent's `reduce` saw each of the child's messages.
            var countsSeen: [Int] = []
        }
        enum Intent: Equatable, Sendable { case tally(Tally.Intent), own }
        enum Message: Equatable, Sendable { case tally(Tally.Message), executed(Intent), finished(Int) }

        static let tally = child(
            Tally(), .at(\.tally), intent: Intent.tally, message: Message.tally,
            sideEffects: { .dispatch(.finished($0.count)) })
        static let childScopes: [any ChildScopeRoute<Self>] = [tally]

        static func reduce(_ state: inout State, _ message: Message) {
            state.reduced.append(message)
            switch message {
            case .tally: state.countsSeen.append(state.tally.count)
            case .executed(let intent): state.executed.append(intent)
            case .finished: break
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            context.dispatch(.executed(intent))
        }
    }

    @Test func aListedChildRunsAndReducesItsValuesBeforeTheParentSeesThem() async {
        let gate = Gate<Void>()
        let store = Store(Recorder(), initialState: .init(), environment: Fakes(gate))
        store.send(.tally(.add(1)))
        store.send(.own)
        store.send(.tally(.addLater(10)))  // a message from the child's work, later
        gate.open()
        await store.waitForIdle()
        store.send(.tally(.finish))  // its side effect becomes the parent's own message

        // The child's execute ran its intents, its reducer its messages.
        #expect(store.state.tally.count == 11)
        // The parent's execute saw every intent, the child's after the child ran them.
        #expect(store.state.executed == [.tally(.add(1)), .own, .tally(.addLater(10)), .tally(.finish)])
        // The parent's reduce saw the child's messages after the child's reducer (the count
        // already changed), and before the parent's execute ran: the child's execute, first,
        // dispatched them.
        #expect(store.state.countsSeen == [1, 11])
        #expect(
            store.state.reduced == [
                .tally(.added(1)), .executed(.tally(.add(1))), .executed(.own), .executed(.tally(.addLater(10))),
                .tally(.added(10)), .finished(11), .executed(.tally(.finish)),
            ])
    }

    /// A parent whose intents are its messages: its `reduce` records what it is given, with
    /// the child's text at that moment.
    struct InputRecorder: ReducingFeature {
        struct State: Equatable, Sendable {
            var quiet = Quiet.State()
            var reduced: [Intent] = []
            var textsSeen: [String] = []
        }
        enum Intent: Equatable, Sendable { case quiet(ChildInput<Quiet>), own }

        static let quiet = child(Quiet(), .at(\.quiet), input: Intent.quiet)
        static let childScopes: [any ChildScopeRoute<Self>] = [quiet]

        static func reduce(_ state: inout State, _ message: Intent) {
            state.reduced.append(message)
            if case .quiet = message { state.textsSeen.append(state.quiet.text) }
        }
    }

    @Test func aParentOfOneCasePerChildReducesTheChildsMessagesAfterTheChildAndNeverItsIntents() {
        let store = Store(InputRecorder(), initialState: .init())
        store.send(.quiet(.intent(.write("a"))))
        store.send(.quiet(.message(.write("b"))))
        store.send(.own)
        #expect(store.state.quiet.text == "ab")
        // The child's intent is its execute's: it is not reduced as the parent's message.
        #expect(store.state.reduced == [.quiet(.message(.write("a"))), .quiet(.message(.write("b"))), .own])
        #expect(store.state.textsSeen == ["a", "ab"])
    }

    // MARK: 2. Side effects that go nowhere are reported when the store is created

    /// Declares a child with side effects twice: once saying where they go, once not.
    struct Careless: Feature {
        struct State: Equatable, Sendable {
            var routed = Tally.State()
            var dropped = Tally.State()
            var quiet = Quiet.State()
        }
        enum Intent: Sendable { case routed(Tally.Intent), dropped(Tally.Intent), quiet(Quiet.Intent) }
        enum Message: Sendable { case routed(Tally.Message), dropped(Tally.Message), quiet(Quiet.Message) }

        static let routed = child(
            Tally(), .at(\.routed), intent: Intent.routed, message: Message.routed, sideEffects: { _ in .ignore })
        static let dropped = child(Tally(), .at(\.dropped), intent: Intent.dropped, message: Message.dropped)
        static let quiet = child(Quiet(), .at(\.quiet), intent: Intent.quiet, message: Message.quiet)
        static let childScopes: [any ChildScopeRoute<Self>] = [routed, dropped, quiet]

        static func reduce(_ state: inout State, _ message: Message) {}
        func execute(_ intent: Intent, _ context: StoreContext<Self>) {}
    }

    /// Holds a careless feature as a child: its child's declaration is reported too.
    struct CarelessHost: Feature {
        struct State: Equatable, Sendable { var careless = Careless.State() }
        enum Intent: Sendable { case careless(Careless.Intent) }
        enum Message: Sendable { case careless(Careless.Message) }

        static let careless = child(Careless(), .at(\.careless), intent: Intent.careless, message: Message.careless)
        static let childScopes: [any ChildScopeRoute<Self>] = [careless]

        static func reduce(_ state: inout State, _ message: Message) {}
        func execute(_ intent: Intent, _ context: StoreContext<Self>) {}
    }

    @Test func aChildWhoseSideEffectsGoNowhereIsReportedWhenTheStoreIsCreated() async {
        let errors = Collected<StoreError>()
        let store = Store(
            Careless(), initialState: .init(), name: "Careless", onError: StoreErrorHandler { errors.append($0) })
        await store.waitForIdle()
        #expect(errors.values.count == 1)
        let report = errors.values.first
        #expect(report?.origin == .misuse)
        #expect(report?.storeName == "Careless")
        guard case .childDeclaration(let problem)? = report?.underlying as? StoreMisuse else {
            Issue.record("not a child declaration: \(String(describing: report))")
            return
        }
        // It names the child, by its place, and says what to do.
        #expect(problem.contains("Careless.dropped"))
        #expect(problem.contains("sideEffects:"))
        #expect(!problem.contains("routed"))
        #expect(!problem.contains("quiet"))

        // The store runs all the same; the dropped side effect goes nowhere.
        store.send(.dropped(.add(2)))
        store.send(.dropped(.finish))
        #expect(store.state.dropped.count == 2)
        #expect(errors.values.count == 1)
    }

    @Test func aGrandchildsDeclarationIsReportedByTheStoreOfItsGrandparent() async {
        let errors = Collected<StoreError>()
        let store = Store(CarelessHost(), initialState: .init(), onError: StoreErrorHandler { errors.append($0) })
        await store.waitForIdle()
        let problems = errors.values.compactMap { error -> String? in
            guard case .childDeclaration(let problem)? = error.underlying as? StoreMisuse else { return nil }
            return problem
        }
        #expect(problems.count == 1)
        #expect(problems.first?.contains("dropped") == true)
    }

    @Test func childrenWithRoutedOrNoSideEffectsAreNotReported() async {
        let errors = Collected<StoreError>()
        let store = Store(Recorder(), initialState: .init(), onError: StoreErrorHandler { errors.append($0) })
        let other = Store(InputRecorder(), initialState: .init(), onError: StoreErrorHandler { errors.append($0) })
        await store.waitForIdle()
        await other.waitForIdle()
        #expect(errors.values.isEmpty)
    }

    /// Declares a scope it forgets to list.
    struct Forgetful: Feature {
        struct State: Equatable, Sendable { var quiet = Quiet.State() }
        enum Intent: Sendable { case quiet(Quiet.Intent) }
        enum Message: Sendable { case quiet(Quiet.Message) }

        static let quiet = child(Quiet(), .at(\.quiet), intent: Intent.quiet, message: Message.quiet)

        static func reduce(_ state: inout State, _ message: Message) {}
        func execute(_ intent: Intent, _ context: StoreContext<Self>) {}
    }

    @Test func aHandleOfAScopeThatIsNotListedIsReported() async {
        let errors = Collected<StoreError>()
        let store = Store(Forgetful(), initialState: .init(), onError: StoreErrorHandler { errors.append($0) })
        #expect(errors.values.isEmpty)
        let handle = store.scope(Forgetful.quiet)
        handle.send(.write("lost"))
        await store.waitForIdle()
        #expect(store.state.quiet.text == "")
        let problems = errors.values.compactMap { error -> String? in
            guard case .childDeclaration(let problem)? = error.underlying as? StoreMisuse else { return nil }
            return problem
        }
        #expect(problems.count == 1)
        #expect(problems.first?.contains("Forgetful.quiet") == true)
        #expect(problems.first?.contains("childScopes") == true)
    }

    // MARK: 3. A child's name is its place

    struct Places: Feature {
        enum Destination: Equatable, Sendable { case add(Quiet.State), edit(Quiet.State) }
        enum Screen: Equatable, Sendable { case quiet(Quiet.State) }
        struct Side: Equatable, Sendable {
            var editor = Quiet.State()
            var sheet: Quiet.State? = .init()
        }

        struct State: Equatable, Sendable {
            var left = Side()
            var right = Side()
            var destination: Destination?
            var path = DestinationStack<Screen>()
            var storedRows: [Int: Quiet.State] = [:]
            /// The left editor again, through a computed property.
            var leftEditor: Quiet.State {
                get { left.editor }
                set { left.editor = newValue }
            }
            /// The rows, through a computed property.
            var rows: [Int: Quiet.State] {
                get { storedRows }
                set { storedRows = newValue }
            }
        }

        enum Intent: Sendable {
            case left(Quiet.Intent), right(Quiet.Intent), sheet(Quiet.Intent), computed(Quiet.Intent)
            case add(Quiet.Intent), edit(Quiet.Intent), screen(Int, Quiet.Intent), rows(Int, Quiet.Intent)
        }
        typealias Message = Intent

        static let left = child(Quiet(), .at(\.left.editor), intent: Intent.left, message: Message.left)
        static let right = child(Quiet(), .at(\.right.editor), intent: Intent.right, message: Message.right)
        static let sheet = child(Quiet(), .optional(\.right.sheet), intent: Intent.sheet, message: Message.sheet)
        static let computed = child(Quiet(), .at(\.leftEditor), intent: Intent.computed, message: Message.computed)
        static let add = child(Quiet(), .case(\.destination, Destination.add), intent: Intent.add, message: Message.add)
        static let edit = child(
            Quiet(), .case(\.destination, Destination.edit), intent: Intent.edit, message: Message.edit)
        static let screen = child(
            Quiet(), .each(\.path, Screen.quiet), intent: Intent.screen, message: Message.screen)
        static let rows = child(Quiet(), .each(\.rows), intent: Intent.rows, message: Message.rows)
        static let childScopes: [any ChildScopeRoute<Self>] = [left, right, sheet, computed, add, edit, screen, rows]

        static func reduce(_ state: inout State, _ message: Message) {}
        func execute(_ intent: Intent, _ context: StoreContext<Self>) {}
    }

    @Test func aChildIsNamedByItsWholeKeyPath() {
        #expect(Places.left.name == "left.editor")
        #expect(Places.right.name == "right.editor")
        #expect(Places.left.path(id: .only) == "left.editor")
        #expect(Places.sheet.name == "right.sheet")
        // The cases of one enum place, and the screens of one stack, share the place's name.
        #expect(Places.add.name == "destination")
        #expect(Places.edit.name == "destination")
        #expect(Places.screen.name == "path")
        #expect(Places.screen.path(id: 3) == "path[3]")
    }

    @Test func aComputedKeyPathNamesTheChildByItsFeatureNeverByItsAddress() {
        for name in [Places.computed.name, Places.rows.name] {
            #expect(name == "Quiet")
            #expect(!name.contains("<computed"))
            #expect(!name.contains("0x"))
        }
        #expect(Places.rows.path(id: 4) == "Quiet[4]")
    }

    /// Two places through computed properties, of one child type, get one name (the type's)
    /// and would share work ids: the store says so when it is created (it said nothing before).
    @Test func twoChildrenNamedByOneTypeAreReportedWhenTheStoreIsCreated() async {
        let errors = Collected<StoreError>()
        let store = Store(Places(), initialState: .init(), onError: StoreErrorHandler { errors.append($0) })
        await store.waitForIdle()
        let problems = errors.values.compactMap { error -> String? in
            guard case .childDeclaration(let problem)? = error.underlying as? StoreMisuse else { return nil }
            return problem
        }
        #expect(problems.count == 1)
        #expect(problems.first?.contains("Places.Quiet: two children share this name") == true)
        // Stored places, and the cases of one stored place, share nothing by accident: none reported.
        #expect(problems.allSatisfy { !$0.contains("destination") && !$0.contains("editor") })
    }

    @Test func storesLogsAndHandlesUseTheName() {
        let store = Store(Places(), initialState: .init(), name: "App")
        #expect(store.scope(Places.left).name == "App/left.editor")
        #expect(store.scope(Places.computed).name == "App/Quiet")
        #expect(
            ChildPath.name(of: Places.Intent.right(.write("x")), in: Places.self, inStore: "App") == "App/right.editor")
        #expect(
            ChildPath.name(of: Places.Intent.rows(2, .write("x")), in: Places.self, inStore: "App") == "App/Quiet[2]")
        #expect(ChildPath.of(Places.Intent.computed(.write("x")), in: Places.self) == ["Quiet"])
        // Both editors of one type get their own intents.
        store.send(.left(.write("l")))
        store.send(.right(.write("r")))
        store.send(.sheet(.write("s")))
        store.send(.computed(.write("c")))
        #expect(store.state.left.editor.text == "lc")
        #expect(store.state.right.editor.text == "r")
        #expect(store.state.right.sheet?.text == "s")
    }

    // MARK: 4. One child type in two places

    struct Twins: Feature {
        struct State: Equatable, Sendable {
            var first: Tally.State? = .init()
            var second: Tally.State? = .init()
            var finished: [String] = []
        }
        enum Intent: Sendable { case first(Tally.Intent), second(Tally.Intent), closeFirst }
        enum Message: Equatable, Sendable {
            case first(Tally.Message), second(Tally.Message), firstClosed, finished(String, Int)
        }

        static let first = child(
            Tally(), .optional(\.first), intent: Intent.first, message: Message.first,
            sideEffects: { .dispatch(.finished("first", $0.count)) })
        static let second = child(
            Tally(), .optional(\.second), intent: Intent.second, message: Message.second,
            sideEffects: { .dispatch(.finished("second", $0.count)) })
        static let childScopes: [any ChildScopeRoute<Self>] = [first, second]

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .firstClosed: state.first = nil
            case .finished(let place, let count): state.finished.append("\(place) \(count)")
            case .first, .second: break  // the children's: reduced by them
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .closeFirst: context.dispatch(.firstClosed)
            case .first, .second: break  // the children's: run by them
            }
        }
    }

    @Test func oneChildTypeInTwoPlacesIsRoutedToEachApart() async {
        let gate = Gate<Void>()
        let store = Store(Twins(), initialState: .init(), environment: Fakes(gate))
        store.send(.first(.add(1)))
        store.send(.second(.add(20)))
        store.send(.second(.add(3)))
        #expect(store.state.first?.count == 1)
        #expect(store.state.second?.count == 23)

        // The same work id in each: neither replaces the other's.
        store.send(.first(.addLater(100)))
        store.send(.second(.addLater(200)))
        #expect(store.runningTaskCount == 2)
        // Side effects come back through each place's own route.
        store.send(.first(.finish))
        store.send(.second(.finish))
        #expect(store.state.finished == ["first 1", "second 23"])

        // Closing one ends its work alone.
        store.send(.closeFirst)
        #expect(store.runningTaskCount == 1)
        gate.open()
        await store.waitForIdle()
        #expect(store.state.first == nil)
        #expect(store.state.second?.count == 223)
    }
}
