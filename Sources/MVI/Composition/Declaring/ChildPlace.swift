/// Where a child's state is in its parent's state: a property, an optional, a case of an
/// optional enum, a collection by id, or one case of a collection of enum screens.
///
/// A place is a value given to `Feature.child(_:_:…)`, so that every kind of place is
/// declared the same way:
///
/// ```swift
/// static let list = child(SyncUpsList(), .at(\.list), input: Intent.list)
/// static let editor = child(Editor(), .optional(\.editor), input: Intent.editor)
/// static let edit = child(SyncUpForm(), .case(\.destination, Destination.edit), input: Intent.edit)
/// static let rows = child(TodoRow(), .each(\.rows), input: Intent.rows)
/// static let detail = child(SyncUpDetail(), .each(\.path, Path.detail), input: Intent.detail)
/// ```
///
/// The place names the child in logs, failures and work ids: its key path below the parent's
/// state (`list`, `left.editor`, `path[3]` with an id). The cases of one enum place share its
/// name (`destination`): the place holds one case at a time, so their work never meets. A key
/// path through a computed property has no name to read, only an address that changes from
/// run to run: the child is then named by its feature's type (`SyncUpForm`), and a store
/// reports, when it is created, two children of one parent that would share a name.
public struct ChildPlace<Root, ChildState, ID: Hashable & Sendable>: Sendable {
    /// The place's name, from its key path (see the type's documentation); `nil` for a key path
    /// through a computed property.
    @usableFromInline let name: String?
    @usableFromInline let read: @Sendable (Root, ID) -> ChildState?
    @usableFromInline let modify: @Sendable (inout Root, ID, (inout ChildState) -> Void) -> Bool
    /// Removes the child and says whether it was there; `nil` for a place that always holds
    /// one (``at(_:)``).
    @usableFromInline let remove: (@Sendable (inout Root, ID) -> Bool)?

    @inlinable init(
        name: String?,
        read: @escaping @Sendable (Root, ID) -> ChildState?,
        modify: @escaping @Sendable (inout Root, ID, (inout ChildState) -> Void) -> Bool,
        remove: (@Sendable (inout Root, ID) -> Bool)?
    ) {
        self.name = name
        self.read = read
        self.modify = modify
        self.remove = remove
    }
}

extension ChildPlace where ID == SingleChild {
    /// A child that is always there: a property of the parent's state.
    @inlinable
    public static func at(_ state: any WritableKeyPath<Root, ChildState> & Sendable) -> Self {
        let place = StatePlace(state)
        return Self(
            name: placeName(of: state),
            read: { parent, _ in place.read(parent) { $0 } },
            modify: { parent, _, body in
                place.modify(&parent, body)
                return true
            },
            remove: nil)
    }

    /// A child that may be absent (a sheet, a detail): its inputs are dropped while it is `nil`,
    /// and its work is cancelled when it goes.
    @inlinable
    public static func optional(_ state: any WritableKeyPath<Root, ChildState?> & Sendable) -> Self {
        let place = StatePlace(state)
        return Self(
            name: placeName(of: state),
            read: { parent, _ in place.read(parent) { $0 } },
            modify: { parent, _, body in
                place.modify(&parent) { child in
                    guard child != nil else { return false }
                    body(&child!)  // present: checked on the line above
                    return true
                }
            },
            remove: { parent, _ in
                place.modify(&parent) { child in
                    guard child != nil else { return false }
                    child = nil
                    return true
                }
            })
    }

    /// A child that is one case of an optional enum destination (a sheet, an alert, a pushed
    /// screen): the parent shows at most one destination at a time.
    ///
    /// The case itself is all the place needs (`Destination.edit`): the child's state is found
    /// by reflection the first time and by the enum's tag after that, as a `switch` would, so
    /// two cases carrying the same state stay apart. The case's associated value must be the
    /// child's state alone, unlabelled. While the destination is another case or `nil`, the
    /// child's inputs are dropped (an intent reported), and its work is cancelled when the
    /// destination leaves the case.
    ///
    /// The first look-up of each enum type and case is made twice: with `Mirror`, and by the
    /// enum's tag, read through the enum value witnesses in the type's metadata, as a `switch`
    /// reads it. The tag is used from then on only if the two agree: the tag names the case
    /// that `Mirror` names, the payload's declared type is the child's state, and both copy
    /// out the same state, from the destination and from the case made from that state.
    /// Otherwise `Mirror` answers every look-up, as it did the first time; so it does for an
    /// `indirect` case, a state of no bytes, and any layout the library does not know. The
    /// same holds for the cases of a stack of screens and of intents and messages that carry a
    /// child's.
    ///
    /// The tag is read where Swift's stable ABI lays out metadata with 8-byte pointers: Apple
    /// platforms on arm64 and x86_64, and Linux on x86_64 and arm64. Each type's metadata is
    /// checked before it is read (its kind, its value witness table's size and stride, its
    /// enum descriptor's kind and version 0, its 12-byte field entries); arm64e, whose
    /// witnesses are signed pointers, and 32-bit platforms (arm64_32 on watchOS, wasm32) keep
    /// `Mirror`. It is safe because no look-up is answered by tag before the fence has seen it
    /// agree with `Mirror` for that type and case, once per process: after that, a look-up is
    /// a tag comparison and a copy, with no allocation.
    @inlinable
    public static func `case`<Destination>(
        _ destination: any WritableKeyPath<Root, Destination?> & Sendable,
        _ case: @escaping @Sendable (ChildState) -> Destination
    ) -> Self {
        let place = StatePlace(destination)
        let enumCase = EnumCase(`case`)
        return Self(
            name: placeName(of: destination),
            read: { parent, _ in place.read(parent) { $0.flatMap(enumCase.extract(from:)) } },
            modify: { parent, _, body in
                place.modify(&parent) { destination in
                    guard let current = destination, var state = enumCase.extract(from: current) else { return false }
                    // Emptied while the child's state changes, so that the state is not
                    // shared with the enum's copy and mutates in place.
                    destination = nil
                    body(&state)
                    destination = enumCase.embed(state)
                    return true
                }
            },
            remove: { parent, _ in
                place.modify(&parent) { destination in
                    guard let current = destination, enumCase.matches(current) else { return false }
                    destination = nil
                    return true
                }
            })
    }
}

extension ChildPlace {
    /// Children in a collection by stable id (a `Dictionary`, a `DestinationStack`, an
    /// `OrderedDictionary` with `MVICollections`): reaching one costs one look-up, however many
    /// there are.
    @inlinable
    public static func each<Children: ChildCollection>(
        _ children: any WritableKeyPath<Root, Children> & Sendable
    ) -> Self where Children.ChildState == ChildState, Children.ChildID == ID {
        let place = StatePlace(children)
        return Self(
            name: placeName(of: children),
            read: { state, id in place.read(state) { $0[child: id] } },
            modify: { state, id, body in place.modify(&state) { $0.modifyChild(id: id, body) } },
            remove: { state, id in place.modify(&state) { $0.removeChild(id: id) } })
    }

    /// The screens of one kind in a collection of enum screens (a navigation stack of
    /// `Path` values): `case` is the enum case that holds this child's state (`Path.detail`).
    /// An element that is another case is not this child: its intents are dropped and
    /// reported, its messages dropped.
    @inlinable
    public static func each<Children: ChildCollection>(
        _ children: any WritableKeyPath<Root, Children> & Sendable,
        _ case: @escaping @Sendable (ChildState) -> Children.ChildState
    ) -> Self where Children.ChildID == ID {
        let place = StatePlace(children)
        let enumCase = EnumCase(`case`)
        return Self(
            name: placeName(of: children),
            read: { state, id in place.read(state) { $0[child: id].flatMap(enumCase.extract(from:)) } },
            modify: { state, id, body in
                place.modify(&state) { children in
                    var isThisCase = false
                    let isThere = children.modifyChild(id: id) { element in
                        guard var state = enumCase.extract(from: element) else { return }
                        isThisCase = true
                        body(&state)
                        element = enumCase.embed(state)
                    }
                    return isThere && isThisCase
                }
            },
            remove: { state, id in
                place.modify(&state) { children in
                    guard let element = children[child: id], enumCase.matches(element) else { return false }
                    return children.removeChild(id: id)
                }
            })
    }
}

/// The name of a place from its key path (see ``ChildPlace``); `nil` when the key path goes
/// through a computed property, whose description has only an address that changes from run
/// to run.
@usableFromInline
func placeName(of keyPath: AnyKeyPath) -> String? {
    let name = propertyName(of: keyPath)
    return name.contains("<computed") ? nil : name
}
