import MVI
/// A ``DiffRenderer``'s entries, chained into one function of the model.
///
/// Why this shape (callgrind, budgets.tsv: render-diff): kept in an array, each entry's
/// closure was retained and released on every render; chained, the closures are held by the
/// chain and called without either. The chain is made unspecialized (`chain` is not
/// inlinable), so that it hands the model on by address, and each entry, specialized, borrows
/// it from there: read through an `UnsafePointer<Model>`, an entry's `get` was handed a copy
/// of the model (its references retained and released). Every closure is made here, outside
/// the main actor: a closure made in a main-actor method is isolated to it, and stored as a
/// plain function type it would check at run time, on every call, that it runs on the main
/// actor (as `render` always does).
@usableFromInline
enum DiffEntry<Model> {
    /// An entry, or a chain of them.
    @usableFromInline typealias Body = (Model) -> Void

    /// `first`, then `second`.
    @usableFromInline
    static func chain(_ first: @escaping Body, _ second: @escaping Body) -> Body {
        { model in
            first(model)
            second(model)
        }
    }

    /// An entry that calls `set` with the value `read` finds when `compare` says it is not the
    /// same as the last value set (`true`: no update).
    @inlinable
    static func entry<Value>(
        read: DiffRead<Model, Value>,
        compare: @escaping (Value, Value) -> Bool,
        set: @escaping (Value) -> Void
    ) -> Body {
        let last = LastValue<Value>()
        return { model in
            let value = read(model)
            if last.holds(value, by: compare) { return }
            last.keep(value)
            set(value)
        }
    }

    /// ``entry(read:compare:set:)`` compared with `==`, which runs specialized for `Value`
    /// rather than through a closure.
    @inlinable
    static func entry<Value: Equatable>(read: DiffRead<Model, Value>, set: @escaping (Value) -> Void) -> Body {
        let last = LastValue<Value>()
        return { model in
            if read.matches(last, model) { return }
            let value = read(model)
            last.keep(value)
            set(value)
        }
    }
}

/// How an entry reads its value: at its byte offset when a key path names stored properties
/// only, so that a render does not go into the key-path runtime (see `StoredOffset`); through
/// a closure otherwise (the caller's `get`, or the key path).
@usableFromInline
enum DiffRead<Model, Value> {
    case offset(Int)
    case closure((Model) -> Value)

    @inlinable init(_ get: @escaping (Model) -> Value) {
        self = .closure(get)
    }

    @inlinable init(_ keyPath: KeyPath<Model, Value>) {
        if let offset = StoredOffset(of: keyPath) {
            self = .offset(offset.bytes)
        } else {
            self = .closure { $0[keyPath: keyPath] }
        }
    }

    /// The value in `model`.
    @inlinable @inline(__always)
    func callAsFunction(_ model: Model) -> Value {
        switch self {
        case .offset(let bytes):
            withUnsafePointer(to: model) { model in
                // Bound to `Value` at `bytes`: `offset(of:)` answered for a key path to a `Value`.
                UnsafeRawPointer(model).advanced(by: bytes).assumingMemoryBound(to: Value.self).pointee
            }
        case .closure(let get):
            get(model)
        }
    }
}

extension DiffRead where Value: Equatable {
    /// Whether `last` holds a value equal to the one in `model`; a value read at its offset is
    /// compared where it lies, without a copy.
    @inlinable @inline(__always)
    func matches(_ last: LastValue<Value>, _ model: Model) -> Bool {
        switch self {
        case .offset(let bytes):
            withUnsafePointer(to: model) { model in
                // Bound as in `callAsFunction`.
                last.holds(UnsafeRawPointer(model).advanced(by: bytes).assumingMemoryBound(to: Value.self).pointee)
            }
        case .closure(let get):
            last.holds(get(model))
        }
    }
}
