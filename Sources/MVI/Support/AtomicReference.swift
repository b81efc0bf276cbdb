import Synchronization

/// A reference that is stored once and then read from any thread: the standard library's
/// `AtomicLazyReference`, but inlinable. That one's `load()` is a call into the library that
/// looks up its generic metadata at run time, where this is one atomic load: it was read on
/// every `run` of async work (budgets.tsv: effect-roundtrip).
@usableFromInline
struct AtomicReference<Instance: AnyObject & Sendable>: ~Copyable, Sendable {
    @usableFromInline let storage = Atomic<Unmanaged<Instance>?>(nil)

    @inlinable init() {}

    /// The stored instance, or `nil` before one is stored.
    @inlinable func load() -> Instance? {
        // Unretained: a stored instance is released only by `deinit`, and the caller's
        // reference to this holder keeps it alive meanwhile.
        storage.load(ordering: .acquiring)?.takeUnretainedValue()
    }

    /// Stores `instance` unless one is stored already, and returns the one stored.
    @inlinable func storeIfNil(_ instance: Instance) -> Instance {
        let retained = Unmanaged.passRetained(instance)
        let (stored, original) = storage.compareExchange(
            expected: nil, desired: retained, ordering: .acquiringAndReleasing)
        if stored { return instance }
        retained.release()
        // The exchange failed, so a value was stored: `original` is not nil.
        return original.unsafelyUnwrapped.takeUnretainedValue()
    }

    deinit {
        storage.load(ordering: .acquiring)?.release()
    }
}
