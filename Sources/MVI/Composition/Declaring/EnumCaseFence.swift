/// The check that lets an ``EnumCase`` look its case up by tag (``EnumLayout``): made the first
/// time a case of an enum type is looked up, on the value looked up, against `Mirror`, and
/// kept for the process, so that `Mirror` answers wherever the two might disagree.
///
/// A look-up by tag is used for a case only when, for the first value of it:
/// - the tag names the case `Mirror` names: the field entry at the tag's index has the case
///   name `Mirror` gives, a payload stored inline (not `indirect`), and the tag is the one of
///   the case that the look-up's embedding makes from the payload;
/// - the payload's declared type, as the runtime hands it to `Mirror`, is the look-up's
///   payload type (a tuple may differ in its labels only), no larger than the enum, and of a
///   kind stored alike in every enum: not a function or a metatype, nor an Optional or a
///   tuple holding one (their representation depends on the enum that holds them: `Mirror`
///   and a copy by tag both misread a function payload, which only a `switch` reads right);
/// - the payload copied out by tag is `Mirror`'s, from the value and from the case made from
///   `Mirror`'s payload (the same bytes, or equal, or dumped alike).
/// Any other answer, or a layout ``EnumLayout`` does not know, and the case keeps `Mirror`.
enum EnumCaseFence {
    /// A case of an enum type, read as a payload type.
    struct Key: Hashable, Sendable {
        let enumType: ObjectIdentifier
        let payloadType: ObjectIdentifier
        let tag: UInt32
    }

    /// The verdicts so far, by case: `true` where the look-up by tag agreed with `Mirror`.
    static let verdicts = Locked<[Key: Bool]>([:])

    /// What `Mirror` finds in an enum value: its case's name, its payload as the runtime gives
    /// it (boxed with its declared type), and that payload as a `Payload`.
    struct Found<Payload> {
        let label: String
        let stored: Any
        let payload: Payload
    }

    /// The case name and payload of `value`, if it has a payload of type `Payload`.
    static func mirror<Enum, Payload>(of value: Enum, as _: Payload.Type) -> Found<Payload>? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum || mirror.displayStyle == .optional, let child = mirror.children.first,
            let label = child.label, let payload = child.value as? Payload
        else { return nil }
        return Found(label: label, stored: child.value, payload: payload)
    }

    /// The tag to look up the case of `value` by from now on, or `nil` to keep `Mirror`.
    /// `found` is what `Mirror` found in `value`, of the look-up's case; `embedded` is the case
    /// the look-up's embedding makes from `found.payload`.
    static func tag<Enum, Payload>(
        _ layout: EnumLayout, of value: Enum, found: Found<Payload>, embedded: Enum
    ) -> UInt32? {
        let tag = layout.tag(of: value)
        guard layout.tag(of: embedded) == tag else { return nil }
        let key = Key(enumType: ObjectIdentifier(Enum.self), payloadType: ObjectIdentifier(Payload.self), tag: tag)
        if let verdict = verdicts.withLock({ $0[key] }) { return verdict ? tag : nil }
        // Checked outside the lock: the check runs `Mirror`, and `dump` may run user code.
        let agrees = check(layout, tag: tag, of: value, found: found, embedded: embedded)
        let verdict = verdicts.withLock { verdicts in
            if let earlier = verdicts[key] { return earlier }
            verdicts[key] = agrees
            return agrees
        }
        return verdict ? tag : nil
    }

    /// Whether the look-up by `tag` agrees with `Mirror` on `value` and on `embedded`.
    static func check<Enum, Payload>(
        _ layout: EnumLayout, tag: UInt32, of value: Enum, found: Found<Payload>, embedded: Enum
    ) -> Bool {
        guard let entry = layout.caseEntry(tag: tag), entry.name == found.label, entry.isInline,
            MemoryLayout<Payload>.size <= MemoryLayout<Enum>.size,
            isLaidOut(found.stored, as: found.payload),
            let again = mirror(of: embedded, as: Payload.self), again.label == found.label
        else { return false }
        // The case, its payload's type and its storage agree: a copy by tag reads the payload
        // as `Mirror` did. Compared all the same, from the value and from the round trip.
        return agree(layout.payload(of: value, tag: tag, as: Payload.self), found.payload)
            && agree(layout.payload(of: embedded, tag: tag, as: Payload.self), again.payload)
    }

    /// Whether `stored`, boxed with a payload's declared type, is laid out as `payload`'s type:
    /// the same type, or tuples whose elements are laid out alike (labels do not count).
    static func isLaidOut<Payload>(_ stored: Any, as payload: Payload) -> Bool {
        let storedType = declaredType(of: stored)
        guard isPlain(storedType, stored) else { return false }
        if storedType == Payload.self { return true }
        return isLaidOut(stored, storedType, asValue: payload, Payload.self)
    }

    /// Tuples element by element: both `stored` and `other` of tuple types (their mirrors show
    /// the boxed type itself, not a value inside an existential), of the same length, each
    /// element's declared type the other's or a tuple laid out alike.
    private static func isLaidOut(
        _ stored: Any, _ storedType: Any.Type, asValue other: Any, _ otherType: Any.Type
    ) -> Bool {
        if storedType == otherType { return true }
        let storedMirror = Mirror(reflecting: stored)
        let otherMirror = Mirror(reflecting: other)
        guard storedMirror.displayStyle == .tuple, otherMirror.displayStyle == .tuple,
            storedMirror.subjectType == storedType, otherMirror.subjectType == otherType,
            storedMirror.children.count == otherMirror.children.count
        else { return false }
        return zip(storedMirror.children, otherMirror.children).allSatisfy { storedElement, otherElement in
            isLaidOut(
                storedElement.value, declaredType(of: storedElement.value),
                asValue: otherElement.value, declaredType(of: otherElement.value))
        }
    }

    /// Whether a value of type `type` (`value`, boxed with it, if known) is stored alike in
    /// every enum and every generic context: a struct, an enum, a class, an existential or an
    /// existential metatype, or an Optional or tuple of those. A function is stored as the
    /// enum's declaration lowers it (its arguments direct or indirect), a metatype with or
    /// without its bytes.
    static func isPlain(_ type: Any.Type, _ value: Any?) -> Bool {
        switch EnumLayout.kind(of: type) {
        case 0x200, 0x201, 0x303, 0x306: return true
        case 0x202:
            guard let optional = type as? any OptionalPayload.Type else { return false }
            return isPlain(optional.wrappedType, nil)
        case 0x301:
            guard let value, Mirror(reflecting: value).subjectType == type else { return false }
            return Mirror(reflecting: value).children.allSatisfy { element in
                isPlain(declaredType(of: element.value), element.value)
            }
        case let kind: return kind == 0 || kind > 0x7FF
        }
    }

    /// The type `value` was boxed with: an existential's own type, not the value's inside it
    /// (`type(of:)` looks through every box). Not generic: opening an `Any` inside a generic
    /// function crashes the compiler (Swift 6.3.1).
    static func declaredType(of value: Any) -> Any.Type {
        _openExistential(value, do: boxedType)
    }

    /// Whether two payloads are the same value: the same bytes, or equal, or dumped alike.
    static func agree<Payload>(_ first: Payload, _ second: Payload) -> Bool {
        let sameBytes = withUnsafeBytes(of: first) { first in
            withUnsafeBytes(of: second) { first.elementsEqual($0) }
        }
        if sameBytes { return true }
        if let equatable = first as? any Equatable { return isEqual(equatable, second) }
        var firstDump = ""
        var secondDump = ""
        dump(first, to: &firstDump)
        dump(second, to: &secondDump)
        return firstDump == secondDump
    }

    private static func isEqual<Value: Equatable>(_ value: Value, _ other: Any) -> Bool {
        (other as? Value).map { $0 == value } ?? false
    }
}

/// The type a value is opened as: for an opened `Any`, the type it was boxed with.
private func boxedType<Value>(_: Value) -> Any.Type { Value.self }

/// An Optional, whose wrapped type ``EnumCaseFence`` checks as it checks a payload's.
protocol OptionalPayload {
    /// The wrapped type.
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalPayload {
    static var wrappedType: Any.Type { Wrapped.self }
}
