import CustomDump
import MVI

@_spi(Reflection) import Swift

/// What reflection tells about a state type's stored fields, learnt once per type: each
/// field's name, where it is in the state's bytes, and how two of its values are compared,
/// so that diffing two states reads their fields in place instead of through `Mirror` (whose
/// every use looks the field names and types up again; the runtime does not cache them).
///
/// Only a struct whose every field is a value (a struct or an enum, optionally wrapped in
/// `Optional`s), `Equatable`, not macro storage (`_$…`), and that does not customize how it
/// is reflected or dumped has a layout; anything else (a class or existential field, which
/// may be `weak` or `unowned` and is then not stored as its type says) is diffed through
/// `Mirror` as before.
final class StateLayout: Sendable {
    /// One stored field.
    struct Field: @unchecked Sendable {  // its closures capture only an offset and the field's type
        /// Its name, as `Mirror` labels it.
        let label: String
        /// Its offset in the state's bytes.
        let offset: Int
        /// Its size in bytes.
        let size: Int
        /// `==` of the field in two states (the states' first bytes).
        let isEqual: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
        /// The field's value in a state (its first byte), boxed as `Mirror` would box it.
        let value: (UnsafeRawPointer) -> Any
        /// Whether custom-dump's folded text of the field (`maxDepth: 0`) is a function of its
        /// bytes while a copy of it is kept: a standard collection (`[…]`, `[]`) or a string,
        /// whose type does not customize its dump (a kept copy pins the buffer, which then
        /// cannot change in place or be reused).
        let foldsByBytes: Bool
    }

    /// The fields, in declaration order (`Mirror`'s order).
    let fields: [Field]

    /// The last folded text of each field whose fold is a function of its bytes, with the
    /// bytes it was made for and a copy of the value that keeps them meaning the same.
    private let folds = Locked<[Int: Fold]>([:])

    /// A field's folded text and what it was made from.
    struct Fold: @unchecked Sendable {  // `kept` is a copy of a field of a Sendable state, never read
        let bytes: [UInt8]
        let kept: Any
        let text: String
    }

    private init(fields: [Field]) {
        self.fields = fields
    }

    /// The layout of `State`, or `nil` when it has none (see the type's description).
    static func make<State>(of _: State.Type) -> StateLayout? {
        guard MetadataKind(State.self) == .struct, !(State.self is any CustomReflectable.Type),
            !isCustomDumped(State.self)
        else { return nil }
        var fields: [Field] = []
        var supported = true
        let walked = _forEachField(of: State.self) { name, offset, type, _ in
            let label = String(cString: name)
            guard !label.isEmpty, !label.hasPrefix("_$"), isPlainValue(type),
                let equatable = type as? any Equatable.Type
            else {
                supported = false
                return false
            }
            fields.append(field(equatable, label: label, offset: offset))
            return true
        }
        // One field is a single-value container to custom-dump, written differently.
        guard walked, supported, fields.count > 1 else { return nil }
        return StateLayout(fields: fields)
    }

    /// The folded text of field `index` of the state at `state`, made by `make` unless the
    /// field's bytes are those it was last made for.
    func folded(_ index: Int, in state: UnsafeRawPointer, _ make: () -> String) -> String {
        let field = fields[index]
        guard field.foldsByBytes else { return make() }
        let bytes = UnsafeRawBufferPointer(start: state + field.offset, count: field.size)
        let hit = folds.withLock { folds -> String? in
            guard let fold = folds[index], fold.bytes.withUnsafeBytes({ $0.elementsEqual(bytes) }) else {
                return nil
            }
            return fold.text
        }
        if let hit { return hit }
        let text = make()
        let fold = Fold(bytes: Array(bytes), kept: field.value(state), text: text)
        folds.withLock { $0[index] = fold }
        return text
    }

    /// Drops the folded text kept for field `index` (it changed), and the copy of its value
    /// kept with it, which would pin a buffer the state no longer holds.
    func forgetFold(_ index: Int) {
        guard fields[index].foldsByBytes else { return }
        folds.withLock { _ = $0.removeValue(forKey: index) }
    }

    private static func field<Value: Equatable>(_: Value.Type, label: String, offset: Int) -> Field {
        Field(
            label: label, offset: offset, size: MemoryLayout<Value>.size,
            isEqual: { lhs, rhs in
                (lhs + offset).assumingMemoryBound(to: Value.self).pointee
                    == (rhs + offset).assumingMemoryBound(to: Value.self).pointee
            },
            value: { state in (state + offset).assumingMemoryBound(to: Value.self).pointee },
            foldsByBytes: Value.self is any FoldsByIdentity.Type && !isCustomDumped(Value.self)
        )
    }

    /// A struct or an enum, or an `Optional` of one: stored as its type says (a `weak` or
    /// `unowned` field is of a class or class-bound existential type, wrapped or not).
    private static func isPlainValue(_ type: Any.Type) -> Bool {
        switch MetadataKind(type) {
        case .struct, .enum: return true
        case .optional:
            guard let optional = type as? any OptionalType.Type else { return false }
            return isPlainValue(optional.wrappedType)
        default: return false
        }
    }

    /// Whether custom-dump writes values of the type its own way rather than through their
    /// mirror.
    private static func isCustomDumped(_ type: Any.Type) -> Bool {
        type is any CustomDumpStringConvertible.Type || type is any CustomDumpRepresentable.Type
            || type is any CustomDumpReflectable.Type
    }
}

/// The kinds of type metadata told apart here: the first word of a type's metadata (the
/// runtime's `MetadataKind`, part of its ABI).
enum MetadataKind: Equatable {
    case `struct`, `enum`, optional, other

    init(_ type: Any.Type) {
        // A metatype is a pointer to the type's metadata, whose first word is its kind.
        switch unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee {
        case 0x200: self = .struct
        case 0x201: self = .enum
        case 0x202: self = .optional
        default: self = .other
        }
    }
}

/// `Optional`, whose wrapped type a metatype cannot otherwise tell.
private protocol OptionalType {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalType {
    static var wrappedType: Any.Type { Wrapped.self }
}

/// The standard copy-on-write types whose buffer a kept copy pins: equal bytes are the same
/// buffer, unchanged since the copy was kept.
private protocol FoldsByIdentity {}

extension Array: FoldsByIdentity {}
extension ContiguousArray: FoldsByIdentity {}
extension Dictionary: FoldsByIdentity {}
extension Set: FoldsByIdentity {}
extension String: FoldsByIdentity {}
