/// One case of an enum whose single associated value is a child's state: the case itself
/// (`Destination.edit`, a function from the payload to the enum) is all a declaration gives.
///
/// Extracting reads the enum's case name and payload with `Mirror`, then checks the name
/// against the case's: two cases carrying the same type (`add` and `edit`, both a form's
/// state) are told apart. The case's name is learnt from the first payload extracted and kept,
/// and with it the case's tag (``EnumLayout``): from then on a look-up compares tags and
/// copies the payload out, as a `switch` would, without `Mirror`.
/// No macro and no package: the toolchain's reflection is enough for a case whose associated
/// value is one unlabelled value.
@usableFromInline
struct EnumCase<Enum, Payload>: Sendable {
    @usableFromInline let embed: @Sendable (Payload) -> Enum
    /// The case's name, once learnt from a payload; shared by the copies of this value. Read
    /// and written only on the `Mirror` path, never once the tag is learnt.
    let name: Locked<String?>
    /// The case's tag, once learnt: then a look-up reads the tag and copies the payload,
    /// without `Mirror` (``EnumLayout``).
    @usableFromInline let layout: CaseLayout

    @usableFromInline init(_ embed: @escaping @Sendable (Payload) -> Enum) {
        self.embed = embed
        self.name = Locked(nil)
        self.layout = CaseLayout(of: Enum.self)
    }

    /// The payload, if `value` is this case. Inlinable, so that the look-up by tag is
    /// specialized for the enum where the case is used.
    @inlinable func extract(from value: Enum) -> Payload? {
        if let tag = layout.tag, let enumLayout = layout.layout {
            guard enumLayout.tag(of: value) == tag else { return nil }
            return enumLayout.payload(of: value, tag: tag, as: Payload.self)
        }
        return extractLearning(from: value)
    }

    /// The payload through `Mirror`, learning the case's name and tag on the way.
    @usableFromInline func extractLearning(from value: Enum) -> Payload? {
        guard let (label, payload) = Self.caseAndPayload(of: value) else { return nil }
        if let known = name.withLock({ $0 }) {
            guard known == label else { return nil }
            if !layout.isLearnt { learnLayout(from: payload, matching: value) }
            return payload
        }
        // Learn this case's name by embedding the payload found: the same payload type may
        // belong to another case of the enum.
        guard let ownLabel = Self.caseAndPayload(of: embed(payload))?.label else { return nil }
        name.withLock { $0 = ownLabel }
        guard ownLabel == label else { return nil }
        learnLayout(from: payload, matching: value)
        return payload
    }

    /// Learns the case's tag from a payload `Mirror` found in `value`, of this case: usable
    /// when the case made from the payload has `value`'s tag and holds the payload inline.
    private func learnLayout(from payload: Payload, matching value: Enum) {
        guard let enumLayout = layout.layout else { return }
        let embedded = embed(payload)
        let tag = enumLayout.tag(of: embedded)
        let usable = tag == enumLayout.tag(of: value) && enumLayout.storesInline(tag: tag)
        layout.learn(tag: usable ? tag : nil)
    }

    /// Whether `value` is this case.
    @inlinable func matches(_ value: Enum) -> Bool { extract(from: value) != nil }

    /// The case name of an enum value and its payload, if it has one of type `Payload`.
    private static func caseAndPayload(of value: Enum) -> (label: String, payload: Payload)? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label,
            let payload = child.value as? Payload
        else { return nil }
        return (label, payload)
    }
}
