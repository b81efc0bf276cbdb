import Foundation
import MVI

extension DevTools {
    /// Shows the store on the page: its name and its current state. Its events appear in the
    /// timeline if it is registered with the time-travel controller.
    ///
    /// Overloads add what the store's types allow: sending intents from the page where
    /// `Intent` is `Decodable`, and showing an edited state where `State` is `Codable`. The
    /// most capable overload is chosen for you; there is nothing to opt into.
    public func register<F: Feature>(_ store: Store<F>) {
        add(DevToolsStore(store, sendIntent: nil, showState: nil))
    }

    /// Shows the store and lets the page send it intents, decoded from JSON.
    public func register<F: Feature>(_ store: Store<F>) where F.Intent: Decodable {
        add(DevToolsStore(store, sendIntent: Self.intentSender(), showState: nil))
    }

    /// Shows the store and lets the page show an edited state on it while time travel is
    /// stopped (going back to live restores the store's own state).
    public func register<F: Feature>(_ store: Store<F>) where F.State: Codable {
        add(DevToolsStore(store, sendIntent: nil, showState: Self.stateShower()))
    }

    /// Shows the store, lets the page send it intents and show an edited state on it.
    public func register<F: Feature>(_ store: Store<F>) where F.Intent: Decodable, F.State: Codable {
        add(DevToolsStore(store, sendIntent: Self.intentSender(), showState: Self.stateShower()))
    }

    static func intentSender<F: Feature>() -> @Sendable (Store<F>, Data) throws(DevToolsError) -> Void
    where F.Intent: Decodable {
        { store, data throws(DevToolsError) in
            store.send(try DevToolsStore.decode(F.Intent.self, data, store: store.name))
        }
    }

    static func stateShower<F: Feature>() -> @Sendable (StoreHooks<F>, Data) throws(DevToolsError) -> Void
    where F.State: Codable {
        { hooks, data throws(DevToolsError) in
            let name = hooks.storeName ?? ""
            let state = try DevToolsStore.decode(F.State.self, data, store: name)
            guard hooks.isHoldingInput else {
                throw .notSupported(store: name, what: "show an edited state unless time travel is stopped")
            }
            hooks.show(state)
        }
    }
}
