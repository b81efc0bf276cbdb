import MVI
/// The value a ``DiffRenderer`` entry set last, in a box of its own.
///
/// A `var` captured by the entry's escaping closure would be checked for exclusive access at
/// run time on every read and write (two per entry and render, through the runtime's access
/// set); a stored property of this class is not. The value lies behind a pointer, so that an
/// entry compares it where it lies: read out of an optional property, it was copied (its
/// references retained and released) on every render (budgets.tsv: render-diff).
@usableFromInline
final class LastValue<Value> {
    /// The last value set, initialized once `isSet`. Only its entry touches it, on the main
    /// actor, and each access ends before the entry calls back into user code (`set`) or
    /// after the user code it is handed to (`compare`) returns, so no two accesses overlap.
    @usableFromInline let storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    // Unchecked: as `storage`.
    @exclusivity(unchecked) @usableFromInline var isSet = false

    @inlinable init() {}

    deinit {
        if isSet { storage.deinitialize(count: 1) }
        storage.deallocate()
    }

    /// Keeps `value` as the last value set.
    @inlinable @inline(__always)
    func keep(_ value: consuming Value) {
        if isSet {
            storage.pointee = value
        } else {
            storage.initialize(to: value)
            isSet = true
        }
    }

    /// Whether a value was set and `same` says `value` is the same as it.
    @inlinable @inline(__always)
    func holds(_ value: Value, by same: (Value, Value) -> Bool) -> Bool {
        guard isSet else { return false }
        return same(storage.pointee, value)
    }
}

extension LastValue where Value: Equatable {
    /// Whether a value was set and equals `value`.
    @inlinable @inline(__always)
    func holds(_ value: Value) -> Bool {
        guard isSet else { return false }
        return storage.pointee == value
    }
}
