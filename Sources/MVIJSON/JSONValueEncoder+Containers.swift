#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `Encoder` a value's `encode(to:)` writes into.
struct NodeEncoder: Encoder {
    let node: EncodingNode
    let state: EncodingState
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, state: state, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedNodeContainer(node: node, state: state, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, state: state, codingPath: codingPath)
    }
}

/// A `super` key, as `JSONEncoder` names it.
struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let state: EncodingState
    let codingPath: [any CodingKey]

    private func put(_ value: JSONValue, _ key: Key) { node.set(.value(value), forKey: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        put(try state.number(value, codingPath: codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        put(try state.number(value, codingPath: codingPath + [key]), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(.number(String(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(.number(String(value)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        put(try state.box(value, codingPath: codingPath + [key]), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingNode()
        child.makeObject()
        node.set(.node(child), forKey: key.stringValue)
        return KeyedEncodingContainer(
            KeyedNodeContainer<NestedKey>(node: child, state: state, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodingNode()
        child.makeArray()
        node.set(.node(child), forKey: key.stringValue)
        return UnkeyedNodeContainer(node: child, state: state, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: SuperKey(), as: "super")
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key, as: key.stringValue)
    }

    private func superEncoder(named key: any CodingKey, as name: String) -> any Encoder {
        let child = EncodingNode()
        node.set(.node(child), forKey: name)
        return NodeEncoder(node: child, state: state, codingPath: codingPath + [key])
    }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer, ValueWriter {
    let node: EncodingNode
    let state: EncodingState
    let codingPath: [any CodingKey]

    var count: Int { node.count }

    private var nextKey: IndexKey { IndexKey(count) }
    var valuePath: [any CodingKey] { codingPath + [nextKey] }
    func put(_ value: JSONValue) { node.append(.value(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        let child = EncodingNode()
        child.makeObject()
        node.append(.node(child))
        return KeyedEncodingContainer(
            KeyedNodeContainer<NestedKey>(node: child, state: state, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let child = EncodingNode()
        child.makeArray()
        node.append(.node(child))
        return UnkeyedNodeContainer(node: child, state: state, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        let child = EncodingNode()
        node.append(.node(child))
        return NodeEncoder(node: child, state: state, codingPath: codingPath + [key])
    }
}

struct SingleNodeContainer: SingleValueEncodingContainer, ValueWriter {
    let node: EncodingNode
    let state: EncodingState
    let codingPath: [any CodingKey]

    var valuePath: [any CodingKey] { codingPath }
    func put(_ value: JSONValue) { node.content = .value(value) }
}

/// The `encode` methods the unkeyed and the single-value containers share, written once: each
/// puts one value where its container writes the next one (``put(_:)``), at ``valuePath``.
protocol ValueWriter {
    var state: EncodingState { get }
    /// The coding path of the value written next (for a non-finite number's error).
    var valuePath: [any CodingKey] { get }
    func put(_ value: JSONValue)
}

extension ValueWriter {
    func encodeNil() throws { put(.null) }
    func encode(_ value: Bool) throws { put(.bool(value)) }
    func encode(_ value: String) throws { put(.string(value)) }
    func encode(_ value: Double) throws { put(try state.number(value, codingPath: valuePath)) }
    func encode(_ value: Float) throws { put(try state.number(value, codingPath: valuePath)) }
    func encode(_ value: Int) throws { put(.number(String(value))) }
    func encode(_ value: Int8) throws { put(.number(String(value))) }
    func encode(_ value: Int16) throws { put(.number(String(value))) }
    func encode(_ value: Int32) throws { put(.number(String(value))) }
    func encode(_ value: Int64) throws { put(.number(String(value))) }
    func encode(_ value: UInt) throws { put(.number(String(value))) }
    func encode(_ value: UInt8) throws { put(.number(String(value))) }
    func encode(_ value: UInt16) throws { put(.number(String(value))) }
    func encode(_ value: UInt32) throws { put(.number(String(value))) }
    func encode(_ value: UInt64) throws { put(.number(String(value))) }
    func encode<T: Encodable>(_ value: T) throws { put(try state.box(value, codingPath: valuePath)) }
}
