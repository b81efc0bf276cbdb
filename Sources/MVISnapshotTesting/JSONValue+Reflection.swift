#if SnapshotTesting
import MVI
import MVIJSON

/// JSON values built from any Swift value by reflection: how an ``InteractionLog``
/// describes intents.
extension JSONValue {
    /// How deep reflection goes before describing a value as text (reference cycles).
    static let maxDepth = 12

    /// A value by reflection: structs and classes become objects (sorted keys), collections
    /// arrays, dictionaries objects keyed by their keys' descriptions, enum cases
    /// `"case"` or `{"case": payload}`, optionals their value or `null`, other leaves text.
    init(reflecting value: Any, depth: Int = 0) {
        switch value {
        case let value as String: self = .string(value)
        case let value as Substring: self = .string(String(value))
        case let value as Character: self = .string(String(value))
        case let value as Bool: self = .bool(value)
        case let value as any BinaryInteger: self = .number(String(describing: value))
        case let value as Double:
            self = value.isFinite ? .number(String(describing: value)) : .string(String(describing: value))
        case let value as Float:
            self = value.isFinite ? .number(String(describing: value)) : .string(String(describing: value))
        default: self = Self.reflect(value, depth: depth)
        }
    }

    private static func reflect(_ value: Any, depth: Int) -> JSONValue {
        let mirror = Mirror(reflecting: value)
        guard depth < maxDepth else { return .string(String(describing: value)) }
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return .null }
            return JSONValue(reflecting: wrapped, depth: depth + 1)
        case .collection:
            return .array(mirror.children.map { JSONValue(reflecting: $0.value, depth: depth + 1) })
        case .set:
            let elements = mirror.children.map { JSONValue(reflecting: $0.value, depth: depth + 1) }
            return .array(elements.sorted { $0.compactText < $1.compactText })
        case .dictionary:
            var object: [String: JSONValue] = [:]
            for child in mirror.children {
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { continue }
                object[String(describing: pair[0].value)] = JSONValue(reflecting: pair[1].value, depth: depth + 1)
            }
            return .object(object)
        case .enum:
            guard let payload = mirror.children.first else { return .string(String(describing: value)) }
            return .object([payload.label ?? "case": JSONValue(reflecting: payload.value, depth: depth + 1)])
        case .tuple, .struct, .class:
            if mirror.children.isEmpty { return .string(String(describing: value)) }
            var object: [String: JSONValue] = [:]
            for (index, child) in mirror.children.enumerated() {
                object[Self.key(child.label, index: index)] = JSONValue(reflecting: child.value, depth: depth + 1)
            }
            return .object(object)
        default:
            return .string(String(describing: value))
        }
    }

    /// A parameter key: the label, or the position for an unlabelled tuple element.
    static func key(_ label: String?, index: Int) -> String {
        guard let label, !label.hasPrefix(".") else { return "_\(index)" }
        return label
    }

    /// An intent as `{"name": {"params": [...]}}`; a case without payload has no parameters.
    static func call(reflecting intent: Any) -> JSONValue {
        let mirror = Mirror(reflecting: intent)
        guard mirror.displayStyle == .enum else {
            return call(name: String(describing: type(of: intent)), params: [(nil, JSONValue(reflecting: intent))])
        }
        guard let payload = mirror.children.first else {
            return call(name: String(describing: intent), params: [])
        }
        let name = payload.label ?? String(describing: intent)
        let payloadMirror = Mirror(reflecting: payload.value)
        guard payloadMirror.displayStyle == .tuple else {
            return call(name: name, params: [(nil, JSONValue(reflecting: payload.value, depth: 1))])
        }
        return call(
            name: name,
            params: payloadMirror.children.map { child in
                let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
                return (label, JSONValue(reflecting: child.value, depth: 1))
            })
    }

    /// `{"name": {"params": [value or {"label": value}, ...]}}`.
    static func call(name: String, params: [(label: String?, value: JSONValue)]) -> JSONValue {
        .object([
            name: .object([
                "params": .array(
                    params.map { param in
                        guard let label = param.label else { return param.value }
                        return .object([label: param.value])
                    })
            ])
        ])
    }
}
#endif
