#if DevTools
import MVI
import MVIJSON

/// What the page may do with a store registered with `DevTools.register(_:)`, without its
/// feature type. Holds the store weakly: the debugger never keeps a store alive.
struct DevToolsStore: Sendable {
    let name: String
    /// Decodes an intent from JSON and sends it; `nil` if the intent is not `Decodable`.
    let sendIntent: (@Sendable (JSONValue) throws(DevToolsError) -> Void)?
    /// Decodes a state from JSON and replaces the store's with it; `nil` if the state is not `Codable`.
    let setState: (@Sendable (JSONValue) throws(DevToolsError) -> Void)?
    /// The store's current state, as its observers see it; `nil` once it was released.
    let currentState: @Sendable () -> (any Sendable)?
    /// Whether the store was released.
    let isAlive: @Sendable () -> Bool
    /// The feature's, state's and intent's type names, for generated tests.
    let featureType: String
    let stateType: String
    let intentType: String
}

extension DevToolsStore {
    init<F: Feature>(
        _ store: Store<F>,
        sendIntent: (@Sendable (Store<F>, JSONValue) throws(DevToolsError) -> Void)?,
        setState: (@Sendable (StoreHooks<F>, JSONValue) throws(DevToolsError) -> Void)?
    ) {
        let name = store.name
        let hooks = store.hooks
        self.name = name
        if let sendIntent {
            self.sendIntent = { [weak store] (json: JSONValue) throws(DevToolsError) -> Void in
                guard let store else { throw DevToolsError.unknownStore(name) }
                try sendIntent(store, json)
            }
        } else {
            self.sendIntent = nil
        }
        if let setState {
            self.setState = { (json: JSONValue) throws(DevToolsError) -> Void in
                guard hooks.isAlive else { throw DevToolsError.unknownStore(name) }
                try setState(hooks, json)
            }
        } else {
            self.setState = nil
        }
        self.currentState = { hooks.state }
        self.isAlive = { hooks.isAlive }
        self.featureType = String(reflecting: F.self)
        self.stateType = String(reflecting: F.State.self)
        self.intentType = String(reflecting: F.Intent.self)
    }

    /// Decodes `json` as `T`, numbers exactly as written (a number that does not fit its
    /// field's type is refused, never rounded), naming the store, the path and the number in
    /// the error.
    static func decode<T: Decodable>(_ type: T.Type, _ json: JSONValue, store: String) throws(DevToolsError) -> T {
        do {
            return try JSONValueDecoder().decode(T.self, from: json)
        } catch {
            throw .doesNotDecode(store: store, reason: JSONValueDecoder.describe(error))
        }
    }
}
#endif
