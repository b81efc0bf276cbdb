/// A first-in, first-out buffer on a power-of-two ring of slots: appending and removing
/// the oldest element are O(1) and allocate only when the ring grows (it doubles) or
/// shrinks (it halves once three quarters are empty). Removed elements are released at once.
@usableFromInline
struct RingBuffer<Element> {
    @usableFromInline var slots: [Element?] = []
    @usableFromInline var head = 0
    @usableFromInline var count = 0

    @inlinable init() {}

    @inlinable var isEmpty: Bool { count == 0 }

    /// How many slots are allocated.
    var capacity: Int { slots.count }

    @inlinable mutating func append(_ element: Element) {
        if count == slots.count { resize(to: Swift.max(16, slots.count * 2)) }
        slots[(head + count) & (slots.count - 1)] = element
        count += 1
    }

    @inlinable @discardableResult
    mutating func removeFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = slots[head]
        slots[head] = nil
        head = (head + 1) & (slots.count - 1)
        count -= 1
        if slots.count > 64 && count < slots.count / 4 { resize(to: slots.count / 2) }
        return element
    }

    mutating func removeAll() {
        slots = []
        head = 0
        count = 0
    }

    /// The element at `index`, counted from the oldest. `index` must be in `0..<count`.
    @inlinable subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "RingBuffer index out of range")
        // Force unwrap: every slot in head..<head+count holds an element (append fills it,
        // removeFirst empties only the head, which then leaves the range).
        return slots[(head + index) & (slots.count - 1)]!
    }

    var last: Element? { count == 0 ? nil : self[count - 1] }

    @usableFromInline mutating func resize(to newCapacity: Int) {
        var resized = [Element?](repeating: nil, count: newCapacity)
        for index in 0..<count { resized[index] = slots[(head + index) & (slots.count - 1)] }
        slots = resized
        head = 0
    }
}
extension RingBuffer: Sendable where Element: Sendable {}
