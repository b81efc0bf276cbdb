/// Lets the store find a recorder among its middleware (time travel's middleware is one).
package protocol RecordingMiddleware: Sendable {
    /// The recorder for stores of `feature`, if this middleware records such stores.
    func recorder<F: Feature>(for feature: F.Type) -> StoreRecorder<F>?
}
