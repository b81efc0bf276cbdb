/// The scheduling machine's flags, each one bit of ``SchedulingStateMachine/flags``.
///
/// One byte rather than a `Bool` each, so that the claim's test on the send path
/// (``SchedulingStateMachine/canRunInput``) is one load and one comparison rather than a load
/// and a branch per flag (budgets.tsv: send-1sub). The bits are constants of a type that is
/// not generic, so that unspecialized transitions (a store's `deinit`) read them without
/// looking up the machine's type metadata (budgets.tsv: create-store).
@usableFromInline
enum SchedulingFlag {
    @inlinable static var draining: UInt8 { 1 }
    @inlinable static var started: UInt8 { 2 }
    @inlinable static var holding: UInt8 { 4 }
    @inlinable static var cancelled: UInt8 { 8 }
    @inlinable static var cancelObservers: UInt8 { 16 }
    @inlinable static var used: UInt8 { 32 }
    @inlinable static var bounded: UInt8 { 64 }
}

extension SchedulingStateMachine {
    /// Whether `bit` of ``flags`` is set.
    @inlinable @inline(__always) func flag(_ bit: UInt8) -> Bool { flags & bit != 0 }

    /// Sets or clears `bit` of ``flags``.
    @inlinable @inline(__always) mutating func setFlag(_ bit: UInt8, _ on: Bool) {
        flags = on ? flags | bit : flags & ~bit
    }

    /// One thread at a time processes the queue; it holds this claim while it does.
    @inlinable @inline(__always) var isDraining: Bool {
        get { flag(SchedulingFlag.draining) }
        set { setFlag(SchedulingFlag.draining, newValue) }
    }
    /// Inputs wait until the store starts (and its bootstrap has run).
    @inlinable @inline(__always) var isStarted: Bool {
        get { flag(SchedulingFlag.started) }
        set { setFlag(SchedulingFlag.started, newValue) }
    }
    /// Time travel holds live input: it waits in `held` until resumed.
    @inlinable @inline(__always) var isHolding: Bool {
        get { flag(SchedulingFlag.holding) }
        set { setFlag(SchedulingFlag.holding, newValue) }
    }
    /// A cancelled store drops new input and starts no new async work.
    @inlinable @inline(__always) var isCancelled: Bool {
        get { flag(SchedulingFlag.cancelled) }
        set { setFlag(SchedulingFlag.cancelled, newValue) }
    }
    /// Whether a cancel observer was ever added (``StoreCore/addCancelObserver(_:)``): if not,
    /// cancelling skips the observers' table.
    @inline(__always) var hasCancelObservers: Bool {
        get { flag(SchedulingFlag.cancelObservers) }
        set { setFlag(SchedulingFlag.cancelObservers, newValue) }
    }
    /// Whether anything but a lone sender's input, run at once, ever went through the
    /// machine: queued or control items (subscriptions among them), holding. Never cleared; a
    /// store without it has nothing to end (see ``isQuiet``).
    @inlinable @inline(__always) var wasUsed: Bool {
        get { flag(SchedulingFlag.used) }
        set { setFlag(SchedulingFlag.used, newValue) }
    }
    /// Whether queued input is bounded (``bound(inputTo:)``): the bound itself is
    /// ``Extras/inputBound``. A flag here, so that the queuing paths test one bit and an
    /// unbounded store pays nothing else: a pointer field here would make the machine too
    /// large to pass in registers, and every unspecialized transition (a store's `deinit`
    /// among them) would look up its type metadata.
    @inlinable @inline(__always) var isBounded: Bool {
        get { flag(SchedulingFlag.bounded) }
        set { setFlag(SchedulingFlag.bounded, newValue) }
    }
}
