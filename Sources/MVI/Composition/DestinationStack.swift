/// A navigation stack of child states, each with a stable id: the screens pushed on top of a
/// root, as a ``ChildCollection`` so that each destination is a child feature.
///
/// Push and pop are reductions of the parent (`state.path.push(...)`); the id a destination
/// gets is never reused, so a late result for a popped screen never reaches a new one pushed
/// at the same depth. Lookup by id walks the stack, which is a few screens deep.
public struct DestinationStack<State> {
    /// The destinations, bottom first.
    public private(set) var elements: [(id: Int, state: State)] = []
    private var nextID = 0

    /// An empty stack.
    public init() {}

    /// Pushes a destination and returns its id.
    @discardableResult
    public mutating func push(_ state: State) -> Int {
        defer { nextID += 1 }
        elements.append((nextID, state))
        return nextID
    }

    /// Pops the top destination and returns its id, or `nil` if the stack is empty.
    @discardableResult
    public mutating func pop() -> Int? {
        elements.popLast()?.id
    }

    /// Pops destinations above the one with `id`, and returns the ids popped.
    @discardableResult
    public mutating func pop(to id: Int) -> [Int] {
        guard let index = elements.firstIndex(where: { $0.id == id }) else { return [] }
        defer { elements.removeSubrange((index + 1)...) }
        return elements[(index + 1)...].map(\.id)
    }

    /// The top destination's id.
    public var topID: Int? { elements.last?.id }

    /// The states, bottom first.
    public var states: [State] { elements.map(\.state) }

    /// How many destinations are stacked.
    public var count: Int { elements.count }
}

extension DestinationStack: ChildCollection {
    /// The destination with this id.
    public subscript(child id: Int) -> State? {
        get { elements.last(where: { $0.id == id })?.state }
        _modify {
            guard let index = elements.lastIndex(where: { $0.id == id }) else {
                var absent: State? = nil
                yield &absent
                if let added = absent { elements.append((id, added)) }
                return
            }
            var state: State? = elements[index].state
            yield &state
            if let state { elements[index].state = state } else { elements.remove(at: index) }
        }
    }
}

extension DestinationStack: Equatable where State: Equatable {
    /// Same destinations, same ids, same order.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.nextID == rhs.nextID && lhs.elements.elementsEqual(rhs.elements) { $0.id == $1.id && $0.state == $1.state }
    }
}

extension DestinationStack: Sendable where State: Sendable {}
