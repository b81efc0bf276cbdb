import Foundation

/// Makes values for `explore`: the intents it sends, their payloads, the values a dependency
/// returns. Each value is made from the feature's current state and a stream of choices, so
/// that a failing sequence replays exactly and shrinks to a short one.
///
/// Build the intent generator from the feature's own cases, with a generator for each payload:
///
/// ```swift
/// let intents: Generator<TodoList.Intent, TodoList.State> = .oneOf(
///     .constant(.sync),
///     .element(of: \.rows.keys).map { .rows($0, .toggle) },   // an id that exists now
///     .string(from: "ab ").map(TodoList.Intent.searchTyped),
///     .allCases.map(TodoList.Intent.showFilter)
/// )
/// ```
///
/// A generator may have nothing to make in some states (`element(of:)` of an empty list, a
/// ``when(_:)`` whose condition fails): `oneOf(_:)` then picks
/// another. Simpler values come first (the first alternative, the smallest number, the
/// shortest string): shrinking moves a failure towards them.
public struct Generator<Value, State>: Sendable {
    /// Makes a value from the choices and the state, or `nil` when there is none to make.
    let make: @Sendable (inout ChoiceStream, State) -> Value?

    init(_ make: @escaping @Sendable (inout ChoiceStream, State) -> Value?) {
        self.make = make
    }

    /// Always `value`.
    public static func constant(_ value: Value) -> Self where Value: Sendable {
        Generator { _, _ in value }
    }

    /// One of `values`, the first the simplest.
    public static func element(of values: [Value]) -> Self where Value: Sendable {
        Generator { choices, _ in
            values.isEmpty ? nil : values[choices.draw(below: values.count)]
        }
    }

    /// An element of a collection in the current state: an id that exists, a row that is
    /// there. Nothing when the collection is empty.
    ///
    /// ```swift
    /// .element(of: \.rows.keys).map { TodoList.Intent.rows($0, .toggle) }
    /// ```
    public static func element<Elements: Collection & Sendable>(
        of elements: @escaping @Sendable (State) -> Elements
    ) -> Self where Elements.Element == Value {
        Generator { choices, state in
            let values = Array(elements(state))
            return values.isEmpty ? nil : values[choices.draw(below: values.count)]
        }
    }

    /// One of the generators' values: a generator is picked, and another when it has nothing
    /// to make now. The first generator is the simplest.
    public static func oneOf(_ generators: Self...) -> Self {
        oneOf(generators)
    }

    /// One of the generators' values; see `oneOf(_:)`.
    static func oneOf(_ generators: [Self]) -> Self {
        Generator { choices, state in
            guard !generators.isEmpty else { return nil }
            let first = choices.draw(below: generators.count)
            for offset in 0..<generators.count {
                if let value = generators[(first + offset) % generators.count].make(&choices, state) { return value }
            }
            return nil
        }
    }

    /// This generator's values only in states where `condition` holds: an alert's buttons
    /// while the alert is shown, say.
    public func when(_ condition: @escaping @Sendable (State) -> Bool) -> Self {
        Generator { choices, state in condition(state) ? make(&choices, state) : nil }
    }

    /// Each value transformed: a payload into its intent.
    public func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> Generator<Other, State> {
        Generator<Other, State> { choices, state in make(&choices, state).map(transform) }
    }

    /// A value, then a value of the generator it chooses: payloads that depend on each other,
    /// or an intent with two payloads.
    public func flatMap<Other>(
        _ next: @escaping @Sendable (Value) -> Generator<Other, State>
    ) -> Generator<Other, State> {
        Generator<Other, State> { choices, state in make(&choices, state).flatMap { next($0).make(&choices, state) } }
    }
}

extension Generator where Value == Bool {
    /// `false` or `true`.
    public static var bool: Self { element(of: [false, true]) }
}

extension Generator where Value == Int {
    /// A number in `range`; shrinks towards its lower bound.
    public static func int(in range: ClosedRange<Int>) -> Self {
        Generator { choices, _ in
            let width = range.upperBound.subtractingReportingOverflow(range.lowerBound)
            guard !width.overflow, width.partialValue < Int.max else {
                return range.lowerBound &+ choices.draw(below: Int.max)
            }
            return range.lowerBound + choices.draw(below: width.partialValue + 1)
        }
    }
}

extension Generator where Value == String {
    /// A string of at most `maxLength` characters from `alphabet`: a small alphabet finds the
    /// equal, empty and blank strings that break features. Shrinks towards the empty string.
    public static func string(from alphabet: String = "ab ", maxLength: Int = 3) -> Self {
        let characters = Array(alphabet)
        return Generator { choices, _ in
            let length = characters.isEmpty ? 0 : choices.draw(below: max(0, maxLength) + 1)
            return String((0..<length).map { _ in characters[choices.draw(below: characters.count)] })
        }
    }
}

extension Generator where Value == UUID {
    /// One of `count` fixed UUIDs (`00000000-0000-0000-0000-000000000000` and up): few
    /// enough that an id comes back, as ids do in apps.
    public static func uuid(among count: Int = 4) -> Self {
        Generator { choices, _ in
            let digits = String(choices.draw(below: max(1, count)), radix: 16, uppercase: true)
            return UUID(
                uuidString: "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits)
        }
    }
}

extension Generator where Value: CaseIterable & Sendable, Value.AllCases: Sendable {
    /// One of the type's cases, in declaration order (the first the simplest).
    public static var allCases: Self { element(of: Array(Value.allCases)) }
}
