#if DevTools
import Foundation
import HummingbirdWebSocket
import MVI
import MVITimeTravel
import NIOCore
import NIOWebSocket

/// One open page: pushes new events, store states and the controller's status as they
/// change, and carries out the page's requests. Each page has its own feed, so pages do not
/// share a cursor, and a page that reads slowly only makes its own feed fall behind (what
/// the recorders drop meanwhile is counted and shown as dropped).
struct DevToolsConnection: Sendable {
    let devTools: DevTools
    let outbound: WebSocketOutboundWriter
    /// The socket's connection, to pause its reading while a message is carried out.
    let socket: ConnectionHandle?
    /// What all sockets together may hold of messages being put together.
    let budget: InputBudget
    /// Where messages are parsed and carried out, off the app's concurrency pool.
    let worker: MessageWorker

    func run(inbound: WebSocketInboundStream) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await push() }
            try? await receive(inbound)
            group.cancelAll()
        }
    }

    func send(_ text: String) async throws {
        try await outbound.write(.text(text))
    }

    // MARK: Pushing

    /// Until cancelled: every push interval, the new events, and the status and the store
    /// list when they changed.
    func push() async throws {
        // Stores time their intents only while a page reads this feed.
        let feed = devTools.timeTravel.makeFeed(timingIntents: true)
        let encoder = JSONText.makeEncoder()
        var dropped = 0
        var lastStores = ""
        var lastStatus = ""
        // The skips the page was last told about, and the stores they were in.
        var lastSkipped: Set<UInt64> = []
        var skippedStores: Set<String> = []
        var tick = 0
        try await send(ServerFrame.hello(maxMessageBytes: devTools.options.maxMessageBytes))
        while !Task.isCancelled {
            let batch = feed.read()
            dropped += batch.droppedEvents
            if batch.isReset || !batch.events.isEmpty || batch.droppedEvents > 0 || !batch.intentTimings.isEmpty {
                var start = batch.events.startIndex
                let step = Swift.max(1, devTools.options.maxEventsPerFrame)
                repeat {
                    let end = Swift.min(start + step, batch.events.endIndex)
                    try await send(
                        ServerFrame.events(
                            batch.events[start..<end], reset: batch.isReset && start == batch.events.startIndex,
                            dropped: dropped,
                            timings: start == batch.events.startIndex ? batch.intentTimings : [], encoder: encoder))
                    start = end
                } while start < batch.events.endIndex
            }
            // A skip changed states: the stores whose skips changed get all their states again
            // (recomputed, or as recorded once un-skipped). Before the status, so that the
            // page has them when it shows the selection.
            let skipped = devTools.timeTravel.skippedSequences
            if skipped != lastSkipped || batch.isReset && !skipped.isEmpty {
                let events = devTools.timeTravel.events
                let changedStores = Set(events.lazy.filter { skipped.contains($0.sequence) }.map(\.storeName))
                    .union(skippedStores)
                try await send(
                    ServerFrame.skips(events, stores: changedStores, timeTravel: devTools.timeTravel, encoder: encoder))
                lastSkipped = skipped
                skippedStores = Set(events.lazy.filter(\.isSkipped).map(\.storeName))
            }
            let (mode, selected) = devTools.timeTravel.modeAndSelection
            let status = ServerFrame.status(mode: mode, selected: selected)
            let statusChanged = status != lastStatus
            if statusChanged {
                try await send(status)
                lastStatus = status
            }
            // States change at most as fast as events; a few times a second is enough to see
            // them, and at once after a time-travel move.
            if tick % 4 == 0 || statusChanged {
                let stores = ServerFrame.stores(storeInfos(), encoder: encoder)
                if stores != lastStores {
                    try await send(stores)
                    lastStores = stores
                }
            }
            tick &+= 1
            try await Task.sleep(for: devTools.options.pushInterval)
        }
    }

    /// Every store time travel records and every store registered here, by name.
    func storeInfos() -> [ServerFrame.StoreInfo] {
        let registered = devTools.registeredStores
        var infos: [String: ServerFrame.StoreInfo] = [:]
        for (name, state) in devTools.timeTravel.currentStates() {
            infos[name] = ServerFrame.StoreInfo(
                name: name, state: state, recorded: true, sendsIntents: false, showsStates: false)
        }
        for (name, store) in registered {
            var info =
                infos[name]
                ?? ServerFrame.StoreInfo(
                    name: name, state: nil, recorded: false, sendsIntents: false, showsStates: false)
            if info.state == nil { info.state = store.currentState() }
            info.sendsIntents = store.sendIntent != nil
            info.showsStates = store.setState != nil
            info.types = (store.featureType, store.stateType, store.intentType)
            infos[name] = info
        }
        return infos.values.sorted { $0.name < $1.name }
    }
}
#endif
