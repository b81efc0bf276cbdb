/// A value that several stores share: a signed-in user, settings, a list shown in two
/// windows. One source of truth, safe from any thread.
///
/// ```swift
/// let settings = Shared(Settings())
/// let editor = Store(Editor(), initialState: .init(), sharing: [.init(\.settings, settings)])
/// let preview = Store(Preview(), initialState: .init(), sharing: [.init(\.settings, settings)])
/// editor.send(.setTheme(.dark))   // the editor's reducer sets `state.settings.theme`
/// preview.state.settings.theme    // .dark
/// ```
///
/// A store bound to a shared value with ``StateSharing`` keeps a copy of it in its state, so
/// reducers stay pure and views read the state as always:
/// - When a store's reducer changes its copy, the change is written to the shared value.
///   The reducer runs on the newest value (a change from elsewhere that has not reached the
///   store yet is applied first), and holds the value's lock while it runs, so that no
///   change from concurrent writers is lost.
/// - Every other store bound to the value gets the change as an event of its own
///   (``StoreEvent/sharedChange(_:)``): queued in order with its intents, reduced by nobody,
///   seen by its observers, middleware, logging, time travel and the test store. Every store
///   sees the value's changes in the same order. A store that is busy when several changes
///   arrive applies them as one event carrying the newest value.
/// - Code outside any store (a test, a service, async work) reads ``value`` and writes with
///   ``withLock(_:)``.
///
/// Changes are queued into the stores while the value's lock is held, and the stores run
/// them after it is released, so no store's work runs under the lock but the reducer that
/// writes. A reducer never reads a store, so two shared values never wait for each other.
///
/// A value that is saved (to a file or a database) is made with a ``SharedStorage``; a test
/// gives its stores a fresh `Shared(…)` and never touches a user's files.
public final class Shared<Value: Sendable & Equatable>: @unchecked Sendable {  // its vars: only under `lock`
    /// Guards the three properties below. Stores take it around a reducer that may write
    /// the value. (Three stored properties, not one struct: code that is not specialized for
    /// `Value` looked up the struct's type metadata on every access; budgets.tsv:
    /// shared-write-2, shared-write-100.)
    let lock = Lock()
    /// The value; only under `lock`.
    @usableFromInline var guardedValue: Value
    /// Bumped by every change: a store applies a change only if it is newer than what its
    /// state holds. Only under `lock`.
    var version: UInt64 = 0
    /// The stores bound to the value, each through its link; only under `lock`.
    var observers: [any SharedObserver] = []
    /// Where the value is saved, if anywhere.
    let storage: (any SharedStorage<Value>)?

    /// A value kept in memory, for as long as this object lives.
    ///
    /// - Parameter value: The first value.
    public init(_ value: Value) {
        guardedValue = value
        storage = nil
        onError = .standardError
        saver = nil
    }

    /// A value kept in `storage`: the saved value if there is one, `value` otherwise. Every
    /// change is saved; a change made to the storage from outside (another process, another
    /// window's storage) is picked up and reaches the stores like any other.
    ///
    /// Saving never holds up the thread that changes the value: a store's `send` and
    /// ``withLock(_:)`` hand the newest value to a saver that writes it on a thread of its
    /// own, one write at a time, coalesced (only the newest value waiting is written, never an
    /// older one after a newer one). A failed write is retried, with a delay that doubles from
    /// 50 ms up to 4 s, until it succeeds or a newer value replaces it; ``save()`` waits for
    /// the writes (call it before the process ends, and in tests).
    ///
    /// A saved value that cannot be read is reported through `onError` and kept: nothing
    /// is written over it until the storage says so (``SharedStorage``). The value starts
    /// from `value` meanwhile, and changes are kept in memory; a refused write is tried again
    /// at the next change, or when the storage reports that something changed.
    ///
    /// - Parameters:
    ///   - value: The value when nothing is saved yet, or the save cannot be read.
    ///   - storage: Where the value is saved.
    ///   - onError: Receives failures to read or write the storage, and what the storage
    ///     reports while it runs: a failed write the first time, then after 10, 100… failed
    ///     attempts in a row, and once when a write succeeds again. Defaults to standard error.
    public init(
        _ value: Value, storage: some SharedStorage<Value>, onError: StoreErrorHandler = .standardError
    ) {
        self.storage = storage
        let report: @Sendable (any Error) -> Void = { error in
            onError(StoreError(storeName: "Shared<\(Value.self)>", origin: .addOn("SharedStorage"), underlying: error))
        }
        let loaded: Value?
        do {
            loaded = try storage.load()
        } catch {
            report(error)
            loaded = nil
        }
        guardedValue = loaded ?? value
        self.onError = onError
        let saver = SharedSaver(storage: storage, onError: report)
        self.saver = saver
        storage.subscribe(
            { [weak self] value in self?.apply(external: value) },
            onError: { error in
                report(error)
                saver.storageChanged()
            })
    }

    /// Receives the storage's failures; standard error for a value kept in memory.
    private let onError: StoreErrorHandler
    /// Writes the changes to the storage, off the threads that make them; `nil` in memory.
    private let saver: SharedSaver<Value>?

    /// The value now. Safe from any thread; inside a store, read the state instead.
    public var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return guardedValue
    }

    /// Changes the value in place, atomically: no change by another thread or store is lost
    /// between the read and the write. Every store bound to the value gets the change (if
    /// `body` changed it) as an event, after the lock is released.
    ///
    /// ```swift
    /// settings.withLock { $0.fontSize += 1 }
    /// ```
    ///
    /// Do not call it from a reducer (reducers change their state; the store writes it), nor
    /// from inside `body` of another `withLock` of the same value.
    @discardableResult
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        let before = guardedValue
        let result: Result
        do {
            result = try body(&guardedValue)
        } catch {
            lock.unlock()
            throw error
        }
        guard before != guardedValue else {
            lock.unlock()
            return result
        }
        let observers = changed(by: nil)
        let (saved, version) = (guardedValue, version)
        lock.unlock()
        kickObservers(observers, except: nil)
        save(saved, version: version)
        return result
    }

    /// Sets the value: ``withLock(_:)`` that replaces it.
    public func set(_ value: Value) {
        withLock { $0 = value }
    }

    // MARK: For stores

    /// After a change made under the lock: bumps the version and queues the change into every
    /// observer but `writer` (which made it in its own state). Returns the observers to
    /// kick once the lock is released. Under the lock.
    func changed(by writer: (any SharedObserver)?) -> [any SharedObserver] {
        version &+= 1
        var live = 0
        for observer in observers {
            guard observer !== writer else {
                live += 1
                continue
            }
            if observer.queueChange() { live += 1 }
        }
        if live < observers.count {  // some store ended: forget it
            observers.removeAll { $0 !== writer && !$0.isAlive }
        }
        return observers
    }

    /// Hands `value`, the value at `version`, to the saver, which writes it on a thread of its
    /// own unless something newer is written first. Outside the value's lock; never waits for
    /// the storage.
    func save(_ value: Value, version: UInt64) {
        saver?.request(value, version: version)
    }

    /// Writes the value now if it is not saved yet, and waits until it is: the value as it is
    /// when this is called, or a newer one. A write waiting for its retry is tried at once.
    /// Returns at once for a value kept in memory.
    ///
    /// ```swift
    /// settings.withLock { $0.fontSize += 1 }
    /// try await settings.save()   // before the process ends, or in a test before reading the file
    /// ```
    ///
    /// Throws the failure of the write it waited for (the saver keeps retrying it in the
    /// background), or the storage's refusal to write over a saved value it could not read.
    public func save() async throws {
        guard let saver else { return }
        lock.lock()
        let current = version
        lock.unlock()
        try await saver.save(upTo: current)
    }

    /// A value the storage found changed from outside: set without saving it back.
    private func apply(external value: Value) {
        lock.lock()
        guard guardedValue != value else {
            // The storage holds what the value holds: nothing older needs writing.
            let version = version
            lock.unlock()
            saver?.external(value, version: version)
            return
        }
        guardedValue = value
        let observers = changed(by: nil)
        let version = version
        lock.unlock()
        saver?.external(value, version: version)
        kickObservers(observers, except: nil)
    }

    /// Adds a store's link; under the lock.
    func subscribe(_ observer: any SharedObserver) {
        observers.append(observer)
    }

    /// Removes a store's link (the store ended).
    func unsubscribe(_ observer: any SharedObserver) {
        lock.lock()
        observers.removeAll { $0 === observer }
        lock.unlock()
    }
}

/// A store's side of a shared value: what the value calls to tell it about a change.
@usableFromInline
protocol SharedObserver: AnyObject, Sendable {
    /// Queues a change into the store without running it (under the value's lock). `false`
    /// if the store has ended.
    func queueChange() -> Bool
    /// Runs the store's queue on this thread if nobody does (outside the value's lock).
    func drainIfIdle()
    /// Whether the store still exists.
    var isAlive: Bool { get }
}

/// Lets each observer but `writer` drain the change queued into it, on this thread if
/// nobody drains it. Outside the value's lock.
@usableFromInline func kickObservers(_ observers: [any SharedObserver], except writer: (any SharedObserver)?) {
    for observer in observers where observer !== writer { observer.drainIfIdle() }
}
