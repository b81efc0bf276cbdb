import MVI
/// Which pair of lifecycle events starts and stops a ``Binder``: MVIKotlin's
/// `BinderLifecycleMode`.
///
/// While a binder is stopped, its view gets no states and its side-effect observer gets no
/// side effects. States are not queued: on restart the view renders the store's current state
/// (the intermediate ones are skipped). Side effects wait in the store's buffer (see
/// `SideEffectPolicy`) and are delivered on restart, in order, each exactly once.
public enum BinderLifecycleMode: Sendable, Hashable, CaseIterable {
    /// Bound from ``Lifecycle/Event/create`` to ``Lifecycle/Event/destroy``: for the whole
    /// life of the screen, even while it is not visible.
    case createDestroy
    /// Bound from ``Lifecycle/Event/start`` to ``Lifecycle/Event/stop``: while visible. The usual
    /// choice.
    case startStop
    /// Bound from ``Lifecycle/Event/resume`` to ``Lifecycle/Event/pause``: while interactive.
    case resumePause

    /// The event that starts the binder.
    var startEvent: Lifecycle.Event {
        switch self {
        case .createDestroy: .create
        case .startStop: .start
        case .resumePause: .resume
        }
    }

    /// The event that stops the binder.
    var stopEvent: Lifecycle.Event {
        switch self {
        case .createDestroy: .destroy
        case .startStop: .stop
        case .resumePause: .pause
        }
    }

    /// The lifecycle state in which the binder is started.
    var activeState: Lifecycle.State {
        switch self {
        case .createDestroy: .created
        case .startStop: .started
        case .resumePause: .resumed
        }
    }
}
