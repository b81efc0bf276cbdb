#if DevTools
import Foundation
import HummingbirdWebSocket
import MVI
import MVIJSON
import MVITimeTravel
import NIOCore
import NIOWebSocket

extension DevToolsConnection {
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
            try apply(intent, to: name, \.sendIntent, or: "receive intents: its Intent is not Decodable")
            return ServerFrame.reply(id: id)
        case .setState(let name, let state):
            try apply(state, to: name, \.setState, or: "set its state: its State is not Codable")
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

    /// Hands `value` to the registered store `name` through `capability` (``DevToolsStore/sendIntent``,
    /// ``DevToolsStore/setState``); throws if there is no such store, or `notSupported` with
    /// `missing` if it lacks the capability.
    func apply(
        _ value: JSONValue,
        to name: String,
        _ capability: KeyPath<DevToolsStore, (@Sendable (JSONValue) throws(DevToolsError) -> Void)?>,
        or missing: String
    ) throws(DevToolsError) {
        guard let store = devTools.registeredStores[name] else { throw .unknownStore(name) }
        guard let apply = store[keyPath: capability] else { throw .notSupported(store: name, what: missing) }
        try apply(value)
    }
}
#endif
