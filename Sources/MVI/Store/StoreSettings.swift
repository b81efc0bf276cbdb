/// What a store was given at creation when it is not the default: its name, error handler
/// and side-effect policy. Apart from ``StoreCore``, so that a store made with the defaults
/// pays one empty pointer for all three.
@usableFromInline
final class StoreSettings: Sendable {
    /// The name given at creation; `nil` for the default.
    @usableFromInline let givenName: String?
    /// Receives the store's failures.
    @usableFromInline let errorHandler: StoreErrorHandler
    /// How side effects are delivered.
    @usableFromInline let policy: SideEffectPolicy

    /// Settings with these values.
    @usableFromInline init(givenName: String?, errorHandler: StoreErrorHandler, policy: SideEffectPolicy) {
        self.givenName = givenName
        self.errorHandler = errorHandler
        self.policy = policy
    }
}
