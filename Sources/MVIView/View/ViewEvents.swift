import MVI
/// Something that produces events: the input half of an ``MVIView``.
///
/// MVIKotlin's `ViewEvents<Event>`. Events are dispatched on the main actor; a ``Binder``
/// observes them and maps each to an intent of the store.
@MainActor
public protocol ViewEvents<Event>: AnyObject {
    /// What the view reports: taps, text changes, slider moves.
    associatedtype Event

    /// Calls `observer` with every event the view dispatches from now on, on the main actor,
    /// until the returned subscription is cancelled or released.
    func onEvent(_ observer: @escaping @MainActor (Event) -> Void) -> Subscription
}
