/// What a store was given at creation when it is not the default: its name, error handler,
/// side-effect policy, bound on pending input and execution environment. Apart from
/// ``StoreCore``, so that a store made with the defaults pays one empty pointer for all five.
@usableFromInline
final class StoreSettings: Sendable {
    /// The name given at creation; `nil` for the default.
    @usableFromInline let givenName: String?
    /// Receives the store's failures.
    @usableFromInline let errorHandler: StoreErrorHandler
    /// How side effects are delivered.
    @usableFromInline let policy: SideEffectPolicy
    /// How many inputs may wait before senders outside the store are refused or wait
    /// (`Store(…, pendingInputLimit:)`); `nil` for unbounded.
    @usableFromInline let pendingInputLimit: Int?
    /// What the feature's code runs inside (`Store(…, environment:)`); `nil` for none.
    @usableFromInline let environment: (any ExecutionEnvironment)?
    /// The store's links to shared values (`Store(…, sharing:)`, a `SharingLinks` of the
    /// store's feature); `nil` for none.
    @usableFromInline let sharing: (any AnyObject & Sendable)?
    /// What these settings add to the store's interest: its environment and sharing.
    @usableFromInline let interest: StoreInterest

    /// Settings with these values.
    @usableFromInline init(
        givenName: String?, errorHandler: StoreErrorHandler, policy: SideEffectPolicy, pendingInputLimit: Int? = nil,
        environment: (any ExecutionEnvironment)? = nil, sharing: (any AnyObject & Sendable)? = nil
    ) {
        self.environment = environment
        self.sharing = sharing
        self.interest = StoreInterest(rawValue: 0)
            .union(environment == nil ? [] : .environment).union(sharing == nil ? [] : .sharing)
        self.givenName = givenName
        self.errorHandler = errorHandler
        self.policy = policy
        self.pendingInputLimit = pendingInputLimit.map { max(1, $0) }
    }

    /// These settings with `environment` instead (the store's hook bound something into it).
    func replacing(environment: any ExecutionEnvironment) -> StoreSettings {
        StoreSettings(
            givenName: givenName, errorHandler: errorHandler, policy: policy, pendingInputLimit: pendingInputLimit,
            environment: environment, sharing: sharing)
    }
}
