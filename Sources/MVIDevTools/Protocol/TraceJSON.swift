#if DevTools
import MVITimeTravel

/// A causal trace as the page reads it (the `trace` reply, protocol version 4; see
/// <doc:Protocol>).
enum TraceJSON {
    /// `{"sequence":…,"kind":…,"site":…,"causes":[…],"consequences":[…]}`.
    static func encode(_ trace: TimeTravelTrace) -> String {
        JSONText.object([
            "sequence": String(trace.sequence),
            "kind": JSONText.quoted(trace.kind.rawValue),
            "site": site(trace.callSite),
            "causes": JSONText.array(trace.causes.map(node)),
            "consequences": JSONText.array(trace.consequences.map(node)),
        ])
    }

    /// An event `{"sequence":…,"kind":…,"site":…,"children":[…]}` or a piece of work
    /// `{"work":{…},"children":[…]}`.
    static func node(_ node: TimeTravelTrace.Node) -> String {
        let children = JSONText.array(node.children.map(Self.node))
        switch node.subject {
        case .event(let sequence, let kind):
            return JSONText.object([
                "sequence": String(sequence), "kind": JSONText.quoted(kind.rawValue), "site": site(node.callSite),
                "children": children,
            ])
        case .work(let work):
            return JSONText.object([
                "work": JSONText.object([
                    "store": JSONText.quoted(work.storeName), "token": String(work.token),
                    "id": work.id.map(JSONText.quoted) ?? "null",
                    "ending": work.ending.map { JSONText.quoted($0.rawValue) } ?? "null",
                    "startedBefore": String(work.startedBefore),
                    "endedBefore": work.endedBefore.map { String($0) } ?? "null",
                ]),
                "children": children,
            ])
        }
    }

    /// `"Module/File.swift:12"` or `null`.
    static func site(_ site: TimeTravelTrace.CallSite?) -> String {
        site.map { JSONText.quoted($0.description) } ?? "null"
    }
}
#endif
