/// A value with its undo and redo history, kept in a feature's state: the text of a note,
/// the shapes of a drawing, a whole document.
///
/// ```swift
/// struct State: Equatable, Sendable {
///     var text = UndoHistory("")
/// }
///
/// static func reduce(_ state: inout State, _ message: Message) {
///     switch message {
///     case .typed(let text): state.text.record(text, group: .typing)
///     case .typingPaused: state.text.closeGroup()
///     case .undo: state.text.undo()
///     case .redo: state.text.redo()
///     }
/// }
/// ```
///
/// Each ``record(_:group:)`` is one step that ``undo()`` takes back, except that changes in
/// one ``UndoGroup`` make one step until the group is closed: a burst of typing is undone at
/// once. At most ``limit`` steps are kept, the oldest forgotten first. A change after an undo
/// forgets what could be redone, as in every editor.
///
/// The history is state, changed only by the feature's reducer: undo and redo are messages
/// like any other, so they are logged, recorded and replayed by time travel, asserted by the
/// test store, and saved with the rest of the state. They change nothing else: async work
/// keeps running (what it dispatches afterwards is a new step), and side effects already
/// posted are not taken back. See <doc:UndoingChanges>.
public struct UndoHistory<Value: Sendable>: Sendable {
    /// The value now. Setting it (directly, through a key path, a `StateBinding` or a child
    /// scope's place) records the change as a step of its own, as ``record(_:group:)`` with no
    /// group does.
    public var value: Value {
        get { current }
        set { record(newValue) }
    }
    /// The value now, as stored.
    private var current: Value
    /// The most steps kept for undo; older ones are forgotten.
    public let limit: Int
    /// The values undo goes back to, oldest first.
    private var past: [Value] = []
    /// The values redo brings back, the next one last.
    private var future: [Value] = []
    /// The group of the step in progress: a change in it joins that step.
    private var openGroup: UndoGroup?

    /// A history that starts at `value`, with nothing to undo.
    ///
    /// - Parameters:
    ///   - value: The value now.
    ///   - limit: The most steps kept for undo and redo together; a limit below one is one.
    public init(_ value: Value, limit: Int = 100) {
        self.current = value
        self.limit = Swift.max(1, limit)
    }

    /// Whether there is a step to undo.
    public var canUndo: Bool { !past.isEmpty }

    /// Whether there is a step to redo.
    public var canRedo: Bool { !future.isEmpty }

    /// How many steps can be undone.
    public var undoCount: Int { past.count }

    /// How many steps can be redone.
    public var redoCount: Int { future.count }

    /// Changes the value, as one step undo takes back, or as part of the step in progress if
    /// `group` is that step's open group. Forgets what could be redone. A value equal to the
    /// current one (of an `Equatable` type) is no change, and makes no step.
    ///
    /// - Parameters:
    ///   - newValue: The new value.
    ///   - group: The group of changes that make one step (a burst of typing), or `nil` for a
    ///     step of its own.
    public mutating func record(_ newValue: Value, group: UndoGroup? = nil) {
        guard !areEqualValues(newValue, current) else { return }
        if group == nil || group != openGroup {
            past.append(current)
            if past.count > limit { past.removeFirst(past.count - limit) }
        }
        openGroup = group
        future.removeAll()
        current = newValue
    }

    /// Changes the value in place (see ``record(_:group:)``).
    ///
    /// - Parameters:
    ///   - group: The group of changes that make one step, or `nil` for a step of its own.
    ///   - body: The change.
    public mutating func modify(group: UndoGroup? = nil, _ body: (inout Value) -> Void) {
        var newValue = current
        body(&newValue)
        record(newValue, group: group)
    }

    /// Ends the step in progress: the next change starts a new step, even in the same group
    /// (a pause in typing).
    public mutating func closeGroup() {
        openGroup = nil
    }

    /// Goes back one step, if there is one; the step can be redone.
    public mutating func undo() {
        guard let previous = past.popLast() else { return }
        future.append(current)
        current = previous
        openGroup = nil
    }

    /// Brings back the step last undone, if there is one.
    public mutating func redo() {
        guard let next = future.popLast() else { return }
        past.append(current)
        current = next
        openGroup = nil
    }

    /// Forgets every step, keeping the value: after a document is saved or opened.
    public mutating func clear() {
        past.removeAll()
        future.removeAll()
        openGroup = nil
    }
}

/// Whether `a` and `b` are equal values of an `Equatable` type; `false` for other types, whose
/// values cannot be compared.
private func areEqualValues(_ a: Any, _ b: Any) -> Bool {
    guard let a = a as? any Equatable else { return false }
    return isEqual(a, b)
}

private func isEqual<T: Equatable>(_ a: T, _ b: Any) -> Bool {
    (b as? T) == a
}

extension UndoHistory: Equatable where Value: Equatable {}
extension UndoHistory: Hashable where Value: Hashable {}
extension UndoHistory: Codable where Value: Codable {
    private enum CodingKeys: String, CodingKey {
        case current, limit, past, future, openGroup
    }

    /// Decodes a history saved by `encode(to:)`, checking that it is one this type could have
    /// made: a `limit` of at least one, no more steps kept than the limit (to undo and to redo
    /// together), and an open group only on a step in progress (one that can be undone, with
    /// nothing to redo). Anything else is a `DecodingError.dataCorrupted` naming the field, as
    /// for a `Range` whose bounds are crossed: such a file was damaged or written by someone
    /// else, and taking it would crash the first ``record(_:group:)`` or make undo lose steps.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let limit = try container.decode(Int.self, forKey: .limit)
        guard limit >= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .limit, in: container,
                debugDescription: "The limit of an undo history is at least 1, not \(limit)")
        }
        let past = try container.decode([Value].self, forKey: .past)
        let future = try container.decode([Value].self, forKey: .future)
        // `limit` is at least 1 and the counts at least 0: the subtraction cannot overflow.
        guard past.count <= limit, future.count <= limit - past.count else {
            throw DecodingError.dataCorruptedError(
                forKey: .past, in: container,
                debugDescription:
                    "An undo history keeps at most its limit (\(limit)) of steps, not \(past.count) to undo "
                    + "and \(future.count) to redo")
        }
        let openGroup = try container.decodeIfPresent(UndoGroup.self, forKey: .openGroup)
        if let openGroup, past.isEmpty || !future.isEmpty {
            throw DecodingError.dataCorruptedError(
                forKey: .openGroup, in: container,
                debugDescription:
                    "The group \"\(openGroup)\" is open on no step in progress "
                    + "(\(past.count) steps to undo, \(future.count) to redo)")
        }
        self.current = try container.decode(Value.self, forKey: .current)
        self.limit = limit
        self.past = past
        self.future = future
        self.openGroup = openGroup
    }
}

/// A group of changes that make one undo step while it stays open: the keystrokes of a burst
/// of typing, the moves of one drag.
public struct UndoGroup: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The group's name (its `description`).
    package let name: String

    /// A group named `name`: changes with equal groups in a row make one step.
    public init(_ name: String) { self.name = name }

    /// Typing in a text field.
    public static let typing = UndoGroup("typing")

    /// The group's name.
    public var description: String { name }
}
