import MVI
import OrderedCollections

extension OrderedDictionary: ChildCollection {
    /// The child with this id, read and written in place in O(1) (amortized); the rows keep
    /// their order.
    public subscript(child id: Key) -> Value? {
        get { self[id] }
        _modify { yield &self[id] }
    }
}
