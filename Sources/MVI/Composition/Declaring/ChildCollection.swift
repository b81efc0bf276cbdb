/// A collection of child states addressed by a stable id, in O(1): what
/// `Feature.child(_:_:intent:message:sideEffects:)` embeds a list of child features with, at `.each(\.rows)`.
///
/// `Dictionary` conforms here. The `MVICollections` module conforms swift-collections'
/// `OrderedDictionary`, which keeps the rows' order; another identified collection conforms
/// with the one subscript, and implements ``modifyChild(id:_:)`` too if it can find a child
/// once and mutate it in place.
public protocol ChildCollection: SendableMetatype {
    /// The stable id of a child.
    associatedtype ChildID: Hashable
    /// The state of one child.
    associatedtype ChildState

    /// The state of the child with this id, `nil` if there is none. Reading and writing must
    /// cost O(1) (amortized), and writing must mutate in place.
    subscript(child id: ChildID) -> ChildState? { get set }

    /// Mutates the child with this id in place and returns `true`, or returns `false` if there
    /// is none (and changes nothing). A child's reducer runs through it on every message, so
    /// a collection that can find the child once and mutate it where it is should: the
    /// default reads the child to check that it is there, then writes it through
    /// ``subscript(child:)``, two look-ups.
    mutating func modifyChild(id: ChildID, _ body: (inout ChildState) -> Void) -> Bool

    /// Removes the child with this id, as its ``DismissibleMessage/dismiss`` asks, and returns
    /// whether it was there. The default writes `nil` through ``subscript(child:)``; a
    /// ``DestinationStack`` pops the screen with every screen above it.
    mutating func removeChild(id: ChildID) -> Bool
}

extension ChildCollection {
    /// Checks that the child is there, then mutates it through ``subscript(child:)``.
    @inlinable
    public mutating func modifyChild(id: ChildID, _ body: (inout ChildState) -> Void) -> Bool {
        guard self[child: id] != nil else { return false }
        body(&self[child: id]!)  // present: checked on the line above
        return true
    }

    /// Checks that the child is there, then writes `nil` through ``subscript(child:)``.
    @inlinable
    public mutating func removeChild(id: ChildID) -> Bool {
        guard self[child: id] != nil else { return false }
        self[child: id] = nil
        return true
    }
}

extension Dictionary: ChildCollection {
    /// The value for `id`, in place.
    public subscript(child id: Key) -> Value? {
        get { self[id] }
        _modify { yield &self[id] }
    }

    /// Finds the value once, then mutates it at its index. Unlike a keyed write, a missing
    /// key neither grows nor copies the storage.
    @inlinable
    public mutating func modifyChild(id: Key, _ body: (inout Value) -> Void) -> Bool {
        guard let index = index(forKey: id) else { return false }
        body(&values[index])
        return true
    }
}
