/// Playtomic's view shape: it takes only a state and a dispatcher, so it needs no presenter,
/// no mocks and no services to render or preview. Here it renders to text.
public struct LessonDetailView {
    /// What to show.
    public let state: LessonDetailState
    /// Where taps go.
    public let dispatcher: (LessonDetailAction) -> Void

    /// Creates the view.
    public init(state: LessonDetailState, dispatcher: @escaping (LessonDetailAction) -> Void) {
        self.state = state
        self.dispatcher = dispatcher
    }

    /// The screen as text.
    public var body: String {
        switch state {
        case .none:
            return "(empty)"
        case .loading:
            return "Loading lesson…"
        case .detail(let sections, let isBusy):
            var lines: [String] = []
            for section in sections {
                lines.append("# \(section.title)")
                lines += section.rows.map { "  \($0)" }
            }
            lines.append(isBusy ? "[ Cancelling… ]" : "[ Cancel enrollment ] [ Open maps ] [ Add to calendar ]")
            return lines.joined(separator: "\n")
        }
    }

    /// The "Open maps" button.
    public func tapOpenMaps() { dispatcher(.tapOpenMaps) }
    /// The "Cancel enrollment" button, after confirming.
    public func tapCancelEnrollment() { dispatcher(.tapConfirmCancelEnrollment) }
}
