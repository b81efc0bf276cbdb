#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The keyed container of a ``JSONValueDecoding``: an object's fields.
struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }

    private func decoding(_ key: Key) throws -> JSONValueDecoding {
        guard let value = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "No value for key \"\(key.stringValue)\""))
        }
        return JSONValueDecoding(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try decoding(key).value { return true }
        return false
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoding(key).bool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoding(key).string() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoding(key).floatingPoint(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoding(key).floatingPoint(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoding(key).integer(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoding(key).integer(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoding(key).integer(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoding(key).integer(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoding(key).integer(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoding(key).integer(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoding(key).integer(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoding(key).integer(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoding(key).integer(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoding(key).integer(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoding(key).unbox(type) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoding(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoding(key).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder {
        JSONValueDecoding(value: fields["super"] ?? .null, codingPath: codingPath)
    }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONValueDecoding(value: fields[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

/// The unkeyed container of a ``JSONValueDecoding``: an array's elements, read in order.
struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element, moving past it only once it was decoded.
    private mutating func next<T>(_ type: T.Type, _ read: (JSONValueDecoding) throws -> T) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath + [IndexKey(currentIndex)],
                    debugDescription: "The array has no more elements"))
        }
        let value = try read(
            JSONValueDecoding(value: elements[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)]))
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.bool() } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.string() } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.floatingPoint(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.floatingPoint(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.integer(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.integer(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $0.integer(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $0.integer(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.integer(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.integer(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $0.integer(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try $0.integer(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try $0.integer(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try $0.integer(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $0.unbox(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
    }
    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { $0 }
    }
}

/// The single-value container of a ``JSONValueDecoding``.
struct SingleValueContainer: SingleValueDecodingContainer {
    let decoding: JSONValueDecoding
    var codingPath: [any CodingKey] { decoding.codingPath }

    func decodeNil() -> Bool {
        if case .null = decoding.value { return true }
        return false
    }
    func decode(_ type: Bool.Type) throws -> Bool { try decoding.bool() }
    func decode(_ type: String.Type) throws -> String { try decoding.string() }
    func decode(_ type: Double.Type) throws -> Double { try decoding.floatingPoint(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoding.floatingPoint(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoding.integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoding.integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoding.integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoding.integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoding.integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoding.integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoding.integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoding.integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoding.integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoding.integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoding.unbox(type) }
}
