/// A collection of child states addressed by a stable id, in O(1): what
/// `Feature.child(_:in:name:intent:message:sideEffects:)` embeds a list of child features with.
///
/// `Dictionary` conforms here. The `MVICollections` module conforms swift-collections'
/// `OrderedDictionary`, which keeps the rows' order; another identified collection conforms
/// with the one subscript.
public protocol ChildCollection: SendableMetatype {
    /// The stable id of a child.
    associatedtype ChildID: Hashable
    /// The state of one child.
    associatedtype ChildState

    /// The state of the child with this id, `nil` if there is none. Reading and writing must
    /// cost O(1) (amortized), and writing must mutate in place.
    subscript(child id: ChildID) -> ChildState? { get set }
}

extension Dictionary: ChildCollection {
    /// The value for `id`, in place.
    public subscript(child id: Key) -> Value? {
        get { self[id] }
        _modify { yield &self[id] }
    }
}
