import MVI
/// The lifecycle of a screen: created, started (visible), resumed (interactive), then back
/// down to destroyed.
///
/// MVIKotlin's (Essenty's) `Lifecycle`. A test drives it by hand; on Apple platforms a view
/// controller or a SwiftUI view drives it from its own lifecycle methods (`viewDidLoad` → ``create()``,
/// `viewWillAppear` → ``start()``, `viewDidAppear` → ``resume()``, and back; or `onAppear` /
/// `onDisappear` → ``start()`` / ``stop()``). A ``Binder`` bound to it starts and stops with it,
/// see ``Binder/bind(to:mode:)``.
///
/// Moving to a state walks every step in between, in order, so observers always see a valid
/// sequence: `start()` on a fresh lifecycle emits `create` then `start`; `destroy()` on a
/// resumed one emits `pause`, `stop`, `destroy`. A destroyed lifecycle stays destroyed.
@MainActor
public final class Lifecycle {
    /// Where a lifecycle is, in order.
    public enum State: Int, Sendable, Hashable, Comparable, CaseIterable {
        /// Ended; nothing happens any more.
        case destroyed
        /// Not created yet.
        case initialized
        /// Created but not visible.
        case created
        /// Visible.
        case started
        /// Visible and interactive.
        case resumed

        /// Orders states from ``destroyed`` up to ``resumed``.
        public static func < (lhs: State, rhs: State) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One step of a lifecycle.
    public enum Event: Sendable, Hashable, CaseIterable {
        /// ``State/initialized`` → ``State/created``.
        case create
        /// ``State/created`` → ``State/started``.
        case start
        /// ``State/started`` → ``State/resumed``.
        case resume
        /// ``State/resumed`` → ``State/started``.
        case pause
        /// ``State/started`` → ``State/created``.
        case stop
        /// ``State/created`` → ``State/destroyed``.
        case destroy
    }

    /// Where the lifecycle is now.
    public private(set) var state: State

    private let observers = ObserverList<Event>()

    /// Creates a lifecycle in `state` (``State/initialized`` by default).
    public init(state: State = .initialized) {
        self.state = state
    }

    /// Calls `observer` with every event from now on, on the main actor.
    public func subscribe(_ observer: @escaping @MainActor (Event) -> Void) -> Subscription {
        observers.add(observer)
    }

    /// Moves to ``State/created``.
    public func create() { move(to: .created) }
    /// Moves to ``State/started`` (creating first if needed).
    public func start() { move(to: .started) }
    /// Moves to ``State/resumed`` (creating and starting first if needed).
    public func resume() { move(to: .resumed) }
    /// Moves down to ``State/started`` if resumed.
    public func pause() { if state > .started { move(to: .started) } }
    /// Moves down to ``State/created`` if started or resumed.
    public func stop() { if state > .created { move(to: .created) } }
    /// Moves down to ``State/destroyed``, through every step in between.
    public func destroy() { move(to: .destroyed) }

    /// Moves to `target` one step at a time, emitting each step's event. Does nothing once
    /// destroyed.
    public func move(to target: State) {
        while state != .destroyed, state != target {
            let event: Event
            let next: State
            switch (state, target > state) {
            case (.initialized, true): (event, next) = (.create, .created)
            case (.initialized, false): (event, next) = (.destroy, .destroyed)
            case (.created, true): (event, next) = (.start, .started)
            case (.created, false): (event, next) = (.destroy, .destroyed)
            case (.started, true): (event, next) = (.resume, .resumed)
            case (.started, false): (event, next) = (.stop, .created)
            case (.resumed, _): (event, next) = (.pause, .started)
            case (.destroyed, _): return
            }
            state = next
            observers.send(event)
        }
    }
}
