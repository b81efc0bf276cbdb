import Synchronization

/// One case of an enum whose single associated value is a child's state: the case itself
/// (`Destination.edit`, a function from the payload to the enum) is all a declaration gives.
///
/// Extracting reads the enum's case name and payload with `Mirror`, then checks the name
/// against the case's: two cases carrying the same type (`add` and `edit`, both a form's
/// state) are told apart. The case's name is learnt from the first payload extracted and kept.
/// No macro and no package: the toolchain's reflection is enough for a case whose associated
/// value is one unlabelled value.
@usableFromInline
struct EnumCase<Enum, Payload>: Sendable {
    @usableFromInline let embed: @Sendable (Payload) -> Enum
    /// The case's name, once learnt from a payload; shared by the copies of this value.
    let name: CaseName

    @usableFromInline init(_ embed: @escaping @Sendable (Payload) -> Enum) {
        self.embed = embed
        self.name = CaseName()
    }

    /// The payload, if `value` is this case.
    @usableFromInline func extract(from value: Enum) -> Payload? {
        guard let (label, payload) = Self.caseAndPayload(of: value) else { return nil }
        if let known = name.value { return known == label ? payload : nil }
        // Learn this case's name by embedding the payload found: the same payload type may
        // belong to another case of the enum.
        guard let ownLabel = Self.caseAndPayload(of: embed(payload))?.label else { return nil }
        name.learn(ownLabel)
        return ownLabel == label ? payload : nil
    }

    /// Whether `value` is this case.
    @usableFromInline func matches(_ value: Enum) -> Bool { extract(from: value) != nil }

    /// The case name of an enum value and its payload, if it has one of type `Payload`.
    private static func caseAndPayload(of value: Enum) -> (label: String, payload: Payload)? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label,
            let payload = child.value as? Payload
        else { return nil }
        return (label, payload)
    }
}

/// A case's name, learnt once.
final class CaseName: Sendable {
    private let stored = Mutex<String?>(nil)

    var value: String? { stored.withLock { $0 } }

    func learn(_ name: String) { stored.withLock { $0 = name } }
}
