import MVI
/// A renderer that updates only the parts of a view whose value changed.
///
/// MVIKotlin's `diff { diff(get:set:compare:) }`. Each entry reads a value from the model,
/// compares it with the value it set last time, and calls its setter only when it changed.
/// The first render sets everything.
///
/// ```swift
/// let renderer = DiffRenderer<UserInfoModel> {
///     $0.diff(\.name) { nameText.text = $0 }
///     $0.diff(\.friendNames, compare: { $0.sharesStorage(with: $1) }) { friendsList.items = $0 }
/// }
/// renderer.render(model)
/// ```
///
/// Values are compared with `==` when they are `Equatable`; pass `compare` to compare
/// otherwise (by identity for a long list, say: a model copied with only its name changed
/// keeps the same array storage). Each entry keeps the last value it set, and nothing else.
@MainActor
public final class DiffRenderer<Model>: ViewRenderer {
    // Every entry, chained into one function (see `DiffEntry`), in a box whose `body` is a
    // `let`: `render` borrows it, where a closure read out of a stored `var` was copied (its
    // context retained and released) on every render (budgets.tsv: render-diff). `diff(...)`
    // is inlinable so that each entry is made, and runs, specialized for the model and the
    // value where the view is built.
    @usableFromInline var chain = DiffChain<Model>()

    /// Creates a renderer; `build` adds its entries with `diff(...)`.
    public init(_ build: (DiffRenderer<Model>) -> Void) {
        build(self)
    }

    /// Sets every entry whose value changed since the last render (all of them the first time).
    @inlinable
    public func render(_ model: Model) {
        // Unretained: `self` is kept alive by the caller for the whole call, and `chain` by
        // `self`, or, if a setter adds an entry meanwhile, by the chain that replaces it
        // (`DiffChain.previous`).
        DiffChain.run(Unmanaged.passUnretained(chain), model)
    }

    /// Adds `entry` after the others.
    @inlinable
    func add(_ entry: @escaping DiffEntry<Model>.Body) {
        chain = DiffChain(adding: entry, to: chain)
    }

    /// Adds an entry: `set` is called with `get(model)` when `compare` says it is not the same
    /// as the last value set. `compare` returns `true` for values that need no update.
    @inlinable
    public func diff<Value>(
        get: @escaping (Model) -> Value,
        compare: @escaping (Value, Value) -> Bool,
        set: @escaping (Value) -> Void
    ) {
        add(DiffEntry.entry(read: DiffRead(get), compare: compare, set: set))
    }

    /// Adds an entry compared with `==`.
    @inlinable
    public func diff<Value: Equatable>(get: @escaping (Model) -> Value, set: @escaping (Value) -> Void) {
        add(DiffEntry.entry(read: DiffRead(get), set: set))
    }

    /// Adds an entry for the value at `keyPath`, compared with `==`.
    @inlinable
    public func diff<Value: Equatable>(_ keyPath: KeyPath<Model, Value>, set: @escaping (Value) -> Void) {
        add(DiffEntry.entry(read: DiffRead(keyPath), set: set))
    }

    /// Adds an entry for the value at `keyPath`, compared with `compare`.
    @inlinable
    public func diff<Value>(
        _ keyPath: KeyPath<Model, Value>,
        compare: @escaping (Value, Value) -> Bool,
        set: @escaping (Value) -> Void
    ) {
        add(DiffEntry.entry(read: DiffRead(keyPath), compare: compare, set: set))
    }
}
