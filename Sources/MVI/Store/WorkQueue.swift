/// A first-in, first-out queue that reuses its storage (the store's pending work, a
/// recorder's checkpoints): popping is O(1) and a drained queue
/// keeps its capacity, so a store under steady contention stops allocating.
@usableFromInline
struct WorkQueue<Element> {
    @usableFromInline var slots: [Element?] = []
    @usableFromInline var head = 0

    @inlinable init() {}

    @inlinable var isEmpty: Bool { head == slots.count }

    @inlinable var count: Int { slots.count - head }

    /// The element `popFirst()` would return, left in place.
    @inlinable var first: Element? { head < slots.count ? slots[head] : nil }

    /// The elements, oldest first, left in place.
    var elements: [Element] { slots[head...].compactMap { $0 } }

    /// Appends `element`, moved in rather than copied.
    @inlinable mutating func append(_ element: consuming Element) {
        slots.append(element)
    }

    @inlinable mutating func popFirst() -> Element? {
        guard head < slots.count else { return nil }
        let element = slots[head].take()
        head += 1
        if head == slots.count {
            slots.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= slots.count {
            slots.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Removes every element, in order, keeping the storage.
    @inlinable mutating func drainAll() -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        while let element = popFirst() { result.append(element) }
        return result
    }
}
extension WorkQueue: Sendable where Element: Sendable {}
