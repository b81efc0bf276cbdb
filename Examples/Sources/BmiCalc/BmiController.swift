import MVI
import MVIView
import MVIStateKeeper

/// BmiCalc's `MviController<BmiState>`: makes the store for a ``BmiLifecycle``, keeps its
/// state saved, and binds it to a view and the sliders' intentions.
///
/// ```swift
/// let controller = BmiController(.restored, storage: FileStateStorage(directory: directory))
/// controller.onViewCreated(view, intentions: BmiIntentions(heightSlider.values, weightSlider.values),
///                          lifecycle: viewLifecycle)
/// ```
///
/// - ``BmiLifecycle/created``: the store starts from ``BmiState/initial(height:weight:)``,
///   160 cm and 40 kg, whatever was saved.
/// - ``BmiLifecycle/restored``: the store starts from the saved state passed through
///   ``BmiState/restored()``, or from the defaults if nothing was saved. A saved state that
///   cannot be read is moved aside and reported to `onError`.
///
/// In both cases the keeper saves the state after changes, on ``flush()``, and when the
/// store ends. The original merged the use cases' state streams; here the lifecycle picks the
/// initial state and the sliders' moves are intents.
@MainActor
public final class BmiController {
    /// The key states are saved under, unless another is given.
    public static let defaultKey = "bmi"

    /// The store.
    public let store: Store<BmiModel>
    /// Saves the store's state and restores it.
    public let keeper: StateKeeper<BmiState, BmiState>
    private var binder: Binder<BmiModel>?

    /// Creates the store for `lifecycle` and starts keeping its state in `storage`.
    ///
    /// - Parameters:
    ///   - lifecycle: Whether the screen is new or restored.
    ///   - storage: Where the state is saved.
    ///   - key: The key the state is saved under.
    ///   - saving: When the state is saved besides ``flush()`` and the store's end.
    ///   - onError: Receives restore and save failures.
    public init(
        _ lifecycle: BmiLifecycle,
        storage: any StateStorage,
        key: String = BmiController.defaultKey,
        saving: SaveTrigger = .default,
        onError: StoreErrorHandler = .standardError
    ) {
        keeper = StateKeeper(storage: storage, key: key, restored: { $0.restored() })
        let initialState: BmiState
        switch lifecycle {
        case .created:
            initialState = .initial()
        case .restored:
            initialState = keeper.restoredState(or: .initial())
        }
        store = Store(BmiModel(), initialState: initialState, name: "BmiCalc", onError: onError)
        keeper.keep(store, saving: saving)
    }

    /// Renders each state on `view` and sends the sliders' moves to the store while
    /// `lifecycle` is in `mode`'s active state. The controller does not keep the view alive.
    public func onViewCreated<View: BmiView, HeightChanges, WeightChanges>(
        _ view: View,
        intentions: BmiIntentions<HeightChanges, WeightChanges>,
        lifecycle: Lifecycle,
        mode: BinderLifecycleMode = .startStop
    ) {
        binder = Binder(store)
            .bind(states: { [weak view] state in view?.render(state: state) })
            .bind(intentions: intentions)
            .bind(to: lifecycle, mode: mode)
    }

    /// Saves the state now if it changed since the last save: call it when the app goes to
    /// the background (the original's `onSaveInstanceState`).
    public func flush() {
        keeper.flush()
    }
}
