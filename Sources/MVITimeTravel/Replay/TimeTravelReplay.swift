import Foundation
import MVI
import MVIJSON

/// Replays a recording through a feature's reducer: a bug recorded in a session becomes a
/// regression test.
///
/// Starting from the store's recorded initial state, each recorded message is reduced with
/// `F.reduce`, and each recorded state is compared (as JSON) with the state the reducer
/// made. The first difference is returned; `nil` means the reducer reproduces the recording.
///
/// ```swift
/// @Test func recordedSessionStillReduces() throws {
///     let recording = try Data(contentsOf: fixtureURL)   // exported from a device
///     let divergence = try TimeTravelReplay.firstDivergence(in: recording, of: Counter.self)
///     #expect(divergence == nil, "\(divergence!)")
/// }
/// ```
///
/// Intents are not executed again: execution may need dependencies and async work, and its
/// outcome is already in the recorded messages. The state is a function of the messages.
public enum TimeTravelReplay {
    /// Replays an exported recording (JSON); see ``TimeTravelReplay``.
    ///
    /// - Parameters:
    ///   - data: An export made by ``TimeTravel/export()``.
    ///   - feature: The feature whose reducer to check.
    ///   - store: The recorded store's name. Without it, every store whose state type is
    ///     `F.State` is replayed (or the only store, if there is one).
    /// - Returns: The first divergence, in recording order, or `nil`.
    public static func firstDivergence<F: Feature>(
        in data: Data, of feature: F.Type, store: String? = nil
    ) throws(TimeTravelReplayError) -> TimeTravelDivergence? where F.State: Codable, F.Message: Decodable {
        let recording: TimeTravelRecording
        do {
            recording = try TimeTravel.decodeRecording(data)
        } catch {
            throw .invalidRecording(error)
        }
        return try firstDivergence(in: recording, of: feature, store: store)
    }

    /// Replays a decoded recording; see ``firstDivergence(in:of:store:)``.
    package static func firstDivergence<F: Feature>(
        in recording: TimeTravelRecording, of feature: F.Type, store: String? = nil
    ) throws(TimeTravelReplayError) -> TimeTravelDivergence? where F.State: Codable, F.Message: Decodable {
        do {
            try TimeTravel.validate(recording)
        } catch {
            throw .invalidRecording(error)
        }
        let stores = try stores(of: recording, stateType: F.State.self, named: store)
        var first: TimeTravelDivergence?
        for candidate in stores {
            if let divergence = try replay(candidate, of: recording, feature: feature),
                first.map({ divergence.sequence < $0.sequence }) ?? true
            {
                first = divergence
            }
        }
        return first
    }

    private static func replay<F: Feature>(
        _ store: TimeTravelRecording.StoreEntry, of recording: TimeTravelRecording, feature: F.Type
    ) throws(TimeTravelReplayError) -> TimeTravelDivergence? where F.State: Codable, F.Message: Decodable {
        guard let initial = store.initialState else { throw .missingInitialState(store: store.name) }
        var state: F.State
        do {
            state = try JSONCodec.decode(F.State.self, from: initial)
        } catch {
            throw .stateDoesNotDecode(store: store.name, sequence: nil, reason: JSONCodec.reason(error))
        }
        var lastMessage: TimeTravelRecording.Event?
        // A state with no message since the store's previous state replaced the store's
        // (`Store.replaceState(with:)`): it is adopted, not compared.
        var reducedSinceState = false
        for event in recording.events where event.store == store.id {
            switch event.kind {
            case .message:
                guard let value = event.value else { throw .missingValue(sequence: event.sequence) }
                let message: F.Message
                do {
                    message = try JSONCodec.decode(F.Message.self, from: value)
                } catch {
                    throw .messageDoesNotDecode(sequence: event.sequence, reason: JSONCodec.reason(error))
                }
                F.reduceKeepingSharedElements(&state, message)
                lastMessage = event
                reducedSinceState = true
            case .state:
                guard let expected = event.value else { throw .missingValue(sequence: event.sequence) }
                defer { reducedSinceState = false }
                guard reducedSinceState else {
                    do {
                        state = try JSONCodec.decode(F.State.self, from: expected)
                    } catch {
                        throw .stateDoesNotDecode(
                            store: store.name, sequence: event.sequence, reason: JSONCodec.reason(error))
                    }
                    continue
                }
                let actual: JSONValue
                do {
                    actual = try JSONCodec.encodeValue(state)
                } catch {
                    throw .stateDoesNotEncode(reason: String(describing: error))
                }
                if actual != expected {
                    return TimeTravelDivergence(
                        storeName: store.name, sequence: event.sequence,
                        messageSequence: lastMessage?.sequence, messageDescription: lastMessage?.description,
                        expected: expected, actual: actual,
                        expectedDescription: event.description, actualDescription: String(describing: state),
                        kind: .state)
                }
            case .intent, .sideEffect, .failure:
                break
            }
        }
        return nil
    }
}
