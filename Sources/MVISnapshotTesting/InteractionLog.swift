#if SnapshotTesting
import MVI
import MVIView
import MVIJSON

/// Records the intents a view dispatches, per view element, for interaction tests.
///
/// Orbit's interaction testing: for each element of a screen (a button, a slider), what the
/// user did to it and which intents, with which parameters, the view dispatched in response.
/// Hand the log's ``dispatch`` to a view (the Playtomic shape, `(Intent) -> Void`), or
/// ``observe(_:)`` an `MVIView`'s events, then drive the view inside ``record(_:view:_:perform:)``:
///
/// ```swift
/// let interactions = InteractionLog<CircleIntent>()
/// let screen = CreateCircleScreen(state: state, dispatch: interactions.dispatch)
/// interactions.record("button_close", view: "ImageView", "click") { screen.closeButton.click() }
/// assertSnapshot(of: interactions, as: .interactions)
/// ```
///
/// The reference file is stable, sorted JSON (see ``json``):
///
/// ```json
/// {
///   "button_close" : {
///     "click" : [
///       {
///         "onExitRequested" : {
///           "params" : [
///             {
///               "createCircleRequestDomain" : {
///                 "circleName" : "Test",
///                 "coverPhoto" : "file://something.jpg"
///               }
///             }
///           ]
///         }
///       }
///     ],
///     "view" : "ImageView"
///   }
/// }
/// ```
///
/// An interaction that dispatched nothing is recorded too, as an empty list. Intents
/// dispatched outside `record` are listed under the element `(unattributed)`.
public final class InteractionLog<Intent>: Sendable {
    /// The element name under which intents dispatched outside ``record(_:view:_:perform:)`` go.
    package static var unattributed: String { "(unattributed)" }

    struct Element {
        var view: String
        var interactions: [String: [JSONValue]] = [:]
    }

    struct Storage {
        var elements: [String: Element] = [:]
        /// The element and interaction being recorded, innermost last.
        var current: [(element: String, interaction: String)] = []
    }

    private let storage = Locked(Storage())
    private let describe: @Sendable (Intent) -> JSONValue

    /// Creates a log. Intents are described by reflection: an enum case becomes
    /// `{"case": {"params": [...]}}`, each associated value a parameter (labelled ones as
    /// `{"label": value}`), structs become objects with sorted keys.
    public init() {
        self.describe = { JSONValue.call(reflecting: $0) }
    }

    /// Creates a log that describes each intent as `name` with `params`, each a
    /// label (or `nil`) and a value described by reflection.
    public init(
        describe: @escaping @Sendable (Intent) -> (name: String, params: [(label: String?, value: any Sendable)])
    ) {
        self.describe = { intent in
            let (name, params) = describe(intent)
            return JSONValue.call(name: name, params: params.map { ($0.label, JSONValue(reflecting: $0.value)) })
        }
    }

    /// A dispatcher to hand to a view: records each intent under the element being recorded.
    public var dispatch: @Sendable (Intent) -> Void {
        { [self] intent in self.append(intent) }
    }

    /// Records every event `view` dispatches as an intent, until the subscription ends.
    @MainActor
    public func observe<View: ViewEvents>(_ view: View) -> Subscription where View.Event == Intent {
        view.onEvent { [self] event in self.append(event) }
    }

    /// Runs `action` (a simulated tap, a slider move) as `interaction` on `element`, of type
    /// `view`, and records the intents dispatched meanwhile.
    @discardableResult
    public func record<Result>(
        _ element: String,
        view: String,
        _ interaction: String = "click",
        perform action: () throws -> Result
    ) rethrows -> Result {
        storage.withLock { storage in
            storage.elements[element, default: Element(view: view)].view = view
            storage.elements[element]?.interactions[interaction, default: []].append(contentsOf: [])
            storage.current.append((element, interaction))
        }
        defer { _ = storage.withLock { $0.current.popLast() } }
        return try action()
    }

    /// How many intents were recorded.
    public var count: Int {
        storage.withLock { storage in
            storage.elements.values.reduce(0) { $0 + $1.interactions.values.reduce(0) { $0 + $1.count } }
        }
    }

    /// Forgets everything recorded.
    public func reset() {
        storage.withLock { $0.elements.removeAll() }
    }

    /// The recording as pretty-printed JSON with sorted keys: one object per element with
    /// its `view` type and, per interaction, the intents dispatched in order.
    public var json: String {
        let elements = storage.withLock { $0.elements }
        var object: [String: JSONValue] = [:]
        for (name, element) in elements {
            var fields: [String: JSONValue] = ["view": .string(element.view)]
            for (interaction, calls) in element.interactions {
                fields[interaction] = .array(calls)
            }
            object[name] = .object(fields)
        }
        return JSONValue.object(object).prettyPrinted + "\n"
    }

    private func append(_ intent: Intent) {
        let call = describe(intent)
        storage.withLock { storage in
            let (element, interaction) = storage.current.last ?? (Self.unattributed, "dispatch")
            storage.elements[element, default: Element(view: "")].interactions[interaction, default: []].append(call)
        }
    }
}
#endif
