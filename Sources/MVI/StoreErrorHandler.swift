/// Receives a store's failures. The default writes them to standard error.
public struct StoreErrorHandler: Sendable {
    @usableFromInline let handle: @Sendable (StoreError) -> Void
    /// Whether this is ``standardError``: a store keeps no settings of its own for it.
    @usableFromInline let isStandardError: Bool

    /// Creates a handler from a closure; it may be called from any thread.
    public init(_ handle: @escaping @Sendable (StoreError) -> Void) {
        self.handle = handle
        self.isStandardError = false
    }

    private init(standardError handle: @escaping @Sendable (StoreError) -> Void) {
        self.handle = handle
        self.isStandardError = true
    }

    /// Writes each failure to standard error, one line each.
    public static let standardError = StoreErrorHandler(standardError: { error in
        StandardError.write("swift-mvi: \(error)\n")
    })

    /// Delivers one failure.
    public func callAsFunction(_ error: StoreError) {
        handle(error)
    }
}
