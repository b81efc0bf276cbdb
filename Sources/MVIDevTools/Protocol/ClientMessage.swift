import Foundation
import MVI
import MVITimeTravel

/// A message from the page (see <doc:Protocol>), parsed but not yet carried out.
struct ClientMessage {
    /// The time-travel controls, by the name the page sends.
    enum Control: String {
        case record, stop, first, back, forward, last, cancel
    }

    enum Request {
        case control(Control)
        case jump(sequence: UInt64)
        case replay(sequence: UInt64)
        case sendIntent(store: String, intent: Data)
        case setState(store: String, state: Data)
        case export
        case `import`(Data)
        case ping
    }

    /// The request's `id`, as JSON text, echoed in the reply (`null` if it had none).
    var id: String
    var request: Request

    /// Parses one text message. Throws a ``DevToolsError`` naming what is wrong; `id` is
    /// then the message's id, if one could be read.
    static func parse(_ text: String, id: inout String) throws(DevToolsError) -> ClientMessage {
        let object: [String: JSONValue]
        do {
            guard case .object(let parsed) = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else {
                throw DevToolsError.badJSON("the message must be an object")
            }
            object = parsed
        } catch let error as DevToolsError {
            throw error
        } catch {
            throw .badJSON("not valid JSON")
        }
        if let rawID = object["id"] { id = Self.idText(rawID) }
        guard case .string(let type)? = object["type"] else { throw .invalidField(message: "(any)", field: "type") }
        func string(_ field: String) throws(DevToolsError) -> String {
            guard case .string(let value)? = object[field] else { throw .invalidField(message: type, field: field) }
            return value
        }
        func sequence() throws(DevToolsError) -> UInt64 {
            guard let number = object["sequence"]?.doubleValue, number >= 1, number <= 9_007_199_254_740_992,
                number.rounded() == number
            else { throw .invalidField(message: type, field: "sequence") }
            return UInt64(number)
        }
        func json(_ field: String) throws(DevToolsError) -> Data {
            guard let value = object[field], let data = try? JSONEncoder().encode(value) else {
                throw .invalidField(message: type, field: field)
            }
            return data
        }
        let request: Request
        switch type {
        case "control":
            guard let control = Control(rawValue: try string("action")) else {
                throw .invalidField(message: type, field: "action")
            }
            request = .control(control)
        case "jump": request = .jump(sequence: try sequence())
        case "replay": request = .replay(sequence: try sequence())
        case "sendIntent": request = .sendIntent(store: try string("store"), intent: try json("intent"))
        case "setState": request = .setState(store: try string("store"), state: try json("state"))
        case "export": request = .export
        case "import": request = .import(Data(try string("recording").utf8))
        case "ping": request = .ping
        default: throw .unknownMessage(type)
        }
        return ClientMessage(id: id, request: request)
    }

    /// A request id is echoed as it came if it is a short string or a number; else `null`.
    static func idText(_ value: JSONValue) -> String {
        switch value {
        case .string(let string) where string.utf8.count <= 100: JSONText.quoted(string)
        case .number:
            if let number = value.doubleValue, number.isFinite, number.rounded() == number, abs(number) < 1e15 {
                String(Int64(number))
            } else {
                "null"
            }
        default: "null"
        }
    }
}
