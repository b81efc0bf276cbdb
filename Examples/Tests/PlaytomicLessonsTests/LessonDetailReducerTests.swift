import MVI
import PlaytomicLessons
import Testing

/// Playtomic tests the reducer as a pure function: a state and a result in, a state out.
@Suite struct LessonDetailReducerTests {
    private func reduced(_ state: LessonDetailState, _ result: LessonDetailResult) -> LessonDetailState {
        var state = state
        LessonDetailPresenter.reduce(&state, result)
        return state
    }

    @Test func loadingShowsTheSpinner() {
        #expect(reduced(.none, .lessonLoading) == .loading)
    }

    @Test func aLoadedLessonBecomesSections() {
        let state = reduced(.loading, .lessonLoaded(.sample, viewer: "me"))
        #expect(
            state
                == .detail(
                    sections: [
                        LessonDetailSection(
                            title: "Padel for beginners",
                            rows: ["Coach: Ana", "Starts: Sat 10:00", "Where: Calle Mayor 1, Madrid"]),
                        LessonDetailSection(title: "Participants (3)", rows: ["me (you)", "Luis", "Marta"]),
                    ],
                    isBusy: false))
    }

    @Test func aFailedLoadClearsTheScreen() {
        #expect(reduced(.loading, .loadLessonByIdFailed(ActivityError("offline"))) == .none)
    }

    @Test func enrollmentChangesMarkTheDetailBusyAndBack() {
        let detail = reduced(.loading, .lessonLoaded(.sample, viewer: "me"))
        let busy = reduced(detail, .enrollmentChanging)
        guard case .detail(_, true) = busy else {
            Issue.record("expected a busy detail, got \(busy)")
            return
        }
        #expect(reduced(busy, .enrollmentChangeFailed(ActivityError("x"))) == detail)
        #expect(reduced(.none, .enrollmentChanging) == .none, "nothing to mark busy before a lesson")
    }
}
