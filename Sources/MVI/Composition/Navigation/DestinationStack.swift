/// A navigation stack of child states, each with a stable id: the screens pushed on top of a
/// root, as a ``ChildCollection`` so that each destination is a child feature.
///
/// Push and pop are reductions of the parent (`state.path.push(...)`); the id a destination
/// gets is never reused (not even after an id was given by `push(_:id:)` or
/// `stack[child: id] = state`), so a late result for a popped screen never reaches a new one
/// pushed at the same depth. Lookup by id walks the stack, which is a few screens deep.
public struct DestinationStack<State> {
    /// The destinations, bottom first.
    public var elements: [(id: Int, state: State)] { stored }
    /// The destinations: internal and usable from inlinable code, so that a look-up or a
    /// visit is specialized for the screens' type where it is used (generic, each one paid
    /// the metadata look-ups of the tuple and the array).
    @usableFromInline var stored: [(id: Int, state: State)] = []
    @usableFromInline var nextID = 0

    /// An empty stack.
    public init() {}

    /// A stack of `states`, bottom first, with ids 0, 1, 2… (a deep link, or the expected
    /// stack in a test).
    public init(_ states: some Sequence<State>) {
        for state in states { push(state) }
    }

    /// Pushes a destination and returns its id.
    @discardableResult
    public mutating func push(_ state: State) -> Int {
        defer { nextID += 1 }
        stored.append((nextID, state))
        return nextID
    }

    /// Pushes a destination with a given id (restoring a deep link or a saved stack), and
    /// returns whether it was pushed: an id already on the stack is refused, so ids stay
    /// unique. Ids the stack makes later are all greater than `id`, so none is reused.
    @discardableResult
    public mutating func push(_ state: State, id: Int) -> Bool {
        guard !stored.contains(where: { $0.id == id }) else { return false }
        stored.append((id, state))
        nextID = Swift.max(nextID, id &+ 1)
        return true
    }

    /// Pops the top destination and returns its id, or `nil` if the stack is empty.
    @discardableResult
    public mutating func pop() -> Int? {
        stored.popLast()?.id
    }

    /// Pops the destination with `id` and every one above it, and returns the ids popped,
    /// bottom first (a screen's "back to the previous one", or closing a flow it started).
    @discardableResult
    public mutating func pop(from id: Int) -> [Int] {
        guard let index = stored.firstIndex(where: { $0.id == id }) else { return [] }
        defer { stored.removeSubrange(index...) }
        return stored[index...].map(\.id)
    }

    /// Pops every destination, back to the root, and returns the ids popped, bottom first.
    /// Ids stay unused afterwards: a screen pushed next gets a new one.
    @discardableResult
    public mutating func removeAll() -> [Int] {
        defer { stored.removeAll() }
        return stored.map(\.id)
    }

    /// Pops destinations above the one with `id`, and returns the ids popped.
    @discardableResult
    public mutating func pop(to id: Int) -> [Int] {
        guard let index = stored.firstIndex(where: { $0.id == id }) else { return [] }
        defer { stored.removeSubrange((index + 1)...) }
        return stored[(index + 1)...].map(\.id)
    }

    /// The top destination's id.
    public var topID: Int? { stored.last?.id }

    /// The states, bottom first.
    public var states: [State] { stored.map(\.state) }

    /// How many destinations are stacked.
    public var count: Int { stored.count }

    /// Changes every destination in place, bottom first, keeping ids and order: one pass,
    /// where `stack[child: id]` for each id would look each one up again.
    ///
    /// ```swift
    /// state.path.modifyEach { screen in screen.isEditing = false }
    /// ```
    public mutating func modifyEach(_ body: (inout State) throws -> Void) rethrows {
        for index in stored.indices { try body(&stored[index].state) }
    }
}

extension DestinationStack {
    /// Calls `body` with each screen, bottom first, in place; pops the first screen it
    /// answers `false` for, with every screen above it (``SharedElements`` closes the screens
    /// whose element is gone).
    @inlinable
    mutating func visitEach(_ body: (inout State) -> Bool) {
        var index = stored.startIndex
        while index < stored.endIndex {
            guard body(&stored[index].state) else {
                stored.removeSubrange(index...)
                return
            }
            index += 1
        }
    }
}

extension DestinationStack: ChildCollection {
    /// The destination with this id.
    @inlinable
    public subscript(child id: Int) -> State? {
        get { stored.last(where: { $0.id == id })?.state }
        _modify {
            guard let index = stored.lastIndex(where: { $0.id == id }) else {
                var absent: State? = nil
                yield &absent
                if let added = absent {
                    stored.append((id, added))
                    // An id set here is never made again by `push`.
                    nextID = Swift.max(nextID, id &+ 1)
                }
                return
            }
            var state: State? = stored[index].state
            yield &state
            if let state { stored[index].state = state } else { stored.remove(at: index) }
        }
    }

    /// Pops the screen with this id and every screen above it (``pop(from:)``): a screen that
    /// dismisses itself goes back to the one below it, as a back button does.
    public mutating func removeChild(id: Int) -> Bool {
        !pop(from: id).isEmpty
    }
}

extension DestinationStack: Equatable where State: Equatable {
    /// Same destinations with the same ids, in the same order. Which ids the stack will make
    /// next is not compared: a stack emptied by `pop()` equals `DestinationStack()`, so a test
    /// can write `$0.path = .init()`.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.stored.elementsEqual(rhs.stored) { $0.id == $1.id && $0.state == $1.state }
    }
}

extension DestinationStack: Sendable where State: Sendable {}
