@testable import MVI
import Testing

/// Enums of every layout a destination or a screen may have: the case look-up must give what
/// a `switch` gives, the first time (through `Mirror`) and every time after (through the tag).
private final class LayoutReference: Equatable, Sendable {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: LayoutReference, rhs: LayoutReference) -> Bool { lhs.name == rhs.name }
}

private struct LayoutForm: Equatable, Sendable {
    var title: String
    var flag: Bool
    var items: [Int]
}

private enum LayoutScreen: Equatable, Sendable {
    case add(LayoutForm)
    case edit(LayoutForm)
    case text(String)
    case number(Int)
    case reference(LayoutReference)
    case flag(Bool)
    case nested(LayoutScreen.Inner)
    case none
    indirect case boxed(LayoutForm)

    enum Inner: Equatable, Sendable {
        case a(String), b(Int), c
    }
}

private indirect enum LayoutTree: Equatable, Sendable {
    case leaf(Int)
    case node(String)
}

private enum LayoutGeneric<Value: Equatable & Sendable>: Equatable, Sendable {
    case value(Value)
    case other(Value)
    case nothing
}

@Suite struct EnumCaseTests {
    /// Looks `value` up three times (the first learns, the others read the tag) and checks
    /// each against `expected`.
    private func check<Enum, Payload: Equatable>(
        _ embed: @escaping @Sendable (Payload) -> Enum, _ values: [Enum], _ expected: [Payload?],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let enumCase = EnumCase(embed)
        for round in 0..<3 {
            for (value, expected) in zip(values, expected) {
                #expect(enumCase.extract(from: value) == expected, "round \(round)", sourceLocation: sourceLocation)
                #expect(enumCase.matches(value) == (expected != nil), sourceLocation: sourceLocation)
            }
        }
    }

    @Test func casesOfOnePayloadTypeAreToldApart() {
        let form = LayoutForm(title: "a", flag: true, items: [1, 2, 3])
        let other = LayoutForm(title: String(repeating: "long ", count: 20), flag: false, items: [])
        let values: [LayoutScreen] = [.add(form), .edit(form), .add(other), .edit(other), .none, .text("x")]
        check(LayoutScreen.add, values, [form, nil, other, nil, nil, nil])
        check(LayoutScreen.edit, values, [nil, form, nil, other, nil, nil])
    }

    @Test func everyPayloadKindComesOutWhole() {
        let reference = LayoutReference("r")
        let values: [LayoutScreen] = [
            .text("small"), .text(String(repeating: "heap ", count: 40)), .number(-7), .reference(reference),
            .flag(true), .flag(false), .nested(.a("inner")), .nested(.b(3)), .nested(.c), .none,
        ]
        check(
            LayoutScreen.text, values,
            ["small", String(repeating: "heap ", count: 40), nil, nil, nil, nil, nil, nil, nil, nil])
        check(LayoutScreen.number, values, [nil, nil, -7, nil, nil, nil, nil, nil, nil, nil])
        check(LayoutScreen.reference, values, [nil, nil, nil, reference, nil, nil, nil, nil, nil, nil])
        check(LayoutScreen.flag, values, [nil, nil, nil, nil, true, false, nil, nil, nil, nil])
        check(LayoutScreen.nested, values, [nil, nil, nil, nil, nil, nil, .a("inner"), .b(3), .c, nil])
    }

    @Test func aLearntCaseReadsTheTagAndAnIndirectOneKeepsMirror() {
        let form = EnumCase(LayoutScreen.add)
        _ = form.extract(from: .add(LayoutForm(title: "", flag: false, items: [])))
        #expect(form.layout.tag != nil)
        let boxed = EnumCase(LayoutScreen.boxed)
        _ = boxed.extract(from: .boxed(LayoutForm(title: "", flag: false, items: [])))
        #expect(boxed.layout.isLearnt && boxed.layout.tag == nil)
    }

    @Test func anIndirectCaseIsReadThroughItsBox() {
        let form = LayoutForm(title: "boxed", flag: true, items: [4])
        let values: [LayoutScreen] = [.boxed(form), .add(form), .boxed(LayoutForm(title: "", flag: false, items: []))]
        check(LayoutScreen.boxed, values, [form, nil, LayoutForm(title: "", flag: false, items: [])])
        check(LayoutTree.leaf, [LayoutTree.leaf(1), .node("n"), .leaf(2)], [1, nil, 2])
        check(LayoutTree.node, [LayoutTree.leaf(1), .node("n"), .leaf(2)], [nil, "n", nil])
    }

    @Test func genericEnums() {
        let values: [LayoutGeneric<[String]>] = [.value(["a"]), .other(["b"]), .nothing, .value([])]
        check(LayoutGeneric<[String]>.value, values, [["a"], nil, nil, []])
        check(LayoutGeneric<[String]>.other, values, [nil, ["b"], nil, nil])
    }

    @Test func thePayloadOutlivesTheValueItCameFrom() {
        let enumCase = EnumCase(LayoutScreen.reference)
        _ = enumCase.extract(from: .reference(LayoutReference("learn")))
        var extracted: LayoutReference?
        do {
            let value = LayoutScreen.reference(LayoutReference(String(repeating: "x", count: 100)))
            extracted = enumCase.extract(from: value)
        }
        #expect(extracted?.name == String(repeating: "x", count: 100))
        #expect(enumCase.layout.tag != nil)  // learnt: the look-up above read the tag
    }
}
