/// Where a child's state is in its parent's state: a key path, read and written at its byte
/// offset (``StoredOffset``) when it names stored properties only, through the key path
/// otherwise.
@usableFromInline
struct StatePlace<Root, Value>: Sendable {
    @usableFromInline let keyPath: any WritableKeyPath<Root, Value> & Sendable
    /// The value's offset in `Root`, or `nil` to go through ``keyPath``.
    @usableFromInline let offset: StoredOffset<Root, Value>?

    @inlinable init(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        self.keyPath = keyPath
        self.offset = StoredOffset(of: keyPath)
    }

    /// Calls `body` with the value in `root`, without copying it out first.
    @inlinable @inline(__always)
    func read<Result>(_ root: Root, _ body: (Value) -> Result) -> Result {
        guard let offset else { return body(root[keyPath: keyPath]) }
        return offset.read(root, body)
    }

    /// Calls `body` with the value in `root`, in place.
    @inlinable @inline(__always)
    func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
        guard let offset else { return body(&root[keyPath: keyPath]) }
        return offset.modify(&root, body)
    }
}

/// A part of a state that is only read, by key path: at its byte offset (``StoredOffset``) when
/// the key path names stored properties only, as distinct subscriptions read it on every state.
@usableFromInline
struct StatePart<Root, Value>: Sendable {
    @usableFromInline let keyPath: any KeyPath<Root, Value> & Sendable
    /// The value's offset in `Root`, or `nil` to go through ``keyPath``.
    @usableFromInline let offset: StoredOffset<Root, Value>?

    @inlinable init(_ keyPath: any KeyPath<Root, Value> & Sendable) {
        self.keyPath = keyPath
        self.offset = StoredOffset(of: keyPath)
    }

    /// The value in `root`.
    @inlinable @inline(__always)
    func read(_ root: Root) -> Value {
        guard let offset else { return root[keyPath: keyPath] }
        return offset.value(in: root)
    }
}
