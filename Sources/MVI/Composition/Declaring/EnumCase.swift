/// One case of an enum whose single associated value is a child's state: the case itself
/// (`Destination.edit`, a function from the payload to the enum) is all a declaration gives.
///
/// Extracting reads the enum's case name and payload with `Mirror`, then checks the name
/// against the case's: two cases carrying the same type (`add` and `edit`, both a form's
/// state) are told apart. The case's name is learnt from the first payload extracted and kept,
/// and with it the case's tag (``EnumLayout``), once ``EnumCaseFence`` has found that a look-up
/// by tag agrees with `Mirror` for the case: from then on a look-up compares tags and copies
/// the payload out, as a `switch` would, without `Mirror`. Where they disagree, or the layout
/// is one ``EnumLayout`` does not know, every look-up goes through `Mirror`.
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

    /// The case `embed` makes, looked up by tag where the fence allows it.
    @usableFromInline init(_ embed: @escaping @Sendable (Payload) -> Enum) {
        self.init(embed, layout: EnumLayout(of: Enum.self))
    }

    /// A case read through `layout` once the fence has checked it; through `Mirror` only if
    /// `nil`. Tests give a layout that answers wrongly here, to see the fence catch it.
    init(_ embed: @escaping @Sendable (Payload) -> Enum, layout: EnumLayout?) {
        self.embed = embed
        self.name = Locked(nil)
        self.layout = CaseLayout(layout: layout)
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
        guard let found = EnumCaseFence.mirror(of: value, as: Payload.self) else { return nil }
        if let known = name.withLock({ $0 }) {
            guard known == found.label else { return nil }
            if !layout.isLearnt { learnLayout(from: value, found) }
            return found.payload
        }
        // Learn this case's name by embedding the payload found: the same payload type may
        // belong to another case of the enum.
        guard let ownLabel = EnumCaseFence.mirror(of: embed(found.payload), as: Payload.self)?.label else {
            return nil
        }
        name.withLock { $0 = ownLabel }
        guard ownLabel == found.label else { return nil }
        learnLayout(from: value, found)
        return found.payload
    }

    /// Learns the case's tag from `value`, of this case, as `Mirror` found it: kept if the
    /// fence finds that the look-up by tag agrees with `Mirror`, else `Mirror` stays.
    private func learnLayout(from value: Enum, _ found: EnumCaseFence.Found<Payload>) {
        guard let enumLayout = layout.layout else { return }
        layout.learn(tag: EnumCaseFence.tag(enumLayout, of: value, found: found, embedded: embed(found.payload)))
    }

    /// Whether `value` is this case.
    @inlinable func matches(_ value: Enum) -> Bool { extract(from: value) != nil }
}
