#if DevTools
import Foundation
import Hummingbird
import Logging
import MVI
import MVITimeTravel

/// A live debugger for every store of a time-travel controller: a web page served by the app.
///
/// ```swift
/// let timeTravel = TimeTravel()
/// let store = Store(Counter(), initialState: .init(), name: "Counter",
///                   middleware: [try timeTravel.register("Counter")])
/// let devTools = try await DevTools.start(timeTravel)   // prints the URL to open
/// devTools.register(store)   // the page may send intents and edit states, as the types allow
/// // ...
/// await devTools.stop()
/// ```
///
/// The page lists the stores and their states, shows a live timeline of their events, and
/// drives time travel (record, step, jump, replay, cancel, export, import). See
/// <doc:UsingDevTools>; the page talks to the app with the protocol in <doc:Protocol>.
///
/// The page can change what the app does, so it is guarded: the server listens on loopback
/// unless told otherwise, and the page and its WebSocket need the random token in ``url``.
public final class DevTools: Sendable {
    /// The controller the page drives.
    public let timeTravel: TimeTravel
    /// The options the server was started with.
    package let options: DevToolsOptions
    /// The page's address, with its token: open it in a browser.
    public let url: String
    /// The port the server listens on (in ``url``; the one the system chose when the options
    /// asked for port 0).
    package let port: Int

    let token: AccessToken
    /// The server's connections (pending and admitted), bounded.
    let limiter: ConnectionLimiter
    let stores = Locked<[String: DevToolsStore]>([:])
    let serverTask = Locked<Task<Void, any Error>?>(nil)

    init(timeTravel: TimeTravel, options: DevToolsOptions, token: AccessToken, port: Int, limiter: ConnectionLimiter) {
        self.timeTravel = timeTravel
        self.limiter = limiter
        self.options = options
        self.token = token
        self.port = port
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        self.url = "http://\(host):\(port)/?token=\(token.text)"
    }

    /// Starts the server and prints (through ``DevToolsOptions/announce``) one line naming
    /// the URL to open. Returns once the server listens.
    ///
    /// - Parameters:
    ///   - timeTravel: The controller whose stores the page shows and drives.
    ///   - options: Where to listen and how; the defaults listen on loopback, on a free port.
    /// - Throws: if the server cannot listen (the port is taken, the address is not local).
    public static func start(
        _ timeTravel: TimeTravel, options: DevToolsOptions = DevToolsOptions()
    ) async throws
        -> DevTools
    {
        let token = AccessToken.random()
        let page = try PageAssets.load()
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let handoff = Locked<DevTools?>(nil)
        let limiter = ConnectionLimiter(
            limits: ConnectionLimits(
                maxPending: options.maxPendingConnections, maxAdmitted: options.maxConnections,
                descriptorLimit: ConnectionLimiter.descriptorLimit()))
        let server = DevToolsServer(
            options: options, token: token, page: page, limiter: limiter, devTools: { handoff.withLock { $0 } })
        let task = Task {
            defer { portContinuation.finish() }
            try await server.run { port in portContinuation.yield(port) }
        }
        var boundPort: Int?
        for await port in ports {
            boundPort = port
            break
        }
        guard let boundPort else {
            // The server ended before listening: its error says why.
            try await task.value
            throw DevToolsStartError.notListening
        }
        let devTools = DevTools(
            timeTravel: timeTravel, options: options, token: token, port: boundPort, limiter: limiter)
        handoff.withLock { $0 = devTools }
        devTools.serverTask.withLock { $0 = task }
        if !options.isLoopback {
            options.announce(
                "warning: MVIDevTools listens on \(options.host), reachable from other machines; "
                    + "anyone with the URL can edit state and send intents")
        }
        if options.startsRecording { timeTravel.startRecording() }
        options.announce("MVIDevTools: open \(devTools.url)")
        return devTools
    }

    /// Stops the server and closes open pages. Time travel and the stores go on.
    public func stop() async {
        let task = serverTask.withLock { task in
            defer { task = nil }
            return task
        }
        task?.cancel()
        _ = try? await task?.value
    }

    func add(_ store: DevToolsStore) {
        stores.withLock { $0[store.name] = store }
    }

    /// The stores registered here that are alive, by name.
    var registeredStores: [String: DevToolsStore] {
        stores.withLock { stores in
            stores = stores.filter { $0.value.isAlive() }
            return stores
        }
    }
}

/// The server ended before it listened, without an error.
struct DevToolsStartError: Error {
    static let notListening = DevToolsStartError()
}
#endif
