import MVI
/// A base class for views: ``dispatch(_:)`` sends events to observers, ``render(_:)`` forwards
/// to an optional ``renderer`` (a ``DiffRenderer``, for instance).
///
/// MVIKotlin's `BaseMviView`. Subclass it and either override ``render(_:)`` (call `super`)
/// or set ``renderer`` to a ``diff(_:)`` renderer so only what changed is updated:
///
/// ```swift
/// final class UserInfoViewImpl: BaseMVIView<UserInfoModel, Never>, UserInfoView {
///     let nameText = TextView()
///     let friendsList = ListView()
///
///     override init() {
///         super.init()
///         renderer = diff {
///             $0.diff(get: \.name, set: nameText.setText)
///             $0.diff(get: \.friendNames, compare: { $0.sharesStorage(with: $1) }, set: friendsList.setItems)
///         }
///     }
/// }
/// ```
@MainActor
open class BaseMVIView<Model, Event>: MVIView {
    private let observers = ObserverList<Event>()

    /// What ``render(_:)`` forwards each model to; `nil` renders nothing.
    public var renderer: (any ViewRenderer<Model>)?

    /// Creates a view with no renderer and no observers.
    public init() {}

    /// Renders `model` through ``renderer``. Override to render by hand; calling `super`
    /// keeps the renderer working.
    open func render(_ model: Model) {
        renderer?.render(model)
    }

    /// Sends `event` to every observer (the binder, a test), synchronously, in order.
    public func dispatch(_ event: Event) {
        observers.send(event)
    }

    /// Calls `observer` with every event dispatched from now on.
    public func onEvent(_ observer: @escaping @MainActor (Event) -> Void) -> Subscription {
        observers.add(observer)
    }

    /// Builds a renderer that updates only what changed; see ``DiffRenderer``.
    public func diff(_ build: (DiffRenderer<Model>) -> Void) -> DiffRenderer<Model> {
        DiffRenderer(build)
    }
}

extension BaseMVIView where Event: Sendable {
    /// The events dispatched from now on, as an async sequence (each access is a new observer,
    /// which ends when its iteration ends).
    public var events: AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let subscription = onEvent { continuation.yield($0) }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }
}
