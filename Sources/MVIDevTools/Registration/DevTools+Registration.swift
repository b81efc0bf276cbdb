#if DevTools
import MVI
import MVIJSON
import MVITimeTravel

extension DevTools {
    /// Shows the store on the page: its name and its current state. Its events appear in the
    /// timeline if it is registered with the time-travel controller.
    ///
    /// Overloads add what the store's types allow: sending intents from the page where
    /// `Intent` is `Decodable`, and showing an edited state where `State` is `Codable`. The
    /// most capable overload is chosen for you; there is nothing to opt into.
    public func register<F: Feature>(_ store: Store<F>) {
        add(DevToolsStore(store, sendIntent: nil, setState: nil))
    }

    /// Shows the store and lets the page send it intents, decoded from JSON.
    public func register<F: Feature>(_ store: Store<F>) where F.Intent: Decodable {
        add(DevToolsStore(store, sendIntent: Self.intentSender(), setState: nil))
    }

    /// Shows the store and lets the page set its state (`Store.replaceState(with:)`): the
    /// edited state is the store's from then on, in order with its intents.
    public func register<F: Feature>(_ store: Store<F>) where F.State: Codable {
        add(DevToolsStore(store, sendIntent: nil, setState: Self.stateSetter()))
    }

    /// Shows the store, lets the page send it intents and set its state.
    public func register<F: Feature>(_ store: Store<F>) where F.Intent: Decodable, F.State: Codable {
        add(DevToolsStore(store, sendIntent: Self.intentSender(), setState: Self.stateSetter()))
    }

    static func intentSender<F: Feature>() -> @Sendable (Store<F>, JSONValue) throws(DevToolsError) -> Void
    where F.Intent: Decodable {
        { store, json throws(DevToolsError) in
            store.send(try DevToolsStore.decode(F.Intent.self, json, store: store.name))
        }
    }

    static func stateSetter<F: Feature>() -> @Sendable (StoreHooks<F>, JSONValue) throws(DevToolsError) -> Void
    where F.State: Codable {
        { hooks, json throws(DevToolsError) in
            // Fields the page showed redacted, and left so, keep the app's values.
            let restored = hooks.state.map { JSONCodec.restoringRedacted(json, from: $0) } ?? json
            let state = try DevToolsStore.decode(F.State.self, restored, store: hooks.storeName ?? "")
            // A replacement is input: while time travel holds input it waits, in order, and is
            // applied when the page goes back to live. Shown meanwhile, so the page sees it.
            if hooks.isHoldingInput { hooks.show(state) }
            hooks.replaceState(with: state)
        }
    }
}
#endif
