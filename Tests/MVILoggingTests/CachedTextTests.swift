import CustomDump
import Logging
import MVI
import MVILogging
import Synchronization
import Testing

/// A state with a collection and a string that stay unchanged for a while, then change.
struct Shelf: Feature {
    struct State: Equatable, Sendable {
        var count = 0
        var items: [Int] = []
        var title = "a"
        var tags: Set<String> = []
        var ratio = 0.0
    }

    enum Intent: Sendable {
        case bump
        case add(Int)
        case rename(String)
        case tag(String)
        /// Bumps the count and negates the ratio: `0.0` becomes `-0.0`, which `==` calls equal.
        case bumpAndNegate
    }

    typealias Message = Intent
    typealias SideEffect = Never

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .bump: state.count += 1
        case .add(let item): state.items.append(item)
        case .rename(let title): state.title = title
        case .tag(let tag): state.tags.insert(tag)
        case .bumpAndNegate:
            state.count += 1
            state.ratio = -state.ratio
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(intent) }
}

/// A state with a class field (which may be `weak`): diffed through `Mirror`.
struct Holder: Feature {
    final class Box: Equatable, Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
        static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
    }

    struct State: Equatable, Sendable {
        var count = 0
        var box = Box(1)
        var name = "n"
    }

    enum Intent: Sendable { case bump }
    typealias Message = Intent
    typealias SideEffect = Never

    static func reduce(_ state: inout State, _ message: Message) { state.count += 1 }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(intent) }
}

/// Intents whose text is not a function of their bytes: a payload with its own text, which
/// changes every time it is written.
struct Ticker: Feature {
    struct Tick: Sendable, CustomStringConvertible {
        static let written = Atomic<Int>(0)
        let id: Int
        var description: String {
            "tick \(id) #\(Self.written.add(1, ordering: .relaxed).newValue)"
        }
    }

    struct State: Sendable {}

    enum Intent: Sendable {
        case tick(Tick)
        case plain(Int, Bool)
        case pair(Double?)
    }

    typealias Message = Never
    typealias SideEffect = Never

    static func reduce(_ state: inout State, _ message: Message) {}

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {}
}

@Suite struct CachedTextTests {
    /// The diff of each step of `steps` is custom-dump's, while unchanged fields' folded texts
    /// are kept between sends and fields change after being unchanged.
    private func expectDiffsAreCustomDumps(_ steps: [Shelf.Intent], stores: Int) {
        let (logger, sink) = memoryLogger()
        let logging = LoggingMiddleware<Shelf>.logging(
            logger: logger, levels: StoreLogLevels(state: .debug), maxValueLength: nil)
        let all = (0..<stores).map { index in
            Store(Shelf(), initialState: .init(), name: "Shelf\(index)", middleware: [logging])
        }
        var expected: [String] = []
        for (offset, step) in steps.enumerated() {
            let store = all[offset % stores]
            let before = store.state
            store.send(step)
            if let text = diff(before, store.state) { expected.append("[Shelf\(offset % stores)] state:\n" + text) }
        }
        #expect(sink.records.map(\.message) == expected)
    }

    /// An unchanged collection, string or set is folded as it is now, after it changed; runs
    /// of unchanged fields are written field by field, as custom-dump writes them.
    @Test func aFieldThatChangesAfterBeingUnchangedIsWrittenAsItIsNow() {
        expectDiffsAreCustomDumps(
            [
                .bump, .bump, .add(1), .bump, .bump, .rename("b"), .bump, .rename(""), .bump, .tag("x"), .bump,
                .add(2), .bump,
            ], stores: 1)
    }

    /// An unchanged field is written as it was (custom-dump writes the first value): a `0.0`
    /// that became `-0.0` is unchanged to `==`.
    @Test func anUnchangedFieldIsWrittenAsItWas() {
        expectDiffsAreCustomDumps([.bumpAndNegate, .bumpAndNegate, .bump], stores: 1)
    }

    /// Two stores through one middleware, in different states: each store's diff folds its
    /// own fields.
    @Test func twoStoresThroughOneMiddlewareFoldTheirOwnFields() {
        expectDiffsAreCustomDumps(
            [.add(1), .rename("b"), .bump, .bump, .tag("t"), .bump, .bump, .bump, .add(3), .bump, .bump, .bump],
            stores: 2)
    }

    /// Two stores sending at once through one middleware (its kept layout, folds and texts
    /// shared): each store's lines are its own diffs, in order.
    @Test func twoStoresSendingAtOnceThroughOneMiddleware() async {
        let (logger, sink) = memoryLogger()
        let logging = LoggingMiddleware<Shelf>.logging(
            logger: logger, levels: StoreLogLevels(intent: .debug, state: .debug), maxValueLength: nil)
        let expected = await withTaskGroup(of: (String, [String]).self) { group in
            for index in 0..<2 {
                group.addTask {
                    let name = "Shelf\(index)"
                    let store = Store(Shelf(), initialState: .init(), name: name, middleware: [logging])
                    var lines: [String] = []
                    for step in 0..<50 {
                        let intent: Shelf.Intent = step % 5 == 0 ? .add(step) : .bump
                        let before = store.state
                        store.send(intent)
                        lines.append("[\(name)] intent: \(intent)")
                        if let text = diff(before, store.state) { lines.append("[\(name)] state:\n" + text) }
                    }
                    return (name, lines)
                }
            }
            var all: [String: [String]] = [:]
            for await (name, lines) in group { all[name] = lines }
            return all
        }
        for (name, lines) in expected {
            #expect(sink.records.map(\.message).filter { $0.hasPrefix("[\(name)]") } == lines)
        }
    }

    /// A state with a class field is diffed as custom-dump diffs it.
    @Test func aStateWithAClassFieldIsDiffedAsCustomDumpDoes() {
        let (logger, sink) = memoryLogger()
        let store = Store(
            Holder(), initialState: .init(), name: "Holder",
            middleware: [.logging(logger: logger, levels: StoreLogLevels(state: .debug), maxValueLength: nil)])
        let before = store.state
        store.send(.bump)
        let expected = diff(before, store.state).map { ["[Holder] state:\n" + $0] } ?? []
        #expect(sink.records.map(\.message) == expected)
        #expect(!expected.isEmpty)
    }

    /// Intents written again are written as `String(describing:)` writes them, a payload with
    /// its own text each time.
    @Test func intentsWrittenAgainAreDescribedAsTheyAreNow() {
        let (logger, sink) = memoryLogger()
        let store = Store(
            Ticker(), initialState: .init(), name: "Ticker",
            middleware: [.logging(logger: logger, levels: StoreLogLevels(intent: .debug), maxValueLength: nil)])
        let intents: [Ticker.Intent] = [
            .tick(.init(id: 1)), .plain(1, true), .pair(2.5), .tick(.init(id: 1)), .plain(1, true), .plain(2, false),
            .pair(nil), .pair(2.5), .plain(1, true),
        ]
        var expected: [String] = []
        for intent in intents {
            store.send(intent)
            // Described here after the middleware did: a tick's text counts how often it was.
            expected.append("[Ticker] intent: \(intent)")
        }
        let ticks = sink.records.map(\.message).filter { $0.contains("tick") }
        #expect(ticks == ["[Ticker] intent: tick(tick 1 #1)", "[Ticker] intent: tick(tick 1 #3)"])
        let others = zip(sink.records.map(\.message), expected).filter { !$0.0.contains("tick") }
        #expect(others.allSatisfy { $0.0 == $0.1 })
        #expect(others.count == 7)
    }

    /// Messages written again keep their text, cut at the middleware's length.
    @Test func messagesWrittenAgainAreCutAsTheFirstTime() {
        let (logger, sink) = memoryLogger()
        let store = Store(
            Counter(), initialState: .init(), name: "Counter",
            middleware: [.logging(logger: logger, levels: StoreLogLevels(message: .debug), maxValueLength: 5)])
        store.send(.increment)
        store.send(.increment)
        #expect(sink.lines == ["[Counter] message: chang…", "[Counter] message: chang…"])
    }
}

/// `Profile` without its field that is not `Equatable`: every diff of it takes the fast path
/// (fields compared and read in place) unless a changed field is not a leaf.
struct PlainProfile: EditingFeature {
    struct State: Equatable, Sendable {
        var name = "Blob"
        var age = 30
        var score = 1.5
        var isActive = true
        var mode = Profile.Mode.light
        var tags = ["a", "b"]
        var inner = Profile.Inner()
        var note = "one line"
        var payload = [UInt8](repeating: 7, count: 1024)
    }

    typealias Edit = StateEdit<State>
}

@Suite struct PlainStateDiffTests {
    /// Each edit's logged diff is exactly custom-dump's `diff`, twice in a row (the second time
    /// with the folded texts kept from the first).
    @Test(arguments: [
        "age", "name and age", "score", "negative zero", "active", "mode", "mode payload", "last field",
        "first and last", "every plain field", "tags", "inner", "note multi-line", "nothing",
    ])
    func aDiffIsCustomDumpsDiff(edit name: String) throws {
        let edits: [String: @Sendable (inout PlainProfile.State) -> Void] = [
            "age": { $0.age += 1 },
            "name and age": {
                $0.name += " Jr."
                $0.age += 5
            },
            "score": { $0.score += .infinity },
            "negative zero": {
                $0.age += 1
                $0.score = $0.score == 0 ? -$0.score : 0
            },
            "active": { $0.isActive.toggle() },
            "mode": { $0.mode = $0.mode == .dark ? .light : .dark },
            "mode payload": { $0.mode = .custom($0.age) },
            "last field": { $0.payload[0] &+= 1 },
            "first and last": {
                $0.name += "x"
                $0.payload.append(1)
            },
            "every plain field": {
                $0.name += "y"
                $0.age += 1
                $0.score = -$0.score
                $0.isActive.toggle()
                $0.mode = $0.mode == .dark ? .light : .dark
            },
            "tags": { $0.tags.append("c") },
            "inner": { $0.inner.depth += 2 },
            "note multi-line": { $0.note += "\ntwo" },
            "nothing": { _ in },
        ]
        let edit = try #require(edits[name])
        let (logger, sink) = memoryLogger()
        let store = Store(
            PlainProfile(), initialState: .init(), name: "Profile",
            middleware: [.logging(logger: logger, levels: StoreLogLevels(state: .debug), maxValueLength: nil)])
        var expected: [String] = []
        for _ in 0..<2 {
            let before = store.state
            store.send(PlainProfile.Edit(apply: edit))
            if let text = diff(before, store.state) { expected.append("[Profile] state:\n" + text) }
        }
        #expect(sink.records.map(\.message) == expected)
    }
}
