/// Receives a store's failures. The default writes them to standard error.
public struct StoreErrorHandler: Sendable {
    @usableFromInline let handle: @Sendable (StoreError) -> Void

    /// Creates a handler from a closure; it may be called from any thread.
    public init(_ handle: @escaping @Sendable (StoreError) -> Void) {
        self.handle = handle
    }

    /// Writes each failure to standard error, one line each.
    public static let standardError = StoreErrorHandler { error in
        StandardError.write("swift-mvi: \(error)\n")
    }

    /// Delivers one failure.
    public func callAsFunction(_ error: StoreError) {
        handle(error)
    }
}
