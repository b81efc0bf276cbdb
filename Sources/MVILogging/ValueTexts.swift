import MVI

/// What the middleware learns once about the values of one type it writes (intents,
/// messages): whether one can be routed to a child, and the text of values already written.
///
/// `String(describing:)` of a value asks its type for half a dozen conformances, most of
/// which it does not have (failed look-ups are the slow ones), and then reflects over it.
/// Its text is kept, keyed by the value's bytes, when that text is a function of them: a
/// trivial (`_isPOD`) struct or enum of at most 16 bytes that, at every level (checked with
/// `Mirror` the first time a value is written), is a standard number or `Bool`, or a struct,
/// enum, tuple or `Optional` that does not customize its text or its mirror. Other values are
/// described each time. At most ``capacity`` texts are kept per type.
final class ValueTexts<Value>: Sendable {
    /// Whether a value may be routed to a child: its feature has child scopes.
    let mayRoute: Bool
    /// Whether a value's text may be kept (see the type's description).
    private let isKeyable: Bool
    private let texts = Locked<[ValueKey: String?]>([:])

    /// The most texts kept; past it, values not yet seen are described each time.
    static var capacity: Int { 256 }

    /// - Parameter featureRoutes: Whether the feature whose values these are has children
    ///   (``MVI/Feature/childScopes``).
    init(featureRoutes: Bool = false) {
        let kind = MetadataKind(Value.self)
        let isConcrete = (kind == .struct || kind == .enum) && Value.self != AnyHashable.self
        mayRoute = featureRoutes
        isKeyable =
            isConcrete && _isPOD(Value.self) && MemoryLayout<Value>.size <= MemoryLayout<ValueKey>.size
            && !Self.hasCustomText(Value.self)
    }

    /// `describe(value)`, or the text it made for a value with the same bytes.
    func text(of value: Value, _ describe: (Value) -> String) -> String {
        guard isKeyable else { return describe(value) }
        var key = ValueKey()
        withUnsafeBytes(of: value) { bytes in
            withUnsafeMutableBytes(of: &key) { $0.copyMemory(from: bytes) }
        }
        // `nil` inside: seen, and not a function of its bytes.
        if let kept = texts.withLock({ $0[key] }) {
            return kept ?? describe(value)
        }
        let text = describe(value)
        let keyable = Self.isPlain(value, depth: 0)
        texts.withLock { texts in
            if texts.count < Self.capacity { texts[key] = keyable ? text : String?.none }
        }
        return text
    }

    /// Whether the standard library's text of `value` (`String(describing:)`) is made by
    /// its own reflection all the way down, with only numbers and `Bool`s as leaves.
    private static func isPlain(_ value: Any, depth: Int) -> Bool {
        guard depth < 16 else { return false }
        switch value {
        case is Int, is Int8, is Int16, is Int32, is Int64, is UInt, is UInt8, is UInt16, is UInt32, is UInt64,
            is Float, is Double, is Bool:
            return true
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        // `Optional`'s own text: `nil` or `Optional(…)` of its wrapped value's.
        case .optional?: break
        case .struct?, .enum?, .tuple?:
            guard !hasCustomText(type(of: value)) else { return false }
        default: return false
        }
        return mirror.children.allSatisfy { isPlain($0.value, depth: depth + 1) }
    }

    /// Whether the type writes or reflects itself its own way.
    private static func hasCustomText(_ type: Any.Type) -> Bool {
        type is any CustomStringConvertible.Type || type is any CustomDebugStringConvertible.Type
            || type is any TextOutputStreamable.Type || type is any CustomReflectable.Type
    }
}

/// A value's bytes, up to 16 (not nested in the generic type: its dictionary's type is then
/// known when compiled, not looked up at run time).
struct ValueKey: Hashable {
    var low: UInt64 = 0
    var high: UInt64 = 0
}
