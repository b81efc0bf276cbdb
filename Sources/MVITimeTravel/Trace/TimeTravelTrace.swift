/// What caused one recorded event and what it caused: the intent behind it, the async work
/// in between, and the call site in your code of each `send`, `dispatch` and `post`.
///
/// ```swift
/// if let trace = timeTravel.trace(of: event) {
///     print(trace)   // the chain up to the intent a view sent, then the tree below
/// }
/// ```
///
/// A trace is text to read, its `description`; the DevTools page shows the same for the
/// inspected event.
///
/// Built from what the store kept while it recorded (``TimeTravel/init(maxEvents:callSites:onError:)``
/// with `callSites` on, the default). An imported recording has no causes: its events
/// trace to nothing.
public struct TimeTravelTrace: Sendable, Hashable, CustomStringConvertible {
    /// Where in the source a call was made: `#fileID` and `#line` there.
    package struct CallSite: Sendable, Hashable, CustomStringConvertible {
        /// The file, as `#fileID` writes it: `Module/File.swift`.
        package let fileID: String
        /// The line.
        package let line: Int

        /// Creates a call site.
        package init(fileID: String, line: Int) {
            self.fileID = fileID
            self.line = line
        }

        /// `Module/File.swift:42`.
        package var description: String { "\(fileID):\(line)" }
    }

    /// One piece of async work a store ran (what `run`, `debounce` or `throttle` started).
    package struct Work: Sendable, Hashable, CustomStringConvertible {
        /// How work ended.
        package enum Ending: String, Sendable, Hashable, Codable {
            /// Its operation returned.
            case finished
            /// It threw an error other than cancellation.
            case failed
            /// It was cancelled (by id, by a later run with `cancelInFlight`, with the store).
            case cancelled
        }

        /// The store that ran it.
        package let storeName: String
        /// Identifies it among the store's work.
        package let token: Int
        /// The id it was started with, as text; `nil` without one. (Work has no call site
        /// of its own: the intent that started it, its parent in the trace, has one.)
        package let id: String?
        /// The event that came next after it started: it started after every event before.
        package let startedBefore: UInt64
        /// How it ended; `nil` while it runs (or if it ended after recording stopped).
        package let ending: Ending?
        /// The event that came next after it ended, once it ended.
        package let endedBefore: UInt64?

        /// `work "search", cancelled before #12`.
        package var description: String {
            var text = "work"
            if let id { text += " \"\(id)\"" }
            if let ending, let endedBefore {
                text += ", \(ending.rawValue) before #\(endedBefore)"
            } else {
                text += ", running"
            }
            return text
        }
    }

    /// One step of a trace: an event or a piece of work, where it was made, and (below the
    /// traced event) what it led to.
    package struct Node: Sendable, Hashable {
        /// What the step is.
        package enum Subject: Sendable, Hashable {
            /// A recorded event: its sequence number and kind.
            case event(UInt64, TimeTravelEvent.Kind)
            /// A piece of async work.
            case work(Work)
        }

        /// What the step is.
        package let subject: Subject
        /// Where it was made: the `send`, `dispatch` or `post` of an event; none for a state
        /// (the reducer made it), for work, or for input from outside any recorded call.
        package let callSite: CallSite?
        /// What it led to, in order (empty in ``TimeTravelTrace/causes``).
        package let children: [Node]

        /// Creates a node.
        package init(subject: Subject, callSite: CallSite?, children: [Node] = []) {
            self.subject = subject
            self.callSite = callSite
            self.children = children
        }

        /// The event's sequence number, or `nil` for work.
        package var sequence: UInt64? {
            if case .event(let sequence, _) = subject { return sequence }
            return nil
        }

        /// The work, or `nil` for an event.
        package var work: Work? {
            if case .work(let work) = subject { return work }
            return nil
        }

        /// One line: `#3 intent (App/SearchView.swift:12)` or the work's description.
        package var line: String {
            switch subject {
            case .event(let sequence, let kind):
                return "#\(sequence) \(kind.rawValue)" + (callSite.map { " (\($0))" } ?? "")
            case .work(let work):
                return work.description
            }
        }
    }

    /// The traced event's sequence number.
    package let sequence: UInt64
    /// The traced event's kind.
    package let kind: TimeTravelEvent.Kind
    /// Where the traced event was made (see ``Node/callSite``).
    package let callSite: CallSite?
    /// What led to the event, nearest first: each node caused the one before it (the first
    /// caused the event), up to an intent sent from outside the store.
    package let causes: [Node]
    /// What the event led to: for an intent, the messages and side effects its `execute`
    /// made, the intents it sent and the work it started, with what that work did; for a
    /// message, the state after it.
    package let consequences: [Node]

    /// The trace as indented text: the causes, root last, then the event, then the tree of
    /// what it caused.
    public var description: String {
        var lines: [String] = []
        for cause in causes.reversed() { lines.append("caused by " + cause.line) }
        lines.append(Node(subject: .event(sequence, kind), callSite: callSite).line)
        func add(_ nodes: [Node], depth: Int) {
            for node in nodes {
                lines.append(String(repeating: "  ", count: depth) + "→ " + node.line)
                add(node.children, depth: depth + 1)
            }
        }
        add(consequences, depth: 1)
        return lines.joined(separator: "\n")
    }
}
