@testable import MVI
import Testing

/// Enums of their own for each test below: the fence's verdicts are kept per enum type and
/// case for the whole process, and a test that makes the look-up lie must not teach the others.
private enum WrongTag: Equatable, Sendable { case first(Int), second(Int), none }
private enum ShiftedTag: Equatable, Sendable { case first(Int), second(Int), none }
private enum WrongPayload: Equatable, Sendable { case first(Int), second(Int), none }
private enum Declared: @unchecked Sendable {  // `Any` holds only an Int here
    case maybe(Int?)
    case any(Any)
    case base(FenceBase)
    case none
}
private enum Stress: Equatable, Sendable { case add(FenceForm), edit(FenceForm), text(String), none }
private enum StressGeneric<Value: Equatable & Sendable>: Equatable, Sendable { case value(Value), other(Value), none }

/// A look-up by tag is checked against `Mirror` the first time, and `Mirror` answers wherever
/// they disagree: a tag or a payload read wrongly (through the layout's test seam), a payload
/// whose declared type is not the look-up's. And the first look-ups agree when they are many
/// at once.
@Suite(.timeLimit(.minutes(5))) struct EnumCaseFenceTests {
    /// `real`'s layout with its witnesses replaced.
    private func layout<Enum>(
        of _: Enum.Type, getTag: EnumLayout.GetTag? = nil, project: EnumLayout.Project? = nil
    ) -> EnumLayout {
        let real = EnumLayout(of: Enum.self)!
        return EnumLayout(
            metadata: real.metadata, getTag: getTag ?? real.getTag, project: project ?? real.project,
            inject: real.inject)
    }

    /// Looks each value up three times with `enumCase` and checks it against `expected`.
    private func check<Enum, Payload: Equatable>(
        _ enumCase: EnumCase<Enum, Payload>, _ values: [Enum], _ expected: [Payload?],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for _ in 0..<3 {
            for (value, expected) in zip(values, expected) {
                #expect(enumCase.extract(from: value) == expected, sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aLookUpWhoseTagsAreAllOneKeepsMirror() {
        // Every value reads as tag 0, the tag of `first`: the case `second` claims another name.
        let lying = layout(of: WrongTag.self, getTag: { _, _ in 0 })
        let second = EnumCase(WrongTag.second, layout: lying)
        check(second, [.second(2), .first(1), .none, .second(3)], [2, nil, nil, 3])
        #expect(second.layout.isLearnt && second.layout.tag == nil)
    }

    @Test func aLookUpWhoseTagsAreShiftedKeepsMirror() {
        // Each tag one more than the runtime's: consistent between the value and the case made
        // from its payload, but naming the next case.
        let shifted = layout(
            of: ShiftedTag.self,
            getTag: { value, metadata in
                EnumLayout(of: ShiftedTag.self)!.getTag(value, metadata) + 1
            })
        let first = EnumCase(ShiftedTag.first, layout: shifted)
        check(first, [.first(1), .second(2), .none, .first(4)], [1, nil, nil, 4])
        #expect(first.layout.isLearnt && first.layout.tag == nil)
    }

    @Test func aLookUpThatReadsAnotherPayloadKeepsMirror() {
        // The payload projected, then changed: the tag is right, the payload copied out is not.
        let corrupting = layout(
            of: WrongPayload.self,
            project: { value, metadata in
                EnumLayout(of: WrongPayload.self)!.project(value, metadata)
                value.storeBytes(of: value.load(as: Int.self) &+ 1, as: Int.self)
            })
        let second = EnumCase(WrongPayload.second, layout: corrupting)
        check(second, [.second(2), .first(1), .none, .second(30)], [2, nil, nil, 30])
        #expect(second.layout.isLearnt && second.layout.tag == nil)
    }

    @Test func aPayloadDeclaredAsAnotherTypeKeepsMirror() {
        // `Mirror` casts what the case holds to the look-up's type; a copy by tag would not.
        let maybe = EnumCase<Declared, Int> { .maybe($0) }
        #expect(maybe.extract(from: .maybe(3)) == 3)
        #expect(maybe.extract(from: .maybe(nil)) == nil)
        #expect(maybe.layout.isLearnt && maybe.layout.tag == nil)
        let any = EnumCase<Declared, Int> { .any($0) }
        #expect(any.extract(from: .any(5)) == 5)
        #expect(any.extract(from: .any("text")) == nil)
        #expect(any.layout.isLearnt && any.layout.tag == nil)
        let derived = EnumCase<Declared, FenceDerived> { .base($0) }
        let instance = FenceDerived()
        #expect(derived.extract(from: .base(instance)) === instance)
        #expect(derived.extract(from: .base(FenceBase())) == nil)
        #expect(derived.layout.isLearnt && derived.layout.tag == nil)
    }

    @Test func aLayoutTheCodeDoesNotKnowKeepsMirror() {
        #expect(EnumLayout(of: FenceForm.self) == nil)  // a struct
        #expect(EnumLayout(of: FenceReference.self) == nil)  // a class
        #expect(EnumLayout(of: (any FenceShape).self) == nil)  // an existential
        #expect(EnumLayout(of: (Int, Int).self) == nil)  // a tuple
        let existential = EnumCase<any Sendable, Int> { $0 }
        #expect(existential.layout.isLearnt && existential.layout.tag == nil)
        #expect(existential.extract(from: 3) == nil)  // not an enum: no case
    }

    @Test func theVerdictIsKeptPerTypeAndCase() {
        let form = FenceForm(title: "kept", flag: true, items: [])
        _ = EnumCase(Stress.edit).extract(from: .edit(form))
        let tag = EnumLayout(of: Stress.self)!.tag(of: Stress.edit(form))
        let key = EnumCaseFence.Key(
            enumType: ObjectIdentifier(Stress.self), payloadType: ObjectIdentifier(FenceForm.self), tag: tag)
        #expect(EnumCaseFence.verdicts.withLock { $0[key] } == true)
        // A new look-up of the same case finds the verdict and reads the tag at once.
        let again = EnumCase(Stress.edit)
        #expect(again.extract(from: .edit(form)) == form)
        #expect(again.layout.tag == tag)
    }

    @Test func manyFirstLookUpsAtOnceAgree() async {
        let forms = (0..<8).map { FenceForm(title: "form \($0)", flag: $0 % 2 == 0, items: Array(0..<$0)) }
        let values: [Stress] = forms.flatMap { [.add($0), .edit($0), .text($0.title), .none] }
        let shared = EnumCase(Stress.add)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<64 {
                group.addTask {
                    // Half the tasks share one look-up, half make their own: both learn at once.
                    let own = task % 2 == 0 ? shared : EnumCase(Stress.add)
                    let edit = EnumCase(Stress.edit)
                    for (index, value) in values.enumerated().shuffled() {
                        let form = forms[index / 4]
                        #expect(own.extract(from: value) == (index % 4 == 0 ? form : nil))
                        #expect(edit.extract(from: value) == (index % 4 == 1 ? form : nil))
                    }
                    #expect(own.layout.tag != nil && edit.layout.tag != nil)
                    await Self.firstLookUpsOfGenericCases(task)
                }
            }
        }
        #expect(shared.layout.tag != nil)
    }

    /// First look-ups of many cases (a generic enum over many types) at once, from each task.
    private static func firstLookUpsOfGenericCases(_ task: Int) async {
        func lookUp<Value: Equatable & Sendable>(_ value: Value) {
            let valueCase = EnumCase(StressGeneric<Value>.value)
            let otherCase = EnumCase(StressGeneric<Value>.other)
            for _ in 0..<2 {
                #expect(valueCase.extract(from: .value(value)) == value)
                #expect(valueCase.extract(from: .other(value)) == nil)
                #expect(otherCase.extract(from: .other(value)) == value)
                #expect(otherCase.extract(from: .none) == nil)
            }
            #expect(valueCase.layout.tag != nil && otherCase.layout.tag != nil)
        }
        lookUp(task)
        lookUp("task \(task)")
        lookUp(Double(task))
        lookUp([task])
        lookUp(FenceForm(title: "\(task)", flag: true, items: [task]))
        lookUp(Int8(truncatingIfNeeded: task))
        lookUp(task % 2 == 0)
        await Task.yield()
    }
}
