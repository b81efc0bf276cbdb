/// One event in a store's pipeline, as middleware, logging, time travel and tests see it.
///
/// For each intent the order is: ``intent(_:)``, then for each message it produces
/// ``message(_:)`` followed by ``state(_:)``, and ``sideEffect(_:)`` where one is posted.
/// Async work's messages and side effects enter the same pipeline, in the order the store
/// applies them.
public enum StoreEvent<F: Feature>: Sendable {
    /// The store was created; ``MiddlewareContext/state`` is the initial state.
    case created
    /// The store started and ran its bootstrap.
    case started
    /// An intent is about to be executed.
    case intent(F.Intent)
    /// A message is about to be reduced.
    case message(F.Message)
    /// The state after a message was reduced.
    case state(F.State)
    /// A side effect was posted.
    case sideEffect(F.SideEffect)
    /// A failure was reported to the store's error handler.
    case failure(StoreError)
    /// The state was replaced as a whole from outside the feature (``Store/replaceState(with:)``:
    /// a debugger, a restore); the value is the new state. No message precedes it.
    case stateReplaced(F.State)
    /// A value the store shares (`Store(…, sharing:)`) was changed by another store or from
    /// outside any store, and the change was applied to this store's state; the value is the
    /// new state. No message precedes it: the feature's reducer did not run.
    case sharedChange(F.State)
    /// The store was cancelled or released; nothing follows.
    case cancelled
}

extension StoreEvent {
    /// The kind of the event, without its payload: handy for filtering and for levels.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// ``StoreEvent/created``.
        case created
        /// ``StoreEvent/started``.
        case started
        /// ``StoreEvent/intent(_:)``.
        case intent
        /// ``StoreEvent/message(_:)``.
        case message
        /// ``StoreEvent/state(_:)``.
        case state
        /// ``StoreEvent/sideEffect(_:)``.
        case sideEffect
        /// ``StoreEvent/failure(_:)``.
        case failure
        /// ``StoreEvent/cancelled``.
        case cancelled
        /// ``StoreEvent/stateReplaced(_:)``.
        case stateReplaced
        /// ``StoreEvent/sharedChange(_:)``.
        case sharedChange
    }

    /// The kind of this event.
    @inlinable public var kind: Kind {
        switch self {
        case .created: .created
        case .started: .started
        case .intent: .intent
        case .message: .message
        case .state: .state
        case .sideEffect: .sideEffect
        case .failure: .failure
        case .cancelled: .cancelled
        case .stateReplaced: .stateReplaced
        case .sharedChange: .sharedChange
        }
    }
}

extension StoreEvent.Kind {
    /// The kind's bit of a store's interest (``StoreInterest``).
    @inlinable var interest: StoreInterest {
        switch self {
        case .created: .created
        case .started: .started
        case .intent: .intent
        case .message: .message
        case .state: .state
        case .sideEffect: .sideEffect
        case .failure: .failure
        case .cancelled: .cancelled
        case .stateReplaced: .stateReplaced
        case .sharedChange: .sharedChange
        }
    }

    /// One bit per kind, for the store's masks of what its middleware wants (``interest``).
    @inlinable var bit: UInt16 { interest.rawValue }

    /// The mask of a set of kinds.
    static func mask(of kinds: Set<Self>) -> UInt16 {
        kinds.reduce(0) { $0 | $1.bit }
    }
}
