/// The Orbit style on the store engine: intents are closures, messages are reduce blocks.
///
/// For screens where a `Message` enum is boilerplate, a ``Container`` takes closures:
///
/// ```swift
/// let container = Container<Form, FormEffect>(initialState: Form())
/// container.intent { ctx in
///     ctx.reduce { $0.isSaving = true }        // reduced now, in order
///     ctx.run { ctx in
///         try await api.save(ctx.state)
///         await ctx.reduce { $0.isSaving = false }
///         await ctx.post(.close)
///     }
/// }
/// ```
///
/// It is the same ``Store``: middleware, logging, time travel and the test store see each
/// intent and each reduce block as events, named when you give them a name.
public struct ContainerFeature<State: Sendable, SideEffect: Sendable>: Feature {
    /// An intent: a named closure that runs on the send path.
    public struct Intent: Sendable, CustomStringConvertible {
        /// A name for logs, time travel and tests (``ContainerHost`` passes the method name).
        public let name: String
        /// The body.
        @usableFromInline let body: @Sendable (StoreContext<ContainerFeature>) -> Void

        /// Creates an intent.
        @inlinable
        public init(_ name: String = "intent", _ body: @escaping @Sendable (StoreContext<ContainerFeature>) -> Void) {
            self.name = name
            self.body = body
        }

        /// The intent's name.
        public var description: String { name }
    }

    /// A message: a named reduce block.
    public struct Message: Sendable, CustomStringConvertible {
        /// A name for logs, time travel and tests.
        public let name: String
        /// The reduction.
        @usableFromInline let reduce: @Sendable (inout State) -> Void

        /// Creates a message.
        @inlinable
        public init(_ name: String = "reduce", _ reduce: @escaping @Sendable (inout State) -> Void) {
            self.name = name
            self.reduce = reduce
        }

        /// The message's name.
        public var description: String { name }
    }

    let onCreate: (@Sendable (StoreContext<ContainerFeature>) -> Void)?

    /// Creates the feature; `onCreate` runs once when the store starts.
    public init(onCreate: (@Sendable (StoreContext<ContainerFeature>) -> Void)? = nil) {
        self.onCreate = onCreate
    }

    /// Applies the reduce block.
    @inlinable
    public static func reduce(_ state: inout State, _ message: Message) {
        message.reduce(&state)
    }

    /// Runs the intent's body.
    @inlinable
    public func execute(_ intent: Intent, _ context: StoreContext<ContainerFeature>) {
        intent.body(context)
    }

    /// Runs `onCreate`, if any.
    public func bootstrap(_ context: StoreContext<ContainerFeature>) {
        onCreate?(context)
    }
}

extension ContainerFeature: DefaultStoreName {
    static var defaultStoreName: String { "Container<\(State.self)>" }
}

/// A store of the Orbit style: closure intents, reduce blocks, side effects.
public typealias Container<State: Sendable, SideEffect: Sendable> = Store<ContainerFeature<State, SideEffect>>

extension Store {
    /// Creates a container (a store of closure intents).
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - name: The name in logs, time travel and errors.
    ///   - middleware: Observers of every event.
    ///   - sideEffects: How side effects are delivered.
    ///   - onError: Receives failures of async work.
    ///   - start: Start now (see ``Store/init(_:initialState:name:middleware:sideEffects:pendingInputLimit:onError:environment:sharing:start:)``).
    ///   - onCreate: Runs once when the container starts (Orbit's `onCreate`).
    public convenience init<State: Sendable, SideEffect: Sendable>(
        initialState: State,
        name: String? = nil,
        middleware: [any Middleware<F>] = [],
        sideEffects: SideEffectPolicy = .default,
        onError: StoreErrorHandler = .standardError,
        start: Bool = true,
        onCreate: (@Sendable (StoreContext<F>) -> Void)? = nil
    ) where F == ContainerFeature<State, SideEffect> {
        self.init(
            ContainerFeature(onCreate: onCreate), initialState: initialState,
            name: name, middleware: middleware,
            sideEffects: sideEffects, onError: onError, start: start)
    }

    /// Runs a synchronous intent: reduce, post and start work in order, on the send path.
    @inlinable
    public func intent<State: Sendable, SideEffect: Sendable>(
        _ name: String = "intent",
        _ body: @escaping @Sendable (StoreContext<F>) -> Void
    ) where F == ContainerFeature<State, SideEffect> {
        send(ContainerFeature.Intent(name, body))
    }

    /// Runs an async intent (Orbit's `intent { }` with suspending calls) as work owned by
    /// the container.
    public func intent<State: Sendable, SideEffect: Sendable>(
        _ name: String = "intent",
        _ body: @escaping @Sendable (WorkContext<F>) async throws -> Void
    ) where F == ContainerFeature<State, SideEffect> {
        send(ContainerFeature.Intent(name) { context in context.run(body) })
    }
}

extension StoreContext {
    /// Reduces the state with a block, now (Orbit's `reduce { }`).
    @inlinable
    public func reduce<State: Sendable, SideEffect: Sendable>(
        _ name: String = "reduce",
        _ body: @escaping @Sendable (inout State) -> Void
    ) where F == ContainerFeature<State, SideEffect> {
        dispatch(ContainerFeature.Message(name, body))
    }
}

extension WorkContext {
    /// Reduces the state with a block and returns once it is applied (Orbit's `reduce { }`).
    public func reduce<State: Sendable, SideEffect: Sendable>(
        _ name: String = "reduce",
        _ body: @escaping @Sendable (inout State) -> Void
    ) async where F == ContainerFeature<State, SideEffect> {
        await dispatch(ContainerFeature.Message(name, body))
    }
}
