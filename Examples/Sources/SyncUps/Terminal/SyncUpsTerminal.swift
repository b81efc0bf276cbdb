import Foundation
import MVI

/// The terminal view's model: what is selected, the screen as text for a state, and the
/// intent each key sends. The same state and selection give the same screen.
struct SyncUpsTerminal: Equatable, Sendable {
    /// The sync-up selected in the list.
    var selectedSyncUp = 0
    /// The meeting selected in a detail.
    var selectedMeeting = 0

    /// What a key asks for.
    enum Command: Equatable, Sendable {
        case send(SyncUpsApp.Intent)
        case quit
    }

    /// A terminal view with the first rows selected.
    init() {}

    /// What is on top: the list, or the screen of the stack with its id.
    enum Top {
        case list, detail(Int, SyncUpDetail.State), meeting(Meeting, SyncUp), record(Int, RecordMeeting.State)
    }

    static func top(of state: SyncUpsApp.State) -> Top {
        guard let (id, screen) = state.path.elements.last else { return .list }
        switch screen {
        case .detail(let detail): return .detail(id, detail)
        case .meeting(let meeting, let syncUp): return .meeting(meeting, syncUp)
        case .record(let record): return .record(id, record)
        }
    }

    // MARK: Keys

    /// The command for `key` on the screen `state` shows; moves the selection as it goes.
    mutating func command(for key: SyncUpsKey, in state: SyncUpsApp.State) -> Command? {
        switch Self.top(of: state) {
        case .list:
            if let form = state.list.add {
                return Self.formCommand(
                    key, form, confirm: .list(.intent(.confirmAddTapped)), cancel: .list(.intent(.dismissAddTapped))
                ) {
                    .list(.intent(.add(.intent($0))))
                }
            }
            return listCommand(key, state.list.syncUps)
        case .detail(let id, let detail):
            switch detail.destination {
            case .alert(let alert)?: return Self.alertCommand(key, alert) { .detail(id, .intent(.alert($0))) }
            case .edit(let form)?:
                return Self.formCommand(
                    key, form, confirm: .detail(id, .intent(.doneEditingTapped)),
                    cancel: .detail(id, .intent(.cancelEditTapped))
                ) { .detail(id, .intent(.edit(.intent($0)))) }
            case nil: return detailCommand(key, id, detail.syncUp)
            }
        case .meeting: return key == .escape || key == .left ? .send(.path(.back)) : nil
        case .record(let id, let record):
            if let alert = record.alert { return Self.alertCommand(key, alert) { .record(id, .intent(.alert($0))) } }
            switch key {
            case .character("n"), .right: return .send(.record(id, .intent(.nextTapped)))
            case .character("e"), .escape: return .send(.record(id, .intent(.endMeetingTapped)))
            default: return nil
            }
        }
    }

    private mutating func listCommand(_ key: SyncUpsKey, _ syncUps: [SyncUp]) -> Command? {
        selectedSyncUp = max(0, min(selectedSyncUp, syncUps.count - 1))
        switch key {
        case .up: selectedSyncUp = max(0, selectedSyncUp - 1)
        case .down: selectedSyncUp = max(0, min(selectedSyncUp + 1, syncUps.count - 1))
        case .character("a"): return .send(.list(.intent(.addSyncUpTapped)))
        case .character("q"): return .quit
        case .enter where !syncUps.isEmpty:
            selectedMeeting = 0
            return .send(.path(.push(.detail(.init(syncUp: syncUps[selectedSyncUp])))))
        case .character("d"), .delete:
            guard !syncUps.isEmpty else { return nil }
            return .send(.list(.intent(.delete(atOffsets: [selectedSyncUp]))))
        default: break
        }
        return nil
    }

    private mutating func detailCommand(_ key: SyncUpsKey, _ id: Int, _ syncUp: SyncUp) -> Command? {
        let meetings = syncUp.meetings
        selectedMeeting = max(0, min(selectedMeeting, meetings.count - 1))
        switch key {
        case .up: selectedMeeting = max(0, selectedMeeting - 1)
        case .down: selectedMeeting = max(0, min(selectedMeeting + 1, meetings.count - 1))
        case .character("s"): return .send(.detail(id, .intent(.startMeetingTapped)))
        case .character("e"): return .send(.detail(id, .intent(.editTapped)))
        case .character("x"): return .send(.detail(id, .intent(.deleteTapped)))
        case .escape, .left: return .send(.path(.back))
        case .enter where !meetings.isEmpty:
            return .send(.path(.push(.meeting(meetings[selectedMeeting], syncUp: syncUp))))
        case .character("d"), .delete:
            guard !meetings.isEmpty else { return nil }
            return .send(.detail(id, .intent(.deleteMeetings(atOffsets: [selectedMeeting]))))
        default: break
        }
        return nil
    }

    /// A digit taps that button; Escape taps the cancel button.
    static func alertCommand<Action>(
        _ key: SyncUpsKey, _ alert: AlertState<Action>, _ intent: (Action?) -> SyncUpsApp.Intent
    ) -> Command? {
        let buttons = alert.shownButtons
        switch key {
        case .character(let digit):
            guard let number = digit.wholeNumberValue, buttons.indices.contains(number - 1) else { return nil }
            return .send(intent(buttons[number - 1].action))
        case .escape:
            return .send(intent(buttons.first { $0.role == .cancel }?.action))
        default: return nil
        }
    }

    /// Typing edits the focused field; ↑ ↓ Tab move the focus, ← → change the duration and the theme.
    static func formCommand(
        _ key: SyncUpsKey, _ form: SyncUpForm.State, confirm: SyncUpsApp.Intent, cancel: SyncUpsApp.Intent,
        _ intent: (SyncUpForm.Intent) -> SyncUpsApp.Intent
    ) -> Command? {
        let fields = [SyncUpForm.Field.title, .duration, .theme] + form.syncUp.attendees.map { .attendee($0.id) }
        let focus = form.focus ?? .title
        let position = fields.firstIndex(of: focus) ?? 0
        let attendeeIndex = form.syncUp.attendees.firstIndex { .attendee($0.id) == focus }
        var syncUp = form.syncUp
        switch key {
        case .enter: return .send(confirm)
        case .escape: return .send(cancel)
        case .control("n"): return .send(intent(.addAttendeeTapped))
        case .control("d"):
            guard let attendeeIndex else { return nil }
            return .send(intent(.deleteAttendees(atOffsets: [attendeeIndex])))
        case .up: return .send(intent(.binding(.set(\.focus, fields[max(0, position - 1)]))))
        case .down, .tab: return .send(intent(.binding(.set(\.focus, fields[min(fields.count - 1, position + 1)]))))
        case .left, .right:
            let step = key == .left ? -1 : 1
            if focus == .duration {
                syncUp.duration = .seconds(60 * max(1, Int(syncUp.duration.components.seconds / 60) + step))
            } else if focus == .theme {
                syncUp.theme = syncUp.theme.cycled(by: step)
            }
        case .character(let character): typed(&syncUp, focus, attendeeIndex) { $0.append(character) }
        case .backspace:
            if let attendeeIndex, syncUp.attendees[attendeeIndex].name.isEmpty {
                return .send(intent(.deleteAttendees(atOffsets: [attendeeIndex])))
            }
            typed(&syncUp, focus, attendeeIndex) { if !$0.isEmpty { $0.removeLast() } }
        default: break
        }
        return syncUp == form.syncUp ? nil : .send(intent(.binding(.set(\.syncUp, syncUp))))
    }

    /// Applies `change` to the focused text: the title or an attendee's name.
    private static func typed(
        _ syncUp: inout SyncUp, _ focus: SyncUpForm.Field, _ attendeeIndex: Int?, _ change: (inout String) -> Void
    ) {
        if focus == .title {
            change(&syncUp.title)
        } else if let attendeeIndex {
            change(&syncUp.attendees[attendeeIndex].name)
        }
    }
}
