#if DevTools
import Foundation
import HummingbirdCore
import MVI
import NIOCore

/// The server's connections: keeps ``ConnectionLimits`` under a lock and acts on what it
/// decides (closing a connection to make room) outside the lock. Also decides when the server
/// accepts, as Hummingbird's `AvailableConnectionsDelegate`: at ``ConnectionLimits/maxOpen``
/// open connections it stops calling `accept`, so a flood of connections waits in the
/// kernel's queue instead of taking the app's descriptors.
final class ConnectionLimiter: Sendable {
    private struct State: Sendable {
        var limits: ConnectionLimits
        var connections: [Int: ConnectionHandle] = [:]
        var nextID = 0
        /// Accepted and not yet closed, counted by the accepting side.
        var open = 0
    }
    private let state: Locked<State>
    /// The most connections open at once, pending and admitted.
    let maxOpen: Int
    /// The most connections that presented the token.
    let maxAdmitted: Int

    init(limits: ConnectionLimits) {
        state = Locked(State(limits: limits))
        maxOpen = limits.maxOpen
        maxAdmitted = limits.maxAdmitted
    }

    /// The soft limit on the descriptors this process may open, if there is one.
    static func descriptorLimit() -> Int? {
        var limit = rlimit()
        #if os(Linux)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        let infinity = rlim_t.max  // Glibc's RLIM_INFINITY, ((rlim_t) -1), does not import
        #else
        let resource = RLIMIT_NOFILE
        let infinity = RLIM_INFINITY
        #endif
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur != infinity else { return nil }
        return Int(clamping: limit.rlim_cur)
    }

    /// A connection was accepted: registers it, and closes the oldest pending one if that
    /// makes one too many.
    func opened(_ channel: any Channel) -> ConnectionHandle {
        let (handle, action, evicted) = state.withLock { state in
            let handle = ConnectionHandle(id: state.nextID, channel: channel)
            state.nextID &+= 1
            state.connections[handle.id] = handle
            let action = state.limits.opened(handle.id)
            var evicted: ConnectionHandle?
            if case .close(let id) = action { evicted = state.connections[id] }
            return (handle, action, evicted)
        }
        if action != .keep { evicted?.close() }
        return handle
    }

    /// A request presented the token: whether the connection may go on.
    func admit(_ handle: ConnectionHandle) -> Bool {
        state.withLock { $0.limits.admit(handle.id) }
    }

    /// Whether a request of the connection presented the token.
    func isAdmitted(_ handle: ConnectionHandle) -> Bool {
        state.withLock { $0.limits.isAdmitted(handle.id) }
    }

    func closed(_ handle: ConnectionHandle) {
        state.withLock { state in
            state.limits.closed(handle.id)
            state.connections[handle.id] = nil
        }
    }

    /// The connection of a channel, for the WebSocket handler to pause its reading.
    func handle(of channel: any Channel) -> ConnectionHandle? {
        state.withLock { state in state.connections.values.first { $0.channel === channel } }
    }

    /// Counts of the connections, for tests.
    var counts: (pending: Int, admitted: Int, open: Int) {
        state.withLock { ($0.limits.pending.count, $0.limits.admitted.count, $0.open) }
    }

    /// Hummingbird's hook on the accepting side.
    struct AcceptPolicy: AvailableConnectionsDelegate {
        let limiter: ConnectionLimiter
        func connectionOpened() { limiter.state.withLock { $0.open += 1 } }
        func connectionClosed() { limiter.state.withLock { $0.open -= 1 } }
        func isAcceptingNewConnections() -> Bool { limiter.state.withLock { $0.open } < limiter.maxOpen }
    }
}

/// One accepted connection, as the rest of the server sees it: closed from anywhere, and its
/// reading paused while the server works on what it sent (so that what it sends meanwhile
/// waits in the kernel, at the sender's cost, instead of in the app's memory).
final class ConnectionHandle: Sendable {
    let id: Int
    let channel: any Channel
    private let paused = Locked(false)

    init(id: Int, channel: any Channel) {
        self.id = id
        self.channel = channel
    }

    var isPaused: Bool { paused.withLock { $0 } }

    /// Stops reading from the socket until ``resumeReading()``.
    func pauseReading() { paused.withLock { $0 = true } }

    /// Reads again (a read withheld meanwhile is asked for again).
    func resumeReading() {
        paused.withLock { $0 = false }
        channel.read()
    }

    func close() { channel.close(mode: .all, promise: nil) }
}
#endif
