import MVI
extension Array {
    /// Whether both arrays use the same storage: Swift's version of comparing two lists with
    /// `===`. It is O(1), and `true` means the arrays are equal without comparing elements.
    ///
    /// A model copied with only another field changed shares its arrays with the original, so
    /// `DiffRenderer` can skip a long list with `compare: { $0.sharesStorage(with: $1) }`.
    /// `false` only means "not known to be equal": an equal array built separately differs.
    ///
    /// Inlinable, so that it runs specialized for the element type: it is called on every
    /// render, and unspecialized it looked up the array's metadata and witness tables.
    @inlinable
    public func sharesStorage(with other: [Element]) -> Bool {
        guard count == other.count else { return false }
        if isEmpty { return true }
        // Both arrays are alive for the whole comparison, so equal base addresses of equal
        // counts mean one buffer; the pointers never escape.
        return withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}
