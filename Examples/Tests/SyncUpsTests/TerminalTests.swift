import Dependencies
import Foundation
import MVI
@testable import SyncUps
import Testing

/// The terminal view: keys become the intents a person means, and the screen shows the state.
@Suite struct TerminalTests {
    static let app = SyncUpsApp.State(list: .init(syncUps: [.mock, .sixSeconds]))

    @Test func keysParseFromRawBytesAndLineModeNames() {
        let bytes: [UInt8] = [0x1B, 0x5B, 0x41, 0x61, 0x0E, 0x0D, 0x1B, 0x7F]
        let keys: [SyncUpsKey] = [.up, .character("a"), .control("n"), .enter, .escape, .backspace]
        #expect(SyncUpsKey.parse(bytes) == keys)
        let typed: [SyncUpsKey] = "Hi".map { .character($0) }
        let named: [SyncUpsKey] = [.enter, .control("n")]
        let unknown: [SyncUpsKey] = "<nope>".map { .character($0) }
        #expect(SyncUpsKey.parse(line: "Hi<enter><c-n><nope>") == typed + named + unknown)
    }

    @Test func theListSelectsOpensAddsAndDeletes() {
        var terminal = SyncUpsTerminal()
        #expect(terminal.command(for: .down, in: Self.app) == nil)
        #expect(terminal.command(for: .enter, in: Self.app) == .send(.path(.push(.detail(.init(syncUp: .sixSeconds))))))
        #expect(terminal.command(for: .character("d"), in: Self.app) == .send(.list(.intent(.delete(atOffsets: [1])))))
        #expect(terminal.command(for: .character("a"), in: Self.app) == .send(.list(.intent(.addSyncUpTapped))))
        #expect(terminal.command(for: .character("q"), in: Self.app) == .quit)
    }

    @Test func theListShowsEachSyncUpAndTheKeys() {
        var terminal = SyncUpsTerminal()
        _ = terminal.command(for: .down, in: Self.app)
        let screen = terminal.text(Self.app)
        #expect(screen.contains("›   ·  0 min · 3 attendees · Bubblegum"))  // the second, selected by ↓
        #expect(screen.contains("  Design  ·  1 min · 6 attendees · Orange"))
        #expect(screen.contains("↑↓ select  enter open  a add  d delete  q quit"))
    }

    @Test func theFormTypesMovesTheFocusAndChangesTheLength() {
        var state = Self.app
        let form = SyncUp(id: UUID(1), attendees: [Attendee(id: UUID(2))], title: "Des")
        state.list.add = .init(syncUp: form)
        var terminal = SyncUpsTerminal()
        var typed = form
        typed.title = "Desk"
        #expect(
            terminal.command(for: .character("k"), in: state)
                == .send(.list(.intent(.add(.intent(.binding(.set(\.syncUp, typed))))))))
        #expect(
            terminal.command(for: .down, in: state)
                == .send(.list(.intent(.add(.intent(.binding(.set(\.focus, .duration))))))))
        state.list.add?.focus = .duration
        var shorter = form
        shorter.duration = .seconds(240)
        #expect(
            terminal.command(for: .left, in: state)
                == .send(.list(.intent(.add(.intent(.binding(.set(\.syncUp, shorter))))))))
    }

    @Test func theFormDeletesAndAddsAttendeesAndConfirmsOrCancels() {
        var state = Self.app
        let form = SyncUp(id: UUID(1), attendees: [Attendee(id: UUID(2))], title: "Des")
        state.list.add = .init(focus: .attendee(UUID(2)), syncUp: form)
        var terminal = SyncUpsTerminal()
        #expect(
            terminal.command(for: .backspace, in: state)
                == .send(.list(.intent(.add(.intent(.deleteAttendees(atOffsets: [0])))))))
        #expect(
            terminal.command(for: .control("n"), in: state) == .send(.list(.intent(.add(.intent(.addAttendeeTapped))))))
        #expect(terminal.command(for: .enter, in: state) == .send(.list(.intent(.confirmAddTapped))))
        #expect(terminal.command(for: .escape, in: state) == .send(.list(.intent(.dismissAddTapped))))
        #expect(terminal.text(state).contains("›   1. ▏"))
    }

    @Test func anAlertsButtonsAreNumberedAndEscapeCancels() {
        var state = Self.app
        state.path = DestinationStack([.detail(.init(destination: .alert(.speechRecognitionDenied), syncUp: .mock))])
        var terminal = SyncUpsTerminal()
        #expect(
            terminal.command(for: .character("1"), in: state)
                == .send(.detail(0, .intent(.alert(.continueWithoutRecording)))))
        #expect(terminal.command(for: .character("2"), in: state) == .send(.detail(0, .intent(.alert(.openSettings)))))
        #expect(terminal.command(for: .escape, in: state) == .send(.detail(0, .intent(.alert(nil)))))
        #expect(terminal.command(for: .character("4"), in: state) == nil)
        #expect(terminal.text(state).contains("└ 1 Continue without recording   2 Open settings   3 Cancel"))
    }

    @Test func theRecordingScreenShowsTheCountdownAndTheSpeaker() {
        var state = Self.app
        state.path = DestinationStack([.record(.init(secondsElapsed: 25, speakerIndex: 2, syncUp: .mock))])
        var terminal = SyncUpsTerminal()
        let screen = terminal.text(state)
        #expect(screen.contains("Time left 0:35   elapsed 0:25"))
        #expect(screen.contains("Speaker 3 of 6: Blob Sr"))
        #expect(terminal.command(for: .character("n"), in: state) == .send(.record(0, .intent(.nextTapped))))
        #expect(terminal.command(for: .character("e"), in: state) == .send(.record(0, .intent(.endMeetingTapped))))
    }
}
