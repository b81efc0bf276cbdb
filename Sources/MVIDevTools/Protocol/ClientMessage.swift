#if DevTools
import Foundation
import MVIJSON
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
        /// Skips (or un-skips) an intent or a message while stopped.
        case skip(sequence: UInt64, skipped: Bool)
        /// The causal trace of an event (protocol version 4).
        case trace(sequence: UInt64)
        /// The intent's JSON, numbers as written: decoded exactly, or refused.
        case sendIntent(store: String, intent: JSONValue)
        /// The state's JSON, numbers as written: decoded exactly, or refused.
        case setState(store: String, state: JSONValue)
        case export
        case `import`(Data)
        /// Runs the imported recording again on fresh stores (protocol version 5).
        case rerun
        case ping
    }

    /// The request's `id`, as JSON text, echoed in the reply (`null` if it had none).
    var id: String
    var request: Request

    /// Parses one text message. Throws a ``DevToolsError`` naming what is wrong; `id` is
    /// then the message's id, if one could be read.
    static func parse(_ text: String, id: inout String) throws(DevToolsError) -> ClientMessage {
        // The package's own parser keeps every number's text, so that a state edited on the
        // page is applied with exactly the digits typed (Foundation's decoder reads numbers
        // into `Double`s, which round 1234567890123456789 to 1234567890123456768).
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(text.utf8)
        } catch {
            throw .badJSON("not valid JSON (\(error.description))")
        }
        guard case .object(let object) = parsed else { throw .badJSON("the message must be an object") }
        if let rawID = object["id"] { id = Self.idText(rawID) }
        guard case .string(let type)? = object["type"] else { throw .invalidField(message: "(any)", field: "type") }
        func string(_ field: String) throws(DevToolsError) -> String {
            guard case .string(let value)? = object[field] else { throw .invalidField(message: type, field: field) }
            return value
        }
        func sequence() throws(DevToolsError) -> UInt64 {
            guard case .number(let text)? = object["sequence"], let number = JSONNumber(text)?.exactly(UInt64.self),
                number >= 1
            else { throw .invalidField(message: type, field: "sequence") }
            return number
        }
        func json(_ field: String) throws(DevToolsError) -> JSONValue {
            guard let value = object[field] else { throw .invalidField(message: type, field: field) }
            return value
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
        case "trace": request = .trace(sequence: try sequence())
        case "skip":
            let skipped: Bool
            switch object["skipped"] {
            case nil: skipped = true
            case .bool(let value)?: skipped = value
            default: throw .invalidField(message: type, field: "skipped")
            }
            request = .skip(sequence: try sequence(), skipped: skipped)
        case "sendIntent": request = .sendIntent(store: try string("store"), intent: try json("intent"))
        case "setState": request = .setState(store: try string("store"), state: try json("state"))
        case "export": request = .export
        case "import": request = .import(Data(try string("recording").utf8))
        case "rerun": request = .rerun
        case "ping": request = .ping
        default: throw .unknownMessage(type)
        }
        return ClientMessage(id: id, request: request)
    }

    /// A request id is echoed as it came if it is a short string or a number; else `null`.
    static func idText(_ value: JSONValue) -> String {
        switch value {
        case .string(let string) where string.utf8.count <= 100: JSONText.quoted(string)
        case .number(let text):
            if let number = JSONNumber(text)?.exactly(Int64.self), number.magnitude < 1_000_000_000_000_000 {
                String(number)
            } else {
                "null"
            }
        default: "null"
        }
    }
}
#endif
