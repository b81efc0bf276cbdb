#if DevTools
import MVITimeTravel
import ServiceLifecycle

/// The debugger as a swift-service-lifecycle service: add it to the app's `ServiceGroup`, and
/// it starts with the group and stops on the group's graceful shutdown.
///
/// ```swift
/// let group = ServiceGroup(
///     services: [app, DevToolsService(timeTravel) { devTools in devTools.register(store) }],
///     gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()
/// ```
public struct DevToolsService: Service {
    let timeTravel: TimeTravel
    let options: DevToolsOptions
    let started: @Sendable (DevTools) -> Void

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - timeTravel: The controller the page drives.
    ///   - options: Where to listen and how.
    ///   - started: Called once the server listens: register the stores here.
    public init(
        _ timeTravel: TimeTravel, options: DevToolsOptions = DevToolsOptions(),
        started: @escaping @Sendable (DevTools) -> Void = { _ in }
    ) {
        self.timeTravel = timeTravel
        self.options = options
        self.started = started
    }

    /// Starts the server, and stops it on graceful shutdown or cancellation.
    public func run() async throws {
        let devTools = try await DevTools.start(timeTravel, options: options)
        started(devTools)
        try? await gracefulShutdown()
        await devTools.stop()
    }
}
#endif
