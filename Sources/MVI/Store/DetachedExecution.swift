/// What executing one intent away from the store did (`StoreHooks.executeDetached(_:from:)`).
package struct DetachedExecution<F: Feature>: Sendable {
    /// The messages the intent dispatched before `execute` returned, in order.
    package var messages: [F.Message] = []
    /// The side effects it posted before `execute` returned, in order.
    package var sideEffects: [F.SideEffect] = []
    /// The state after those messages.
    package var state: F.State
}
