@testable import MVI
import Testing

/// Every payload layout: a case look-up gives what a `switch` and `Mirror` give, the first time
/// (through `Mirror`, checked by the fence) and every time after (by the tag, where the fence
/// allowed it), for the value and for the case made from its payload.
@Suite(.timeLimit(.minutes(5))) struct EnumCaseLayoutTests {
    @Test func aSinglePayloadEnumWithEmptyCases() {
        let form = FenceForm(title: "a", flag: true, items: [1, 2])
        let values: [FenceSingle] = [
            .first, .form(form), .second, .third, .form(FenceForm(title: "", flag: false, items: [])),
        ]
        let path = checkFence(FenceSingle.form, named: "form", values) {
            if case .form(let form) = $0 { form } else { nil }
        }
        #expect(path == .tag)
    }

    @Test func aMultiPayloadEnumWithoutSpareBits() {
        let large = FenceLarge()
        let values: [FenceMulti] = [
            .int(-1), .double(2.5), .text(String(repeating: "heap ", count: 30)), .large(large), .pair(1, "p"),
            .row(id: 2, name: "r"), .empty, .other, .int(Int.max),
        ]
        #expect(
            checkFence(FenceMulti.int, named: "int", values) { if case .int(let v) = $0 { v } else { nil } } == .tag)
        #expect(
            checkFence(FenceMulti.double, named: "double", values) { if case .double(let v) = $0 { v } else { nil } }
                == .tag)
        #expect(
            checkFence(FenceMulti.text, named: "text", values) { if case .text(let v) = $0 { v } else { nil } } == .tag)
        #expect(
            checkFence(FenceMulti.large, named: "large", values) { if case .large(let v) = $0 { v } else { nil } }
                == .tag)
    }

    @Test func tuplesWithAndWithoutLabels() {
        let values: [FenceMulti] = [.pair(1, "p"), .row(id: 2, name: "r"), .int(3), .empty, .row(id: 4, name: "")]
        let same = { (a: (Int, String), b: (Int, String)) in a == b }
        let pair = checkFence(
            FenceMulti.pair, named: "pair", values,
            switch: {
                if case .pair(let n, let s) = $0 { (n, s) } else { nil }
            }, same: same)
        // The payload read without the case's labels, as a collection's scope reads `(id, value)`.
        let row = checkFence(
            { FenceMulti.row(id: $0.0, name: $0.1) }, named: "row", values,
            switch: {
                if case .row(let id, let name) = $0 { (id, name) } else { nil }
            }, same: same)
        let labelled = checkFence(
            FenceMulti.row, named: "row", values,
            switch: {
                if case .row(let id, let name) = $0 { (id: id, name: name) } else { nil }
            }, same: { $0 == $1 })
        #expect([pair, row, labelled] == [.tag, .tag, .tag])
    }

    @Test func classReferencesAndTheirOptionalsInSpareBits() {
        let first = FenceReference("first")
        let other = FenceOther()
        let values: [FenceSpare] = [
            .reference(first), .optional(first), .optional(nil), .other(other), .none, .reference(FenceReference("2")),
        ]
        let reference = checkFence(
            FenceSpare.reference, named: "reference", values,
            switch: {
                if case .reference(let v) = $0 { v } else { nil }
            }, same: { $0 === $1 })
        let optional = checkFence(
            FenceSpare.optional, named: "optional", values,
            switch: {
                if case .optional(let v) = $0 { v } else { nil }
            }, same: { $0 === $1 })
        let otherPath = checkFence(
            FenceSpare.other, named: "other", values,
            switch: {
                if case .other(let v) = $0 { v } else { nil }
            }, same: { $0 === $1 })
        #expect([reference, optional, otherPath] == [.tag, .tag, .tag])
    }

    @Test func existentialsFunctionsAndMetatypes() {
        let object = FenceReference("object")
        let values: [FenceExistential] = [
            .any(42), .any(FenceLarge()), .shape(FenceSquare()), .object(object), .error(CancellationError()),
            .function { $0 + 1 }, .type(Int.self), .nothing,
        ]
        let any = checkFence(
            FenceExistential.any, named: "any", values,
            switch: {
                if case .any(let v) = $0 { v } else { nil }
            }, same: { String(describing: $0) == String(describing: $1) })
        let shape = checkFence(
            FenceExistential.shape, named: "shape", values,
            switch: {
                if case .shape(let v) = $0 { v } else { nil }
            }, same: { $0.sides == $1.sides })
        let objectPath = checkFence(
            FenceExistential.object, named: "object", values,
            switch: {
                if case .object(let v) = $0 { v } else { nil }
            }, same: { $0 === $1 })
        let error = checkFence(
            FenceExistential.error, named: "error", values,
            switch: {
                if case .error(let v) = $0 { v } else { nil }
            }, same: { $0 is CancellationError && $1 is CancellationError })
        let type = checkFence(
            FenceExistential.type, named: "type", values,
            switch: {
                if case .type(let v) = $0 { v } else { nil }
            }, same: { $0 == $1 })
        #expect([any, shape, objectPath, error, type] == [.tag, .tag, .tag, .tag, .tag])
        // A function is stored as the enum's declaration lowers it: `Mirror` and a copy by tag
        // read it alike, and both differently from a `switch` (the closure they give is not
        // called here). The fence keeps `Mirror`, as before.
        let function = checkFence(
            FenceExistential.function, named: "function", values,
            switch: {
                if case .function(let v) = $0 { v } else { nil }
            }, same: { _, _ in true })
        #expect(function == .mirror)
    }

    @Test func zeroSizedPayloads() {
        let values: [FenceZeroSized] = [.unit(()), .empty(FenceEmpty()), .number(7), .none, .unit(())]
        // A payload of no bytes: the runtime numbers its case with the empty ones, whose field
        // entries the fence does not read as a payload's, so `Mirror` answers.
        let unit = checkFence(
            FenceZeroSized.unit, named: "unit", values,
            switch: {
                if case .unit = $0 { () } else { nil }
            }, same: { _, _ in true })
        let empty = checkFence(
            FenceZeroSized.empty, named: "empty", values,
            switch: {
                if case .empty(let v) = $0 { v } else { nil }
            }, same: ==)
        let number = checkFence(FenceZeroSized.number, named: "number", values) {
            if case .number(let v) = $0 { v } else { nil }
        }
        #expect([unit, empty, number] == [.mirror, .mirror, .tag])
    }

    @Test func indirectCasesKeepMirror() {
        let form = FenceForm(title: "boxed", flag: true, items: [4])
        let values: [FenceIndirect] = [
            .boxed(form), .inline(form), .none, .boxed(FenceForm(title: "", flag: false, items: [])),
        ]
        let boxed = checkFence(FenceIndirect.boxed, named: "boxed", values) {
            if case .boxed(let v) = $0 { v } else { nil }
        }
        let inline = checkFence(FenceIndirect.inline, named: "inline", values) {
            if case .inline(let v) = $0 { v } else { nil }
        }
        #expect([boxed, inline] == [.mirror, .tag])
        let trees: [FenceTree] = [.leaf(1), .node(.leaf(2), .leaf(3)), .leaf(4)]
        let leaf = checkFence(FenceTree.leaf, named: "leaf", trees) { if case .leaf(let v) = $0 { v } else { nil } }
        #expect(leaf == .mirror)
    }

    @Test func genericEnumsSpecializedAndNot() {
        let strings: [FenceGeneric<[String]>] = [.value(["a"]), .other(["b"]), .nothing, .value([])]
        checkFence(FenceGeneric<[String]>.value, named: "value", strings) {
            if case .value(let v) = $0 { v } else { nil }
        }
        checkFence(FenceGeneric<[String]>.other, named: "other", strings) {
            if case .other(let v) = $0 { v } else { nil }
        }
        let reference = FenceReference("generic")
        #expect(Self.checkGeneric(reference, same: { $0 === $1 }) == .tag)
        #expect(Self.checkGeneric(FenceLarge(), same: ==) == .tag)
        #expect(Self.checkGeneric(3 as Int8, same: ==) == .tag)
    }

    /// A generic enum looked up where its payload type is a generic parameter: the layout is
    /// the one the runtime computes for the type.
    @inline(never)
    private static func checkGeneric<Value: Sendable>(_ value: Value, same: (Value, Value) -> Bool) -> FencePath {
        let values: [FenceGeneric<Value>] = [.nothing, .other(value), .value(value)]
        return checkFence(
            FenceGeneric<Value>.value, named: "value", values,
            switch: {
                if case .value(let v) = $0 { v } else { nil }
            }, same: same)
    }

    @Test func enumsInOptionals() {
        let form = FenceForm(title: "some", flag: false, items: [9])
        let values: [FenceSingle?] = [.some(.form(form)), nil, .some(.first)]
        let some = checkFence(
            Optional<FenceSingle>.some, named: "some", values,
            switch: {
                if case .some(let v) = $0 { v } else { nil }
            }, same: { String(describing: $0) == String(describing: $1) })
        let nested: [Int??] = [.some(.some(1)), .some(nil), nil]
        let inner = checkFence(Optional<Int?>.some, named: "some", nested) {
            if case .some(let v) = $0 { v } else { nil }
        }
        #expect([some, inner] == [.tag, .tag])
    }

    @Test func aNonFrozenEnumOfTheStandardLibrary() {
        let context = DecodingError.Context(codingPath: [], debugDescription: "corrupt")
        let values: [DecodingError] = [
            .dataCorrupted(context), .typeMismatch(Int.self, context), .valueNotFound(String.self, context),
        ]
        let same = { (a: DecodingError.Context, b: DecodingError.Context) in a.debugDescription == b.debugDescription }
        let corrupted = checkFence(
            DecodingError.dataCorrupted, named: "dataCorrupted", values,
            switch: {
                if case .dataCorrupted(let v) = $0 { v } else { nil }
            }, same: same)
        let mismatch = checkFence(
            DecodingError.typeMismatch, named: "typeMismatch", values,
            switch: {
                if case .typeMismatch(let type, let context) = $0 { (type, context) } else { nil }
            }, same: { $0.0 == $1.0 && same($0.1, $1.1) })
        #expect([corrupted, mismatch] == [.tag, .tag])
    }
}
