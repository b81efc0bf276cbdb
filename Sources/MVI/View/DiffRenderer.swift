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
    // The entries run on every render; `diff(...)` is inlinable so that each entry is made,
    // and runs, specialized for the model and the value where the view is built. They are
    // not isolated (see `entry`): `render` calls them on the main actor.
    @usableFromInline var entries: [(Model) -> Void] = []

    /// Creates a renderer; `build` adds its entries with `diff(...)`.
    public init(_ build: (DiffRenderer<Model>) -> Void) {
        build(self)
    }

    /// Sets every entry whose value changed since the last render (all of them the first time).
    @inlinable
    public func render(_ model: Model) {
        for entry in entries { entry(model) }
    }

    /// Adds an entry: `set` is called with `get(model)` when `compare` says it is not the same
    /// as the last value set. `compare` returns `true` for values that need no update.
    @inlinable
    public func diff<Value>(
        get: @escaping (Model) -> Value,
        compare: @escaping (Value, Value) -> Bool,
        set: @escaping (Value) -> Void
    ) {
        entries.append(Self.entry(get: get, compare: compare, set: set))
    }

    /// One entry. Made outside the main actor: a closure made in a main-actor method is
    /// isolated to it, and stored as a plain function type it would check at run time, on
    /// every call, that it runs on the main actor (as `render` always does). The last value
    /// is kept in a ``LastValue`` rather than a captured `var`, which is checked for
    /// exclusive access at run time on every read and write.
    @inlinable
    nonisolated static func entry<Value>(
        get: @escaping (Model) -> Value,
        compare: @escaping (Value, Value) -> Bool,
        set: @escaping (Value) -> Void
    ) -> (Model) -> Void {
        let last = LastValue<Value>()
        return { model in
            let value = get(model)
            if let previous = last.value, compare(previous, value) { return }
            last.value = value
            set(value)
        }
    }

    /// ``entry(get:compare:set:)`` compared with `==`, also made outside the main actor.
    @inlinable
    nonisolated static func entry<Value: Equatable>(
        get: @escaping (Model) -> Value,
        set: @escaping (Value) -> Void
    ) -> (Model) -> Void {
        entry(get: get, compare: { $0 == $1 }, set: set)
    }

    /// Adds an entry compared with `==`.
    @inlinable
    public func diff<Value: Equatable>(get: @escaping (Model) -> Value, set: @escaping (Value) -> Void) {
        entries.append(Self.entry(get: get, set: set))
    }

    /// Adds an entry for the value at `keyPath`, compared with `==`.
    @inlinable
    public func diff<Value: Equatable>(_ keyPath: KeyPath<Model, Value>, set: @escaping (Value) -> Void) {
        entries.append(Self.entry(get: Self.reader(keyPath), set: set))
    }

    /// Adds an entry for the value at `keyPath`, compared with `compare`.
    @inlinable
    public func diff<Value>(
        _ keyPath: KeyPath<Model, Value>,
        compare: @escaping (Value, Value) -> Bool,
        set: @escaping (Value) -> Void
    ) {
        diff(get: Self.reader(keyPath), compare: compare, set: set)
    }

    /// Reads the value at `keyPath`: at its byte offset when the key path names stored
    /// properties only, so that a render does not go into the key-path runtime (see
    /// `StoredOffset`); through the key path otherwise. Made outside the main actor, so that
    /// the closure handed to `withUnsafePointer` does not check its isolation at run time.
    @inlinable
    nonisolated static func reader<Value>(_ keyPath: KeyPath<Model, Value>) -> (Model) -> Value {
        guard let offset = StoredOffset(of: keyPath) else { return { $0[keyPath: keyPath] } }
        return { offset.value(in: $0) }
    }
}
