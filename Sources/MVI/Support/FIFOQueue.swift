/// A first-in, first-out queue that reuses its storage (the store's queued items, side effects
/// waiting for observers, time travel's checkpoints): popping is O(1) and a drained queue
/// keeps its capacity, so a store under steady contention stops allocating.
@usableFromInline
package struct FIFOQueue<Element> {
    @usableFromInline package var slots: [Element?] = []
    /// ``head``, in 32 bits, so that ``tally`` fits beside it: the queue stays two words.
    @usableFromInline var storedHead: Int32 = 0
    /// A count its owner keeps of some of its elements, in the word `head` leaves free: the
    /// scheduling machine's input count (``SchedulingStateMachine/queuedInputCount``), kept
    /// here because a wider machine (over four words) is passed indirectly, and every
    /// unspecialized transition (a store's `deinit` among them) then looks up its generic
    /// metadata: with the count in a field of its own, creating and releasing a store went
    /// from 1,857 to 2,174 instructions (budgets.tsv: create-store). The queue itself never
    /// reads it.
    @usableFromInline var tally: Int32 = 0

    /// The index of the first element in `slots`. A queue never holds 2^31 elements (that
    /// many slots take tens of gigabytes); past that, setting it traps.
    @inlinable package var head: Int {
        get { Int(storedHead) }
        set { storedHead = Int32(newValue) }
    }

    @inlinable init() {}

    @inlinable package var isEmpty: Bool { head == slots.count }

    @inlinable var count: Int { slots.count - head }

    /// The element `popFirst()` would return, left in place.
    @inlinable var first: Element? { head < slots.count ? slots[head] : nil }

    /// The elements, oldest first, left in place.
    package var elements: [Element] { slots[head...].compactMap { $0 } }

    /// Appends `element`, moved in rather than copied.
    @inlinable mutating func append(_ element: consuming Element) {
        slots.append(element)
    }

    @inlinable mutating func popFirst() -> Element? {
        guard head < slots.count else { return nil }
        let element = slots[head].take()
        head += 1
        reclaimFront()
        return element
    }

    /// Moves the leading elements that `isIncluded` accepts, at most `buffer.count`, into
    /// `buffer` (uninitialized memory), oldest first, and returns how many it moved. It stops
    /// at the first element `isIncluded` rejects, which stays first. Nothing is copied.
    @inlinable mutating func moveLeading(
        into buffer: UnsafeMutableBufferPointer<Element>, while isIncluded: (borrowing Element) -> Bool
    ) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var moved = 0
        while moved < buffer.count, head < slots.count, let element = slots[head].take() {
            guard isIncluded(element) else {
                slots[head] = consume element
                break
            }
            (base + moved).initialize(to: consume element)
            moved += 1
            head += 1
        }
        if moved > 0 { reclaimFront() }
        return moved
    }

    /// Puts `elements` back in front of the queue, in their order: what was taken out to be
    /// processed and is returned unprocessed.
    @inlinable mutating func prepend(contentsOf elements: consuming [Element]) {
        slots.replaceSubrange(head..<head, with: elements.lazy.map { Optional($0) })
    }

    /// After elements left the front: empties the storage if nothing is left (keeping its
    /// capacity), or shifts the rest down once the front's empty slots are half of it.
    @inlinable mutating func reclaimFront() {
        if head == slots.count {
            slots.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= slots.count {
            slots.removeFirst(head)
            head = 0
        }
    }

    /// Removes every element, in order, keeping the storage.
    @inlinable mutating func drainAll() -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        while let element = popFirst() { result.append(element) }
        return result
    }
}
extension FIFOQueue: Sendable where Element: Sendable {}
