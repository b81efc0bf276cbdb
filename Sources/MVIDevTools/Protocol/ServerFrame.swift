#if DevTools
import Foundation
import MVIJSON
import MVITimeTravel

/// The frames the server sends (see <doc:Protocol>), as JSON text.
enum ServerFrame {
    /// The protocol's version: a page that does not know it stops. Version 2 added the
    /// `failure` kind, intent timings in `events` frames, and a `setState` that replaces the
    /// store's state for good; version 3 the `skip` request and the `skips` frame; version 4
    /// the `trace` request; version 5 the `rerun` request.
    static let protocolVersion = 5

    static func hello(maxMessageBytes: Int) -> String {
        JSONText.object([
            "type": "\"hello\"", "protocol": String(protocolVersion), "maxMessageBytes": String(maxMessageBytes),
        ])
    }

    static func events(
        _ events: ArraySlice<TimeTravelFeedEvent>, reset: Bool, dropped: Int,
        timings: [TimeTravelIntentTiming] = [], encoder: JSONValueEncoder
    ) -> String {
        var items: [String] = []
        items.reserveCapacity(events.count)
        for event in events {
            let value: String?
            let text: String
            switch event.value {
            case .live(let live):
                value = JSONText.encode(live, with: encoder)
                // A described value is sent only when there is no JSON to show: describing
                // every state would cost more than encoding it.
                text = value == nil ? String(describing: live) : ""
            case .recorded(let description, let recorded):
                value = recorded.flatMap { JSONText.encode($0, with: encoder) }
                text = value == nil ? description : ""
            }
            items.append(
                JSONText.object([
                    "seq": String(event.sequence), "store": JSONText.quoted(event.storeName),
                    "kind": JSONText.quoted(event.kind.rawValue),
                    "time": seconds(event.time), "value": value ?? "null",
                    "text": JSONText.quoted(text),
                    "dispatched": event.dispatchedWhileRunning.map { $0 ? "true" : "false" } ?? "null",
                ]))
        }
        return JSONText.object([
            "type": "\"events\"", "reset": reset ? "true" : "false", "dropped": String(dropped),
            "events": JSONText.array(items),
            "timings": JSONText.array(
                timings.map { timing in
                    let (seconds, attoseconds) = timing.executionTime.components
                    let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
                    return JSONText.array([String(timing.sequence), String(nanoseconds)])
                }),
        ])
    }

    /// Seconds since 1970 to the millisecond (what the page shows), such as `1795000000.123`.
    /// Never 16 digits in a row: the page then parses the frame without the slower exact-number
    /// path, which a full-precision `Double` (`1795000000.1234567`) would send it down.
    static func seconds(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (whole, fraction) = milliseconds.magnitude.quotientAndRemainder(dividingBy: 1000)
        let digits = String(fraction)
        return (milliseconds < 0 ? "-" : "") + String(whole) + "." + String(repeating: "0", count: 3 - digits.count)
            + digits
    }

    struct StoreInfo {
        var name: String
        var state: (any Sendable)?
        var recorded: Bool
        var sendsIntents: Bool
        var showsStates: Bool
        var types: (feature: String, state: String, intent: String)?
    }

    static func stores(_ stores: [StoreInfo], encoder: JSONValueEncoder) -> String {
        let items = stores.map { store in
            let value = store.state.flatMap { JSONText.encode($0, with: encoder) }
            return JSONText.object([
                "name": JSONText.quoted(store.name), "state": value ?? "null",
                "text": JSONText.quoted(value == nil ? store.state.map { String(describing: $0) } ?? "" : ""),
                "recorded": store.recorded ? "true" : "false",
                "sendsIntents": store.sendsIntents ? "true" : "false",
                "showsStates": store.showsStates ? "true" : "false",
                "feature": store.types.map { JSONText.quoted($0.feature) } ?? "null",
                "stateType": store.types.map { JSONText.quoted($0.state) } ?? "null",
                "intentType": store.types.map { JSONText.quoted($0.intent) } ?? "null",
            ])
        }
        return JSONText.object(["type": "\"stores\"", "stores": JSONText.array(items)])
    }

    /// Every skipped event (`skipped`: their `seq`s, the messages a skipped intent
    /// dispatched included), and the states of `stores` as they are now: recomputed without
    /// the skipped messages, or as recorded.
    static func skips(
        _ events: [TimeTravelEvent], stores: Set<String>, timeTravel: TimeTravel, encoder: JSONValueEncoder
    ) -> String {
        var skipped: [String] = []
        var states: [String] = []
        for event in events {
            if event.isSkipped { skipped.append(String(event.sequence)) }
            guard event.kind == .state, stores.contains(event.storeName) else { continue }
            let value = timeTravel.value(of: event).map(\.compactText)
            states.append(
                JSONText.object([
                    "seq": String(event.sequence), "store": JSONText.quoted(event.storeName),
                    "value": value ?? "null", "text": JSONText.quoted(value == nil ? event.description : ""),
                    "recomputed": event.isRecomputed ? "true" : "false",
                ]))
        }
        return JSONText.object([
            "type": "\"skips\"", "skipped": JSONText.array(skipped), "states": JSONText.array(states),
        ])
    }

    static func status(mode: TimeTravel.Mode, selected: UInt64?) -> String {
        JSONText.object([
            "type": "\"status\"", "mode": JSONText.quoted(mode.rawValue), "selected": JSONText.number(selected),
        ])
    }

    static func reply(id: String, fields: KeyValuePairs<String, String> = [:]) -> String {
        var text = JSONText.object(["type": "\"reply\"", "id": id, "ok": "true"])
        for (key, value) in fields {
            text.removeLast()
            text += "," + JSONText.quoted(key) + ":" + value + "}"
        }
        return text
    }

    static func error(_ error: DevToolsError, id: String) -> String {
        JSONText.object([
            "type": "\"error\"", "id": id, "code": JSONText.quoted(error.code),
            "message": JSONText.quoted(error.description),
        ])
    }
}
#endif
