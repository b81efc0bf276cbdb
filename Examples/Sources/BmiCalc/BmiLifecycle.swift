/// BmiCalc's `MviLifecycle`: how the screen came to be.
///
/// Not a ``MVI/Lifecycle`` (created, started, resumed…): it only says whether the screen is new
/// or comes back from a saved state, which picks the store's initial state.
public enum BmiLifecycle: Sendable, Hashable {
    /// A new screen: the original's `lifecycleCreatedUseCase`, 160 cm and 40 kg.
    case created
    /// A screen brought back: the original's `lifecycleRestoredUseCase`, the saved state passed
    /// through ``BmiState/restored()``.
    case restored
}
