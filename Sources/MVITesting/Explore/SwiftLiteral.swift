import Foundation

/// A value written as Swift source, for the test `explore` prints: structs as their
/// memberwise initializer, enums as their cases, collections as literals, on one line.
/// What has no source form of its own (a class, a closure) is written as it describes itself:
/// a best effort, which the printed test shows by not compiling.
enum SwiftLiteral {
    static func write(_ value: Any) -> String {
        switch value {
        case let string as String: return string.debugDescription
        case let character as Character: return String(character).debugDescription
        case let bool as Bool: return "\(bool)"
        case let uuid as UUID: return "UUID(uuidString: \"\(uuid.uuidString)\")!"
        case let date as Date: return "Date(timeIntervalSince1970: \(date.timeIntervalSince1970))"
        case let duration as Duration: return write(duration)
        case is any BinaryInteger, is any BinaryFloatingPoint: return "\(value)"
        default: return reflecting(value)
        }
    }

    private static func write(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return ".seconds(\(seconds))" }
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        return nanoseconds % 1_000_000 == 0
            ? ".milliseconds(\(nanoseconds / 1_000_000))" : ".nanoseconds(\(nanoseconds))"
    }

    private static func reflecting(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        let children = Array(mirror.children)
        switch mirror.displayStyle {
        case .optional:
            return children.first.map { write($0.value) } ?? "nil"
        case .collection, .set:
            return "[" + children.map { write($0.value) }.joined(separator: ", ") + "]"
        case .dictionary:
            guard !children.isEmpty else { return "[:]" }
            return "["
                + children.map { pair in
                    let parts = Array(Mirror(reflecting: pair.value).children)
                    return parts.count == 2 ? "\(write(parts[0].value)): \(write(parts[1].value))" : write(pair.value)
                }.joined(separator: ", ") + "]"
        case .tuple:
            return "(" + arguments(children) + ")"
        case .enum:
            let type = typeName(of: value)
            guard let payload = children.first, let label = payload.label else { return "\(type).\(value)" }
            let inner = Mirror(reflecting: payload.value)
            let values = inner.displayStyle == .tuple ? Array(inner.children) : [(label: nil, value: payload.value)]
            return "\(type).\(label)(" + arguments(values) + ")"
        case .struct:
            // An ordered collection reflects its storage: written as the literal it prints.
            if let sequence = value as? any Sequence, let literal = orderedLiteral(sequence) { return literal }
            return typeName(of: value) + "(" + arguments(children) + ")"
        default:
            return String(describing: value)
        }
    }

    /// `label: value` for each child (a child without a label, or with a `.0` one, unlabelled).
    private static func arguments(_ children: [(label: String?, value: Any)]) -> String {
        children.map { child in
            guard let label = child.label, !label.hasPrefix(".") else { return write(child.value) }
            return "\(label): \(write(child.value))"
        }.joined(separator: ", ")
    }

    /// A sequence of key-value pairs (an `OrderedDictionary`) as a dictionary literal, or of
    /// elements (an `OrderedSet`) as an array literal.
    private static func orderedLiteral(_ sequence: any Sequence) -> String? {
        let elements = anyElements(sequence)
        let pairs = elements.map { Array(Mirror(reflecting: $0).children) }
        if !elements.isEmpty, pairs.allSatisfy({ $0.count == 2 && $0[0].label == "key" }) {
            return "[" + pairs.map { "\(write($0[0].value)): \(write($0[1].value))" }.joined(separator: ", ") + "]"
        }
        let name = String(describing: type(of: sequence))
        if elements.isEmpty { return name.hasPrefix("OrderedDictionary") ? "[:]" : "[]" }
        return "[" + elements.map(write).joined(separator: ", ") + "]"
    }

    private static func anyElements<Elements: Sequence>(_ sequence: Elements) -> [Any] {
        sequence.map { $0 }
    }

    /// The type's name as its module's code spells it (`TodoList.State`), without the module.
    private static func typeName(of value: Any) -> String {
        let name = String(reflecting: type(of: value))
        guard let dot = name.firstIndex(of: ".") else { return name }
        return String(name[name.index(after: dot)...])
    }
}
