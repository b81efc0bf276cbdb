import MVI
import MVIJSON

/// Reads a recording from parsed JSON, naming the path of the first field that is wrong.
/// (The `Decodable` conformance works too, but throws once per value it tries.)
extension TimeTravelRecording {
    init(reading json: JSONValue) throws(TimeTravelImportError) {
        let root = try Field.object(json, "(root)")
        format = try Field.string(root["format"], "format")
        version = try Field.integer(root["version"], "version")
        exportedAt = try Field.number(root["exportedAt"], "exportedAt")
        stores = []
        for (index, store) in try Field.array(root["stores"], "stores").enumerated() {
            stores.append(try StoreEntry(reading: store, path: "stores[\(index)]"))
        }
        events = []
        for (index, event) in try Field.array(root["events"], "events").enumerated() {
            events.append(try Event(reading: event, path: "events[\(index)]"))
        }
    }
}

extension TimeTravelRecording.StoreEntry {
    init(reading json: JSONValue, path: String) throws(TimeTravelImportError) {
        let fields = try Field.object(json, path)
        id = try Field.integer(fields["id"], "\(path).id")
        name = try Field.string(fields["name"], "\(path).name")
        let types = try Field.object(fields["types"] ?? .null, "\(path).types")
        self.types = TimeTravelRecording.TypeNames(
            state: try Field.string(types["state"], "\(path).types.state"),
            intent: try Field.string(types["intent"], "\(path).types.intent"),
            message: try Field.string(types["message"], "\(path).types.message"),
            sideEffect: try Field.string(types["sideEffect"], "\(path).types.sideEffect"))
        initialState = Field.optional(fields["initialState"])
        initialStateDescription = try Field.optionalString(
            fields["initialStateDescription"], "\(path).initialStateDescription")
        if let calls = Field.optional(fields["calls"]) {
            self.calls = []
            for (index, call) in try Field.array(calls, "\(path).calls").enumerated() {
                self.calls?.append(try TimeTravelRecording.Call(reading: call, path: "\(path).calls[\(index)]"))
            }
        } else {
            calls = nil
        }
        if let names = Field.optional(fields["unrecordedCalls"]) {
            unrecordedCalls = []
            for (index, name) in try Field.array(names, "\(path).unrecordedCalls").enumerated() {
                unrecordedCalls?.append(try Field.string(name, "\(path).unrecordedCalls[\(index)]"))
            }
        } else {
            unrecordedCalls = nil
        }
    }
}

extension TimeTravelRecording.Call {
    init(reading json: JSONValue, path: String) throws(TimeTravelImportError) {
        let fields = try Field.object(json, path)
        before = try Field.sequence(fields["before"], "\(path).before")
        name = try Field.string(fields["name"], "\(path).name")
        let known: Outcome = try Field.rawCase(fields["outcome"], "\(path).outcome", "outcome")
        self.outcome = known
        result = Field.optional(fields["result"])
        if let error = Field.optional(fields["error"]) {
            let errorFields = try Field.object(error, "\(path).error")
            self.error = Failure(
                type: try Field.string(errorFields["type"], "\(path).error.type"),
                description: try Field.string(errorFields["description"], "\(path).error.description"),
                value: Field.optional(errorFields["value"]))
        } else if known == .threw {
            throw .invalidStructure(path: "\(path).error", reason: "missing for a call that threw")
        } else {
            self.error = nil
        }
    }
}

extension TimeTravelRecording.Event {
    init(reading json: JSONValue, path: String) throws(TimeTravelImportError) {
        let fields = try Field.object(json, path)
        sequence = try Field.sequence(fields["sequence"], "\(path).sequence")
        store = try Field.integer(fields["store"], "\(path).store")
        kind = try Field.rawCase(fields["kind"], "\(path).kind", "kind")
        time = try Field.number(fields["time"], "\(path).time")
        description = try Field.string(fields["description"], "\(path).description")
        value = Field.optional(fields["value"])
        if let origin = try Field.optionalString(fields["origin"], "\(path).origin") {
            self.origin = try Field.rawCase(origin, "\(path).origin", "origin")
        } else {
            origin = nil
        }
    }
}

/// Typed access to JSON fields, throwing ``TimeTravelImportError/invalidStructure(path:reason:)``.
enum Field {
    static func object(_ value: JSONValue, _ path: String) throws(TimeTravelImportError) -> [String: JSONValue] {
        guard case .object(let fields) = value else {
            throw .invalidStructure(path: path, reason: "missing or not an object")
        }
        return fields
    }

    static func array(_ value: JSONValue?, _ path: String) throws(TimeTravelImportError) -> [JSONValue] {
        guard case .array(let elements)? = value else {
            throw .invalidStructure(path: path, reason: "missing or not an array")
        }
        return elements
    }

    static func string(_ value: JSONValue?, _ path: String) throws(TimeTravelImportError) -> String {
        guard case .string(let text)? = value else {
            throw .invalidStructure(path: path, reason: "missing or not a string")
        }
        return text
    }

    static func optionalString(_ value: JSONValue?, _ path: String) throws(TimeTravelImportError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw .invalidStructure(path: path, reason: "not a string")
        }
    }

    static func number(_ value: JSONValue?, _ path: String) throws(TimeTravelImportError) -> Double {
        guard let number = value?.doubleValue else {
            throw .invalidStructure(path: path, reason: "missing or not a number")
        }
        return number
    }

    static func integer(_ value: JSONValue?, _ path: String) throws(TimeTravelImportError) -> Int {
        let number = try number(value, path)
        guard let integer = Int(exactly: number), abs(number) <= 9_007_199_254_740_992 else {
            throw .invalidStructure(path: path, reason: "not an integer")
        }
        return integer
    }

    static func sequence(_ value: JSONValue?, _ path: String) throws(TimeTravelImportError) -> UInt64 {
        let number = try number(value, path)
        guard number >= 0, number <= 9_007_199_254_740_992, number.rounded() == number else {
            throw .invalidStructure(path: path, reason: "not a non-negative integer")
        }
        return UInt64(number)
    }

    /// The case of `Case` named by the string at `path`; `noun` names the field in the error.
    static func rawCase<Case: RawRepresentable<String>>(
        _ value: JSONValue?, _ path: String, _ noun: String
    ) throws(TimeTravelImportError) -> Case {
        try rawCase(try string(value, path), path, noun)
    }

    /// The case of `Case` whose raw value is `text`, read at `path`.
    static func rawCase<Case: RawRepresentable<String>>(
        _ text: String, _ path: String, _ noun: String
    ) throws(TimeTravelImportError) -> Case {
        guard let known = Case(rawValue: text) else {
            throw .invalidStructure(path: path, reason: "unknown \(noun) \"\(text)\"")
        }
        return known
    }

    static func optional(_ value: JSONValue?) -> JSONValue? {
        if case .null? = value { return nil }
        return value
    }
}
