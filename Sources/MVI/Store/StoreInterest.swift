/// What a store's steps must look at beyond a plain send, one bit each, defined here once:
/// the kinds of event its middleware observes (``StoreEvent/Kind``), whether it shares parts
/// of its state, runs its feature in an ``ExecutionEnvironment``, and has a hook (time travel).
///
/// A store holds its interest once (``StoreCore/middlewareInterest``), and each step of the
/// send path tests it with one `and`: a plain store, with none of the bits, takes the plain
/// path (budgets.tsv: send-1sub).
@usableFromInline
struct StoreInterest: OptionSet, Sendable {
    @usableFromInline let rawValue: UInt16

    @inlinable init(rawValue: UInt16) { self.rawValue = rawValue }

    // The kinds of event, bits 0 to 9 (``StoreEvent/Kind/interest``).
    @inlinable static var created: Self { Self(rawValue: 1 << 0) }
    @inlinable static var started: Self { Self(rawValue: 1 << 1) }
    @inlinable static var intent: Self { Self(rawValue: 1 << 2) }
    @inlinable static var message: Self { Self(rawValue: 1 << 3) }
    @inlinable static var state: Self { Self(rawValue: 1 << 4) }
    @inlinable static var sideEffect: Self { Self(rawValue: 1 << 5) }
    @inlinable static var failure: Self { Self(rawValue: 1 << 6) }
    @inlinable static var cancelled: Self { Self(rawValue: 1 << 7) }
    @inlinable static var stateReplaced: Self { Self(rawValue: 1 << 8) }
    @inlinable static var sharedChange: Self { Self(rawValue: 1 << 9) }

    /// The store shares parts of its state (`Store(…, sharing:)`): messages take the watched
    /// path, so a store without shared values pays nothing.
    @inlinable static var sharing: Self { Self(rawValue: 1 << 13) }
    /// The store runs its feature's code in an ``ExecutionEnvironment``: `execute` tests it
    /// with the middleware's bits, so a store without one pays nothing.
    @inlinable static var environment: Self { Self(rawValue: 1 << 14) }
    /// The store has a hook (the pipeline's): time travel's.
    @inlinable static var hook: Self { Self(rawValue: 1 << 15) }
    /// The feature has children (``Feature/childScopes``): intents and messages take the
    /// watched paths, which route them, so a store without children pays nothing.
    @inlinable static var children: Self { Self(rawValue: 1 << 10) }

    /// The kinds of event that happen on the send path: intent, message, state, side effect,
    /// failure. Middleware observing any of them makes each step take the observed path
    /// (which also keeps `MiddlewareContext.isExecuting`); middleware that sees only a
    /// store's creation, start and end does not.
    @inlinable static var steps: Self {
        Self(rawValue: intent.rawValue | message.rawValue | state.rawValue | sideEffect.rawValue | failure.rawValue)
    }

    /// Whether any of `other`'s bits is set: one `and` and a test.
    @inlinable @inline(__always) func intersects(_ other: Self) -> Bool { rawValue & other.rawValue != 0 }
}
