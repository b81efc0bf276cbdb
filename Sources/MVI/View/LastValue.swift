/// The value a ``DiffRenderer`` entry set last, in a box of its own.
///
/// A `var` captured by the entry's escaping closure would be checked for exclusive access at
/// run time on every read and write (two per entry and render, through the runtime's access
/// set); a stored property of this class is not.
@usableFromInline
final class LastValue<Value> {
    // Unchecked: only its entry touches it, on the main actor, and each access is a single
    // read or write that ends before the entry calls back into user code (`compare`, `set`),
    // so no two accesses ever overlap.
    @exclusivity(unchecked) @usableFromInline var value: Value?

    @inlinable init() {
        value = nil
    }
}
