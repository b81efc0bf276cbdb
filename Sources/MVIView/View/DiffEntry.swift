import MVI
/// A ``DiffRenderer``'s entries, chained into one function of the model.
///
/// Why this shape (callgrind, budgets.tsv: render-diff): kept in an array, each entry's
/// closure was retained and released on every render; chained, the closures are held by the
/// chain and called without either. The chain is made unspecialized (`chain` is not
/// inlinable), so that it hands the model on by address, and each entry, specialized, borrows
/// it from there: read through an `UnsafePointer<Model>`, an entry's `get` was handed a copy
/// of the model (its references retained and released). Each entry is also handed the
/// model's address, taken once per render: an entry that reads at a byte offset reads there,
/// where `withUnsafePointer(to: model)` in each such entry copied the whole model to its
/// stack. Every closure is made here, outside
/// the main actor: a closure made in a main-actor method is isolated to it, and stored as a
/// plain function type it would check at run time, on every call, that it runs on the main
/// actor (as `render` always does).
@usableFromInline
enum DiffEntry<Model> {
    /// An entry, or a chain of them.
    /// Called with the model and its address (valid for the call only).
    @usableFromInline typealias Body = (Model, UnsafePointer<Model>) -> Void

    /// `first`, then `second`.
    @usableFromInline
    static func chain(_ first: @escaping Body, _ second: @escaping Body) -> Body {
        { model, address in
            first(model, address)
            second(model, address)
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
        return { model, address in
            let value = read(model, at: address)
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
        return { model, address in
            if read.matches(last, model, at: address) { return }
            let value = read(model, at: address)
            last.keep(value)
            set(value)
        }
    }
}

/// A ``DiffRenderer``'s chain of entries, in a box that `render` borrows without a retain:
/// its `body` is a `let`, so calling it does not copy the closure out first.
@usableFromInline
final class DiffChain<Model> {
    @usableFromInline let body: DiffEntry<Model>.Body
    /// Whether `body` has no entry in it (it does nothing).
    @usableFromInline let isEmpty: Bool
    /// The chain this one replaced, kept alive for a render that is running it while a setter
    /// adds an entry (`DiffRenderer.render` does not retain the chain it runs).
    @usableFromInline let previous: DiffChain?

    /// A chain without entries.
    @usableFromInline init() {
        body = { _, _ in }
        isEmpty = true
        previous = nil
    }

    /// Runs `chain`'s entries on `model`. Its closures are made here, outside the main actor:
    /// made in `render`, they checked on every call that they ran on the main actor.
    @inlinable @inline(__always)
    static func run(_ chain: Unmanaged<DiffChain>, _ model: Model) {
        chain._withUnsafeGuaranteedRef { chain in
            // The address is used only inside this closure, while `model` is borrowed.
            withUnsafePointer(to: model) { chain.body(model, $0) }
        }
    }

    /// `previous`'s entries, then `entry`.
    @usableFromInline init(adding entry: @escaping DiffEntry<Model>.Body, to previous: DiffChain) {
        body = previous.isEmpty ? entry : DiffEntry.chain(previous.body, entry)
        isEmpty = false
        self.previous = previous
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

    /// The value in `model`, which lies at `address`.
    @inlinable @inline(__always)
    func callAsFunction(_ model: Model, at address: UnsafePointer<Model>) -> Value {
        switch self {
        case .offset(let bytes):
            // Bound to `Value` at `bytes`: `offset(of:)` answered for a key path to a `Value`.
            UnsafeRawPointer(address).advanced(by: bytes).assumingMemoryBound(to: Value.self).pointee
        case .closure(let get):
            get(model)
        }
    }
}

extension DiffRead where Value: Equatable {
    /// Whether `last` holds a value equal to the one in `model` (at `address`); a value read at
    /// its offset is compared where it lies, without a copy.
    @inlinable @inline(__always)
    func matches(_ last: LastValue<Value>, _ model: Model, at address: UnsafePointer<Model>) -> Bool {
        switch self {
        case .offset(let bytes):
            // Bound as in `callAsFunction`.
            last.holds(UnsafeRawPointer(address).advanced(by: bytes).assumingMemoryBound(to: Value.self).pointee)
        case .closure(let get):
            last.holds(get(model))
        }
    }
}
