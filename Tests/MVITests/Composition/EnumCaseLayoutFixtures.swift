@testable import MVI
import Testing

/// Enums of every payload layout, for ``EnumCaseLayoutTests``, and the check that a case
/// look-up gives what a `switch` gives and what `Mirror` gives.
final class FenceReference: Equatable, Sendable {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: FenceReference, rhs: FenceReference) -> Bool { lhs.name == rhs.name }
}

final class FenceOther: Sendable {}

class FenceBase: @unchecked Sendable {}  // no state
final class FenceDerived: FenceBase, @unchecked Sendable {}  // no state

protocol FenceShape: Sendable { var sides: Int { get } }
struct FenceSquare: FenceShape, Equatable { var sides: Int { 4 } }
struct FenceEmpty: Equatable, Sendable {}

struct FenceForm: Equatable, Sendable {
    var title: String
    var flag: Bool
    var items: [Int]
}

/// Larger than an existential's inline buffer and than a register or two.
struct FenceLarge: Equatable, Sendable {
    var numbers: (Int, Int, Int, Int, Int, Int) = (1, 2, 3, 4, 5, 6)
    var text = "large"
    var more: [String] = ["a", "b"]
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.numbers == rhs.numbers && lhs.text == rhs.text && lhs.more == rhs.more
    }
}

/// One payload case among empty ones: the payload's extra inhabitants hold the empty cases.
enum FenceSingle: Sendable {
    case form(FenceForm)
    case first, second, third
}

/// Payload cases of types without spare bits (an extra tag byte), and empty cases.
enum FenceMulti: Sendable {
    case int(Int)
    case double(Double)
    case text(String)
    case large(FenceLarge)
    case pair(Int, String)
    case row(id: Int, name: String)
    case empty, other
}

/// Class references and optionals of them: the tag lives in the pointers' spare bits.
enum FenceSpare: Sendable {
    case reference(FenceReference)
    case optional(FenceReference?)
    case other(FenceOther)
    case none
}

/// Existential payloads, a function and a metatype.
enum FenceExistential: @unchecked Sendable {  // `Any` payloads hold only Sendable values here
    case any(Any)
    case shape(any FenceShape)
    case object(AnyObject)
    case error(any Error)
    case function(@Sendable (Int) -> Int)
    case type(Any.Type)
    case nothing
}

/// Zero-sized payloads beside a sized one.
enum FenceZeroSized: Sendable {
    case unit(Void)
    case empty(FenceEmpty)
    case number(Int)
    case none
}

/// Indirect cases: the payload is in a box.
enum FenceIndirect: Sendable {
    indirect case boxed(FenceForm)
    case inline(FenceForm)
    case none
}

indirect enum FenceTree: Sendable {
    case leaf(Int)
    case node(FenceTree, FenceTree)
}

enum FenceGeneric<Value: Sendable>: Sendable {
    case value(Value)
    case other(Value)
    case nothing
}

/// What the checks found out: whether a learnt case reads the tag, or keeps `Mirror`.
enum FencePath: Equatable {
    case tag, mirror
}

/// Looks each of `values` up three times (the first learns, the others may read the tag) and
/// checks each answer against a `switch` (`expected`) and against `Mirror`; then embeds each
/// payload found and looks the result up again. Returns the path the case took.
@discardableResult
func checkFence<Enum, Payload>(
    _ embed: @escaping @Sendable (Payload) -> Enum, named name: String, _ values: [Enum],
    switch expected: (Enum) -> Payload?, same: (Payload, Payload) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) -> FencePath {
    let enumCase = EnumCase(embed)
    func expect(_ answer: Payload?, _ wanted: Payload?, _ what: String) {
        switch (answer, wanted) {
        case (nil, nil): break
        case (let answer?, let wanted?):
            #expect(same(answer, wanted), "\(what): \(answer) is not \(wanted)", sourceLocation: sourceLocation)
        default:
            Issue.record(
                "\(what): \(String(describing: answer)), not \(String(describing: wanted))",
                sourceLocation: sourceLocation)
        }
    }
    for round in 0..<3 {
        for value in values {
            let found = EnumCaseFence.mirror(of: value, as: Payload.self)
            let byMirror = found?.label == name ? found?.payload : nil
            let extracted = enumCase.extract(from: value)
            expect(extracted, expected(value), "round \(round), switch")
            expect(extracted, byMirror, "round \(round), Mirror")
            #expect(enumCase.matches(value) == (expected(value) != nil), sourceLocation: sourceLocation)
            guard let extracted else { continue }
            let embedded = embed(extracted)
            expect(enumCase.extract(from: embedded), expected(embedded), "round \(round), embedded")
            expect(expected(embedded), extracted, "round \(round), round trip")
        }
    }
    #expect(enumCase.layout.isLearnt || !values.contains { expected($0) != nil }, sourceLocation: sourceLocation)
    return enumCase.layout.tag == nil ? .mirror : .tag
}

/// ``checkFence(_:named:_:switch:same:sourceLocation:)`` for an equatable payload.
@discardableResult
func checkFence<Enum, Payload: Equatable>(
    _ embed: @escaping @Sendable (Payload) -> Enum, named name: String, _ values: [Enum],
    switch expected: (Enum) -> Payload?, sourceLocation: SourceLocation = #_sourceLocation
) -> FencePath {
    checkFence(embed, named: name, values, switch: expected, same: ==, sourceLocation: sourceLocation)
}
