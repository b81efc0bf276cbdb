import MVI
import OrderedCollections

extension OrderedDictionary: ChildCollection {
    /// The child with this id, read and written in place in O(1) (amortized); the rows keep
    /// their order.
    public subscript(child id: Key) -> Value? {
        get { self[id] }
        _modify { yield &self[id] }
    }

    /// Finds the value once, then mutates it at its index, in place; a missing key changes
    /// nothing.
    @inlinable
    public mutating func modifyChild(id: Key, _ body: (inout Value) -> Void) -> Bool {
        guard let index = index(forKey: id) else { return false }
        body(&values[index])
        return true
    }
}
