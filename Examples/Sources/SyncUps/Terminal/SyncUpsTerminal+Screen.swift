import Foundation
import MVI

extension SyncUpsTerminal {
    /// The screen for `state`: a title, a rule, the body, a rule, the problem if any, and the
    /// keys that work, cut and padded to `height` lines of at most `width` columns.
    func screen(_ state: SyncUpsApp.State, width: Int = 80, height: Int = 24) -> [String] {
        let (title, body, help) = parts(state)
        let rule = String(repeating: "─", count: width)
        var footer = [rule]
        if let problem = state.problem { footer += Self.wrapped("! " + problem, width: width) }
        footer += Self.wrapped(help, width: width, separator: "  ")
        var lines = [" " + title, rule]
        let room = max(1, height - lines.count - footer.count)
        lines += body.prefix(room)
        lines += Array(repeating: "", count: max(0, room - body.count))
        lines += footer
        return lines.map { line in line.count > width ? String(line.prefix(width - 1)) + "…" : line }
    }

    /// The screen as one text, without trailing spaces: what line mode prints.
    func text(_ state: SyncUpsApp.State, width: Int = 80, height: Int = 24) -> String {
        screen(state, width: width, height: height).joined(separator: "\n")
    }

    private func parts(_ state: SyncUpsApp.State) -> (String, [String], String) {
        switch Self.top(of: state) {
        case .list:
            if let form = state.list.add { return ("New sync-up", Self.form(form), Self.formHelp("add", "discard")) }
            return ("Daily Sync-ups", list(state.list.syncUps), "↑↓ select  enter open  a add  d delete  q quit")
        case .detail(_, let detail):
            switch detail.destination {
            case .alert(let alert)?: return (detail.syncUp.title, Self.alert(alert), Self.alertHelp(alert))
            case .edit(let form)?:
                return ("Edit " + form.syncUp.title, Self.form(form), Self.formHelp("done", "cancel"))
            case nil:
                let help = "s start meeting  e edit  x delete  ↑↓ meeting  enter open  d delete meeting  esc back"
                return (detail.syncUp.title, self.detail(detail.syncUp), help)
            }
        case .meeting(let meeting, let syncUp):
            let body =
                ["Meeting of " + Self.date(meeting.date), "", "Attendees"]
                + syncUp.attendees.map { "  " + $0.name } + ["", "Transcript"]
                + Self.wrapped(meeting.transcript.isEmpty ? "(nothing was recorded)" : meeting.transcript, width: 76)
                .map { "  " + $0 }
            return (syncUp.title, body, "esc back")
        case .record(_, let record):
            var body = Self.record(record)
            if let alert = record.alert { body += [""] + Self.alert(alert) }
            let help = record.alert.map(Self.alertHelp) ?? "n next speaker  e end meeting"
            return ("Recording " + record.syncUp.title, body, help)
        }
    }

    private func list(_ syncUps: [SyncUp]) -> [String] {
        guard !syncUps.isEmpty else { return ["No sync-ups yet: press a to add one."] }
        return syncUps.enumerated().map { index, syncUp in
            let marker = index == min(selectedSyncUp, syncUps.count - 1) ? "› " : "  "
            let people = syncUp.attendees.count == 1 ? "1 attendee" : "\(syncUp.attendees.count) attendees"
            return marker + syncUp.title + "  ·  " + Self.minutes(syncUp.duration) + " · " + people + " · "
                + syncUp.theme.name
        }
    }

    private func detail(_ syncUp: SyncUp) -> [String] {
        var lines = ["Length " + Self.minutes(syncUp.duration) + "   Theme " + syncUp.theme.name, ""]
        lines.append("Attendees: " + syncUp.attendees.map(\.name).joined(separator: ", "))
        lines += ["", "Past meetings"]
        if syncUp.meetings.isEmpty { lines.append("  none yet") }
        for (index, meeting) in syncUp.meetings.enumerated() {
            let marker = index == min(selectedMeeting, syncUp.meetings.count - 1) ? "› " : "  "
            lines.append(marker + Self.date(meeting.date) + "  " + meeting.transcript)
        }
        return lines
    }

    static func form(_ form: SyncUpForm.State) -> [String] {
        func row(_ field: SyncUpForm.Field, _ label: String, _ value: String) -> String {
            (form.focus == field ? "› " : "  ") + label + value + (form.focus == field ? "▏" : "")
        }
        var lines = [
            row(.title, "Title     ", form.syncUp.title),
            row(.duration, "Length    ", "‹ " + minutes(form.syncUp.duration) + " ›"),
            row(.theme, "Theme     ", "‹ " + form.syncUp.theme.name + " ›"),
            "  Attendees",
        ]
        for (index, attendee) in form.syncUp.attendees.enumerated() {
            lines.append(row(.attendee(attendee.id), "  \(index + 1). ", attendee.name))
        }
        return lines
    }

    static func formHelp(_ confirm: String, _ cancel: String) -> String {
        "type to edit  ↑↓ field  ←→ length/theme  ^N add attendee  ^D delete attendee  enter "
            + confirm + "  esc " + cancel
    }

    static func record(_ record: RecordMeeting.State) -> [String] {
        let attendees = record.syncUp.attendees
        let speaker = attendees.indices.contains(record.speakerIndex) ? attendees[record.speakerIndex].name : "nobody"
        let total = max(1, Int(record.syncUp.duration.components.seconds))
        let filled = min(40, 40 * record.secondsElapsed / total)
        return [
            "Time left " + clock(record.durationRemaining) + "   elapsed " + clock(.seconds(record.secondsElapsed)),
            "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 40 - filled) + "]", "",
            "Speaker \(record.speakerIndex + 1) of \(attendees.count): " + speaker, "",
            "Transcript: " + (record.transcript.isEmpty ? "…" : record.transcript),
        ]
    }

    static func alert<Action>(_ alert: AlertState<Action>) -> [String] {
        var lines = ["┌ " + alert.title]
        if let message = alert.message { lines += wrapped(message, width: 74).map { "│ " + $0 } }
        let buttons = alert.shownButtons.enumerated().map { "\($0.offset + 1) " + $0.element.label }
        lines.append("└ " + buttons.joined(separator: "   "))
        return lines
    }

    static func alertHelp<Action>(_ alert: AlertState<Action>) -> String {
        "1-\(alert.shownButtons.count) choose  esc cancel"
    }

    static func minutes(_ duration: Duration) -> String { "\(duration.components.seconds / 60) min" }

    static func clock(_ duration: Duration) -> String {
        let seconds = max(0, Int(duration.components.seconds))
        let rest = seconds % 60
        return "\(seconds / 60):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    static func date(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false))
    }

    /// `text` in lines of at most `width` columns, broken between words (or the help's keys,
    /// which `separator` parts).
    static func wrapped(_ text: String, width: Int, separator: String = " ") -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.components(separatedBy: separator) where !word.isEmpty {
            if !line.isEmpty && line.count + separator.count + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : separator) + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
