/// Where a child's state is in its parent's state: a key path, read and written through its
/// byte offset when it names stored properties only.
///
/// Through the key path, every read of a child's state went into the key-path runtime, which
/// looks up generic metadata on each projection: about 380 of a forwarded intent's
/// instructions (callgrind, `child-in-10`). `MemoryLayout.offset(of:)` gives the offset when
/// the key path names stored properties of structs, all the way down (the usual `\.rows`);
/// its documentation guarantees that the value at that offset is the one the key path reaches.
/// A key path that goes through a computed property, a class or an optional has no offset and
/// is used as it is.
@usableFromInline
struct StatePlace<Root, Value>: Sendable {
    @usableFromInline let keyPath: any WritableKeyPath<Root, Value> & Sendable
    /// The value's byte offset in `Root`, or `nil` to go through ``keyPath``.
    @usableFromInline let offset: Int?

    @inlinable init(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        self.keyPath = keyPath
        self.offset = MemoryLayout<Root>.offset(of: keyPath)
    }

    /// Calls `body` with the value in `root`, without copying it out first.
    @inlinable @inline(__always)
    func read<Result>(_ root: Root, _ body: (Value) -> Result) -> Result {
        guard let offset else { return body(root[keyPath: keyPath]) }
        return withUnsafePointer(to: root) { root in
            // Bound to `Value` at `offset`: `offset(of:)` answered for this key path.
            body(UnsafeRawPointer(root).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
        }
    }

    /// Calls `body` with the value in `root`, in place.
    @inlinable @inline(__always)
    func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
        guard let offset else { return body(&root[keyPath: keyPath]) }
        return withUnsafeMutablePointer(to: &root) { root in
            // Bound to `Value` at `offset`, as in `read`.
            body(&UnsafeMutableRawPointer(root).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
        }
    }
}

/// A part of a state that is only read, by key path: through its byte offset when the key
/// path names stored properties only (see ``StatePlace``), as distinct subscriptions read it
/// on every state.
@usableFromInline
struct StatePart<Root, Value>: Sendable {
    @usableFromInline let keyPath: any KeyPath<Root, Value> & Sendable
    /// The value's byte offset in `Root`, or `nil` to go through ``keyPath``.
    @usableFromInline let offset: Int?

    @inlinable init(_ keyPath: any KeyPath<Root, Value> & Sendable) {
        self.keyPath = keyPath
        self.offset = MemoryLayout<Root>.offset(of: keyPath)
    }

    /// The value in `root`.
    @inlinable @inline(__always)
    func read(_ root: Root) -> Value {
        guard let offset else { return root[keyPath: keyPath] }
        return withUnsafePointer(to: root) { root in
            // Bound to `Value` at `offset`: `offset(of:)` answered for this key path.
            UnsafeRawPointer(root).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
        }
    }
}
