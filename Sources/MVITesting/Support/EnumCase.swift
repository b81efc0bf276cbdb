/// Matches enum values against a case named by its constructor (`Message.loaded`, a
/// `(Int) -> Message`), by reflection: what `receive(_:)` needs to receive a case of a
/// message that is not `Equatable`, with no macro and no case path to declare.
enum EnumCase {
    /// The associated value of `value` if it is of the case `embed` makes, or `nil`.
    ///
    /// The value's reflected payload is cast to `Value` and embedded again: the result must
    /// be of the same case as `value` (two cases may share a payload type).
    static func extract<Root, Value>(_ embed: (Value) -> Root, from value: Root) -> Value? {
        guard let (label, payload) = caseAndPayload(of: value), let payload = payload as? Value else { return nil }
        guard caseAndPayload(of: embed(payload))?.label == label else { return nil }
        return payload
    }

    private static func caseAndPayload(of value: Any) -> (label: String, payload: Any)? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label else {
            return nil
        }
        return (label, child.value)
    }
}
