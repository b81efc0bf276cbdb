/// A presenter or view model that owns a ``Container``: Orbit's `MviContainerHost`.
///
/// ```swift
/// final class CirclePresenter: ContainerHost {
///     let container = Container<CircleState, CircleEffect>(initialState: CircleState())
///     let repository: CirclesRepository
///
///     func onDeleteCircleConfirmed() {
///         intent { ctx in
///             await ctx.reduce { $0.committingChanges = true }
///             ...
///         }
///     }
/// }
/// ```
///
/// Intents are named after the calling method, so logs, time travel and tests say
/// `onDeleteCircleConfirmed()` rather than `intent`.
public protocol ContainerHost<ContainerState, ContainerSideEffect>: AnyObject, Sendable {
    /// The container's state.
    associatedtype ContainerState: Sendable
    /// The container's side effects.
    associatedtype ContainerSideEffect: Sendable

    /// The container this host drives.
    var container: Container<ContainerState, ContainerSideEffect> { get }
}

extension ContainerHost {
    /// Runs a synchronous intent on the container, named after the calling method.
    @inlinable
    public func intent(
        _ name: String = #function,
        _ body: @escaping @Sendable (StoreContext<ContainerFeature<ContainerState, ContainerSideEffect>>) -> Void
    ) {
        container.intent(name, body)
    }

    /// Runs an async intent on the container, named after the calling method.
    public func intent(
        _ name: String = #function,
        _ body:
            @escaping @Sendable (WorkContext<ContainerFeature<ContainerState, ContainerSideEffect>>) async throws ->
            Void
    ) {
        container.intent(name, body)
    }

    /// The container's current state.
    public var state: ContainerState { container.state }
}
