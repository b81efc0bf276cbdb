/// Elements of a collection in a feature's state that other places of the same state hold
/// copies of, kept the same everywhere: shared state within one store tree.
///
/// A detail screen on a navigation stack shows one element of the list below it. Declared
/// once on the parent, the screen's copy *is* the list's element: an edit on the screen is
/// an edit of the list, a change to the list reaches every screen showing that element, and
/// an element removed from the list closes the screens that show it (their async work ends
/// with them). No message carries a copy back, and no reducer writes one.
///
/// ```swift
/// struct SyncUpsApp: Feature {
///     static let sharedElements: [SharedElements<State>] = [
///         SharedElements(\.list.syncUps, copiedIn: .each(in: \.path, case: Path.detail, at: \.syncUp))
///     ]
///     // …
/// }
/// ```
///
/// After every reduce (the feature's own, and its own as a child of another), each copy a
/// reducer changed is written to the element with its id, then every copy takes its element.
/// A copy is *changed* when it differs from the element as it was before the reduce: before
/// every reduce all copies equal their elements, so the one that differs is the one that was
/// written. If a reduce changes both an element and a copy of it, the copy wins.
///
/// ``Feature/sharedElements`` declares them; stores, child scopes, time-travel replays
/// and the test store's expected states all keep them (the store reduces every message keeping them).
/// In a test, an assertion that changes either side changes both:
/// `$0.path[child: 0] = .detail(edited)` also changes the list's element.
///
/// A copy of an element the source does not hold (the screens of a sync-up pushed without
/// it being in the list) has nothing to be kept the same through: its other copies do not
/// follow its changes, and it stays when the source changes. A store whose initial state
/// holds such copies reports them when it is created
/// (``StoreMisuse/sharedElementNotInSource(_:)``): put the element in the source first.
///
/// Elements are found by `id` with a linear search: meant for the lists a screen shows, not
/// for collections of many thousands that change on every message.
public struct SharedElements<Root>: Sendable {
    /// Runs a reduce, then keeps the elements: made where the feature declares them, so that
    /// it is specialized for its state.
    @usableFromInline let keepAround: @Sendable (inout Root, (inout Root) -> Void) -> Void
    /// The same around a closure that may throw: a test's expected-state closure.
    @usableFromInline let keepAroundThrowing: @Sendable (inout Root, (inout Root) throws -> Void) throws -> Void
    /// What is wrong with a state's copies: one sentence per element that copies hold and the
    /// source does not (see ``Feature/sharedElements``); empty when nothing is.
    @usableFromInline let problems: @Sendable (Root) -> [String]

    /// Keeps the elements of `source` the same in every place `copies` lists.
    ///
    /// - Parameters:
    ///   - source: The collection that holds each element once: the truth.
    ///   - copies: The places that hold copies of its elements, found by the elements' ids.
    @inlinable
    public init<Source: MutableCollection & RandomAccessCollection & Sendable>(
        _ source: any WritableKeyPath<Root, Source> & Sendable,
        copiedIn copies: ElementCopies<Root, Source.Element>...
    ) where Source.Element: Identifiable & Equatable & Sendable {
        let rule = SourceRule(source: source, copies: copies)
        keepAround = { root, body in rule.keep(&root, body) }
        keepAroundThrowing = { root, body in try rule.keep(&root, body) }
        problems = { root in rule.problems(in: root) }
    }

    /// Runs `body` on `root`, then keeps the elements the same in every place.
    @inlinable
    public func keep(_ root: inout Root, _ body: (inout Root) -> Void) {
        withoutActuallyEscaping(body) { body in keepAround(&root, body) }
    }

    /// Runs `body` on `root`, then, unless it threw, keeps the elements the same in every place.
    @inlinable
    public func keep(_ root: inout Root, _ body: (inout Root) throws -> Void) throws {
        try withoutActuallyEscaping(body) { body in try keepAroundThrowing(&root, body) }
    }
}

/// Places in a state that hold copies of elements, for ``SharedElements``.
///
/// Make one with ``each(in:at:)``, ``each(in:case:at:)``, ``one(at:_:)`` or ``one(at:case:at:)``.
public struct ElementCopies<Root, Element: Identifiable & Sendable>: Sendable {
    /// Calls the closure with each copy, in place; a copy the closure answers `.removed`
    /// for is removed with the place that holds it (its screen closes).
    @usableFromInline let visit: @Sendable (inout Root, (inout Element) -> CopyVisit) -> Void

    @usableFromInline init(visit: @escaping @Sendable (inout Root, (inout Element) -> CopyVisit) -> Void) {
        self.visit = visit
    }

    /// A copy in each screen of a stack: `\.syncUp` of each `DetailScreen` on `\.path`.
    ///
    /// A screen whose element is removed is popped, with every screen above it.
    @inlinable
    public static func each<Screen: Sendable>(
        in stack: any WritableKeyPath<Root, DestinationStack<Screen>> & Sendable,
        at copy: any WritableKeyPath<Screen, Element> & Sendable
    ) -> Self {
        Self { root, body in
            root[keyPath: stack].visitEach { screen in body(&screen[keyPath: copy]) != .removed }
        }
    }

    /// A copy in each screen of one case of a stack of different screens:
    /// `\.syncUp` of each `Path.detail(…)` on `\.path`.
    ///
    /// A screen whose element is removed is popped, with every screen above it.
    @inlinable
    public static func each<Screen: Sendable, Payload>(
        in stack: any WritableKeyPath<Root, DestinationStack<Screen>> & Sendable,
        case embed: @escaping @Sendable (Payload) -> Screen,
        at copy: any WritableKeyPath<Payload, Element> & Sendable
    ) -> Self {
        let screenCase = EnumCase(embed)
        return Self { root, body in
            root[keyPath: stack].visitEach { screen in
                guard var payload = screenCase.extract(from: screen) else { return true }
                let visit = body(&payload[keyPath: copy])
                if visit == .changed { screen = embed(payload) }
                return visit != .removed
            }
        }
    }

    /// A copy in an optional place: `\.syncUp` of the `\.detail` being shown.
    ///
    /// The place is set to `nil` when its element is removed.
    @inlinable
    public static func one<Child>(
        at place: any WritableKeyPath<Root, Child?> & Sendable,
        _ copy: any WritableKeyPath<Child, Element> & Sendable
    ) -> Self {
        Self { root, body in
            guard var child = root[keyPath: place] else { return }
            switch body(&child[keyPath: copy]) {
            case .unchanged: break
            case .changed: root[keyPath: place] = child
            case .removed: root[keyPath: place] = nil
            }
        }
    }

    /// A copy in one case of an optional enum place: `\.syncUp` of `\.destination` while it
    /// is `.edit(…)`.
    ///
    /// The place is set to `nil` when its element is removed.
    @inlinable
    public static func one<Destination, Payload>(
        at place: any WritableKeyPath<Root, Destination?> & Sendable,
        case embed: @escaping @Sendable (Payload) -> Destination,
        at copy: any WritableKeyPath<Payload, Element> & Sendable
    ) -> Self {
        let destinationCase = EnumCase(embed)
        return Self { root, body in
            guard let destination = root[keyPath: place], var payload = destinationCase.extract(from: destination)
            else { return }
            switch body(&payload[keyPath: copy]) {
            case .unchanged: break
            case .changed: root[keyPath: place] = embed(payload)
            case .removed: root[keyPath: place] = nil
            }
        }
    }
}

/// The rule for a source collection of `Source` and its copies: inlinable, so that it is
/// specialized for the state where the feature declares it.
@usableFromInline
struct SourceRule<Root, Source: MutableCollection & RandomAccessCollection & Sendable>: Sendable
where Source.Element: Identifiable & Equatable & Sendable {
    @usableFromInline typealias Element = Source.Element

    @usableFromInline let source: any WritableKeyPath<Root, Source> & Sendable
    @usableFromInline let copies: [ElementCopies<Root, Element>]

    @usableFromInline init(source: any WritableKeyPath<Root, Source> & Sendable, copies: [ElementCopies<Root, Element>])
    {
        self.source = source
        self.copies = copies
    }

    @inlinable
    func keep<Failure: Error>(_ root: inout Root, _ body: (inout Root) throws(Failure) -> Void) throws(Failure) {
        let before = root[keyPath: source]
        try body(&root)
        // A copy that differs from its element as it was is the one written: it wins.
        var written: [Element] = []
        for places in copies {
            places.visit(&root) { copy in
                if let old = before.first(where: { $0.id == copy.id }), old != copy { written.append(copy) }
                return .unchanged
            }
        }
        for copy in written {
            guard let index = root[keyPath: source].firstIndex(where: { $0.id == copy.id }) else { continue }
            root[keyPath: source][index] = copy
        }
        let after = root[keyPath: source]
        // No copy written and the elements as they were: every copy already is its element.
        if written.isEmpty && after.elementsEqual(before) { return }
        // Then each copy takes its element; a copy whose element was removed goes, with its
        // place (one whose element never was in the source stays: the store reported it).
        for places in copies {
            places.visit(&root) { copy in
                guard let element = after.first(where: { $0.id == copy.id }) else {
                    return before.contains(where: { $0.id == copy.id }) ? .removed : .unchanged
                }
                guard element != copy else { return .unchanged }
                copy = element
                return .changed
            }
        }
    }
}

extension SourceRule {
    /// One sentence per element that copies in `root` hold and the source does not: such copies
    /// are not kept the same as one another (a change to one is found against its element), so
    /// a store reports them when it is created.
    @usableFromInline
    func problems(in root: Root) -> [String] {
        var root = root
        let elements = root[keyPath: source]
        var missing: [String] = []
        for places in copies {
            places.visit(&root) { copy in
                let id = String(describing: copy.id)
                if !elements.contains(where: { $0.id == copy.id }), !missing.contains(id) { missing.append(id) }
                return .unchanged
            }
        }
        let name = propertyName(of: source)
        return missing.map { id in
            "sharedElements: a copy holds the element \(id), which \(name) does not: copies are kept the same "
                + "through their element in \(name), so this one is not kept the same as its other copies; "
                + "put the element in \(name) first"
        }
    }
}

/// What ``SharedElements`` did to one copy: the place re-stores it only when it changed.
@usableFromInline
enum CopyVisit: Equatable {
    case unchanged, changed, removed
}
