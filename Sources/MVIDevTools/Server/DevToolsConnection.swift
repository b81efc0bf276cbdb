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

    // MARK: Receiving

    /// Reads messages until the page closes: frames are put together into messages up to the
    /// size limit, within the budget all sockets share; every message that is too large, over
    /// the budget, binary, not JSON or not understood is answered with an error frame, and
    /// reading goes on. A text message that is not UTF-8 closes the socket with 1007, as any
    /// WebSocket peer does. (A single frame over the limit never gets here: the frame decoder
    /// refuses it from its header, with a close frame 1009.)
    ///
    /// A complete message is carried out on the ``MessageWorker``, with the socket's reading
    /// paused meanwhile, so that what the page sends in the meantime waits in the kernel.
    func receive(_ inbound: WebSocketInboundStream) async throws {
        let limit = devTools.options.maxMessageBytes
        var message = PartialMessage(budget: budget)
        defer { message.reset() }
        for try await frame in inbound {
            switch frame.opcode {
            case .text, .binary:
                // A new message; an unfinished one before it is dropped.
                message.reset()
                if frame.opcode == .binary { message.refusal = .binaryFrame }
            case .continuation:
                break
            }
            message.append(frame.data, limit: limit)
            guard frame.fin else { continue }
            if let refusal = message.refusal {
                message.reset()
                try await send(ServerFrame.error(refusal, id: "null"))
                continue
            }
            let bytes = message.bytes
            socket?.pauseReading()
            let handled = await worker.run(bytes: bytes.readableBytes) { () -> Handled? in
                guard let text = String(validating: bytes.readableBytesView, as: UTF8.self) else { return nil }
                return handle(text)
            }
            message.reset()
            guard let handled else {
                socket?.resumeReading()
                try await outbound.close(.dataInconsistentWithMessage, reason: "A text message must be UTF-8")
                return
            }
            switch handled {
            case .reply(let reply):
                socket?.resumeReading()
                try await send(reply)
            case .rerun(let id):
                // Async work of the app's stores, awaited here (not on the worker's queue);
                // the socket's reading stays paused until it is done, as for any message.
                let reruns = await devTools.timeTravel.rerunImportedRecording(timeout: devTools.options.rerunTimeout)
                socket?.resumeReading()
                try await send(ServerFrame.reply(id: id, fields: ["rerun": RerunJSON.encode(reruns)]))
            }
        }
    }

    /// What a message comes to: a reply (or an error frame) now, or a rerun to await.
    enum Handled: Sendable {
        case reply(String)
        case rerun(id: String)
    }

    /// Carries out one message; returns the reply or the error frame, or the rerun to run.
    func handle(_ text: String) -> Handled {
        var id = "null"
        do throws(DevToolsError) {
            let message = try ClientMessage.parse(text, id: &id)
            if case .rerun = message.request {
                guard devTools.timeTravel.isShowingImport else { throw DevToolsError.nothingImported }
                return .rerun(id: id)
            }
            return .reply(try perform(message.request, id: id))
        } catch {
            return .reply(ServerFrame.error(error, id: id))
        }
    }

    func perform(_ request: ClientMessage.Request, id: String) throws(DevToolsError) -> String {
        let timeTravel = devTools.timeTravel
        switch request {
        case .ping:
            return ServerFrame.reply(id: id)
        case .control(let control):
            let done: Bool
            switch control {
            case .record: done = timeTravel.startRecording()
            case .stop: done = timeTravel.stop()
            case .first: done = timeTravel.moveToStart()
            case .back: done = timeTravel.stepBackward()
            case .forward: done = timeTravel.stepForward()
            case .last: done = timeTravel.moveToEnd()
            case .cancel: done = timeTravel.cancel()
            }
            guard done else { throw .controlRefused(action: control.rawValue, mode: timeTravel.mode.rawValue) }
            return ServerFrame.reply(id: id)
        case .jump(let sequence):
            // Jumping to the selected event moves nothing, and is no error.
            guard timeTravel.modeAndSelection.selected != sequence else { return ServerFrame.reply(id: id) }
            guard timeTravel.jump(toSequence: sequence) else {
                if timeTravel.mode != .stopped {
                    throw .controlRefused(action: "jump", mode: timeTravel.mode.rawValue)
                }
                throw .unknownEvent(sequence)
            }
            return ServerFrame.reply(id: id)
        case .replay(let sequence):
            let event = TimeTravelEvent(sequence: sequence, storeName: "", kind: .intent, time: Date(), description: "")
            do {
                let result = try timeTravel.replay(event)
                return ServerFrame.reply(
                    id: id,
                    fields: [
                        "replay": JSONText.object([
                            "sequence": String(sequence), "store": JSONText.quoted(result.event.storeName),
                            "kind": JSONText.quoted(result.event.kind.rawValue),
                            "stateBefore": JSONText.quoted(result.stateBefore),
                            "messages": JSONText.array(result.messages.map(JSONText.quoted)),
                            "sideEffects": JSONText.array(result.sideEffects.map(JSONText.quoted)),
                            "stateAfter": JSONText.quoted(result.stateAfter),
                            "recordedStateAfter": result.recordedStateAfter.map(JSONText.quoted) ?? "null",
                        ])
                    ])
            } catch {
                if case .eventNotKept(let sequence) = error { throw .unknownEvent(sequence) }
                throw .replayFailed(error.description)
            }
        case .trace(let sequence):
            // `null` for an event without causes (recorded with call sites off, imported, a
            // replaced state); an event not in the timeline is an error.
            let found = timeTravel.lookUpTrace(ofSequence: sequence)
            guard found.isKept else { throw .unknownEvent(sequence) }
            return ServerFrame.reply(id: id, fields: ["trace": found.trace.map(TraceJSON.encode) ?? "null"])
        case .skip(let sequence, let skipped):
            guard timeTravel.setSkipped(sequence, skipped) else {
                if timeTravel.mode != .stopped {
                    throw .controlRefused(action: skipped ? "skip" : "unskip", mode: timeTravel.mode.rawValue)
                }
                throw .cannotSkip(sequence: sequence, skipped: skipped)
            }
            return ServerFrame.reply(id: id)
        case .sendIntent(let name, let intent):
            guard let store = devTools.registeredStores[name] else { throw .unknownStore(name) }
            guard let sendIntent = store.sendIntent else {
                throw .notSupported(store: name, what: "receive intents: its Intent is not Decodable")
            }
            try sendIntent(intent)
            return ServerFrame.reply(id: id)
        case .setState(let name, let state):
            guard let store = devTools.registeredStores[name] else { throw .unknownStore(name) }
            guard let setState = store.setState else {
                throw .notSupported(store: name, what: "set its state: its State is not Codable")
            }
            try setState(state)
            return ServerFrame.reply(id: id)
        case .export:
            do {
                let data = try TimeTravel.encode(timeTravel.recording())
                return ServerFrame.reply(id: id, fields: ["recording": String(decoding: data, as: UTF8.self)])
            } catch {
                throw .exportFailed(String(describing: error))
            }
        case .import(let data):
            do {
                try timeTravel.import(data)
            } catch {
                throw .importFailed(error.description)
            }
            return ServerFrame.reply(id: id)
        case .rerun:
            // Awaited by the connection (`handle` returns it), never performed here.
            throw .nothingImported
        }
    }
}

/// A message being put together from its frames, with the bytes it holds taken from the
/// shared ``InputBudget`` (and given back by ``reset()``).
struct PartialMessage {
    let budget: InputBudget
    private(set) var bytes = ByteBuffer()
    /// The message's size so far, counting frames no longer kept.
    private(set) var size = 0
    private var taken = 0
    /// Why the message will be refused, once one is known; its frames are then dropped.
    var refusal: DevToolsError?

    init(budget: InputBudget) { self.budget = budget }

    mutating func append(_ data: ByteBuffer, limit: Int) {
        size += data.readableBytes
        if size > limit {
            refusal = .messageTooLarge(bytes: size, limit: limit)
        } else if refusal == nil, !budget.take(data.readableBytes) {
            refusal = .busy(limit: budget.limit)
        } else if refusal == nil {
            taken += data.readableBytes
            var data = data
            bytes.writeBuffer(&data)
            return
        }
        release()
    }

    /// Drops the message's bytes, giving them back to the budget.
    private mutating func release() {
        bytes = ByteBuffer()
        budget.give(taken)
        taken = 0
    }

    /// Back to empty, for the next message.
    mutating func reset() {
        release()
        size = 0
        refusal = nil
    }
}
#endif
