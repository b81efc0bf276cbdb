// The walkthrough: every system swift-mvi draws on running on swift-mvi, one after the other. After each
// step it prints the sample's rendered text view and the lines MVILogging wrote; at the end
// it steps back through the recorded session with time travel.
//
//     swift run --package-path Examples mvi-examples
//     swift run --package-path Examples mvi-examples --devtools    # then open the printed URL
//     swift run --package-path Examples mvi-examples --quiet       # headings and views only
//     swift run --package-path Examples mvi-examples --flight DIR  # a flight recorder's file (FlightMode)

import AsyncAlgorithms
import TextUI
import BmiCalc
import Calculator
import Foundation
import HackerPosts
import MVI
import MVIView
import MVIDependencies
import MVIDevTools
import MVIStateKeeper
import MVILogging
import MVITimeTravel
import OrbitCircles
import PlaytomicLessons

func title(_ text: String) {
    print("\n━━ \(text) " + String(repeating: "━", count: max(0, 76 - text.count)))
}

func step(_ text: String) {
    print("\n▸ \(text)")
}

func show(_ rendered: String) {
    for line in rendered.split(separator: "\n", omittingEmptySubsequences: false) { print("  │ \(line)") }
}

DevToolsMode.checkRecordingIfAsked()
try await FlightMode.runIfAsked()
let timeTravel = TimeTravel(maxEvents: 10_000)
timeTravel.startRecording()

/// Middleware for every sample's store: MVILogging's lines, and time travel's recording.
func tools<F: Feature>(_ name: String, _ feature: F.Type) -> [any Middleware<F>] {
    do {
        return [.logging(logger: walkthroughLogger, maxValueLength: 120), try timeTravel.register(name, for: F.self)]
    } catch {
        print("time travel: \(error)")
        return [.logging(logger: walkthroughLogger, maxValueLength: 120)]
    }
}

// MARK: Orbit: the CreateOrEditCircle presenter, closure intents

title("Orbit · CreateOrEditCircle: ContainerHost, intent { reduce; post }")
let repository = FakeCirclesRepository(circles: [
    CircleConfigModel(id: "circle-42", name: "Climbing", coverPhoto: "file://rock.jpg")
])
let presenter = CreateOrEditCirclePresenter(
    circlesRepository: repository,
    middleware: tools("CreateOrEditCircle", ContainerFeature<CreateOrEditState, CreateOrEditSideEffect>.self))
let circleView = CreateOrEditCircleView(dispatcher: presenter.dispatch)
let circleEffects = presenter.container.onSideEffect { effect in
    Task { @MainActor in circleView.handleSideEffect(effect) }
}
@MainActor func renderCircle() async {
    await presenter.container.waitForIdle()
    await Task.yield()
    circleView.render(presenter.state)
    show(circleView.renderedText)
}
step("onEditCircleRequested(\"circle-42\")")
presenter.onEditCircleRequested("circle-42")
await renderCircle()
step("tap delete, then confirm")
circleView.deleteButton.click()
await renderCircle()
circleView.confirmDeleteButton.click()
await renderCircle()

// MARK: Playtomic: handle/reduce with navigator and analytics middleware

struct PrintingRouter: LessonRouter, AnalyticsTracker {
    func openMaps(address: String) { note("router: open maps at \(address)") }
    func addToCalendar(title: String) { note("router: add \"\(title)\" to the calendar") }
    func dismiss() { note("router: dismiss") }
    func track(_ event: String) { note("analytics: \(event)") }
}

title("Playtomic · LessonDetail: handle/reduce, navigator and analytics middleware")
let lessons = LessonDetailPresenter.makeStore(
    lessonID: "L-42", userID: "me", activityService: FakeActivityService(.loaded(.sample)),
    middleware: [LessonDetailNavigator(router: PrintingRouter()), LessonDetailAnalytics(tracker: PrintingRouter())]
        + tools("LessonDetail", LessonDetailPresenter.self))
@MainActor func lessonView() -> String { LessonDetailView(state: lessons.state, dispatcher: lessons.send).body }
for action in [LessonDetailAction.onAppear, .tapOpenMaps, .tapAddToCalendar, .tapConfirmCancelEnrollment] {
    step("action \(action)")
    lessons.send(action)
    await lessons.waitForIdle()
    show(lessonView())
}

// MARK: BmiCalc: slider intentions as streams, created and restored

title("BmiCalc: intentions as async streams, state kept and restored")
let storage = InMemoryStateStorage()
let keeper = StateKeeper<BmiState, BmiState>(storage: storage, key: "bmi", restored: { $0.restored() })
let bmi = Store(BmiModel(), initialState: BmiState.initial(), name: "Bmi", middleware: tools("Bmi", BmiModel.self))
keeper.keep(bmi, saving: .onDemand)
step("lifecycle created: defaults 160 cm, 40 kg")
show(renderBmi(bmi.state))
let (heightChanges, height) = AsyncStream.makeStream(of: SliderPayload.self)
let (weightChanges, weight) = AsyncStream.makeStream(of: SliderPayload.self)
let sliders = Task {
    for await intent in merge(
        heightChanges.map { BmiModel.Intent.height($0.calculatedValue()) },
        weightChanges.map { BmiModel.Intent.weight($0.calculatedValue()) })
    {
        bmi.send(intent)
    }
}
step("height slider to 180 cm, weight slider to 75 kg")
height.yield(SliderPayload(min: 100, max: 220, progress: 80.0 / 120.0))
weight.yield(SliderPayload(min: 30, max: 150, progress: 45.0 / 120.0))
height.finish()
weight.finish()
await sliders.value
show(renderBmi(bmi.state))
try keeper.save(bmi.state)
step("the process dies; lifecycle restored: the saved values come back")
let restored = Store(BmiModel(), initialState: keeper.restoredState(or: .initial()), name: "Bmi (restored)")
show(renderBmi(restored.state))

// MARK: the KMM specification: HackerPosts, navigation consumed once

title("KMM specification · HackerPosts: onAction, viewState, OneShotEvent")
let posts = [
    HackerNewsPost(id: 1, title: "Show HN: swift-mvi", score: 120),
    HackerNewsPost(id: 2, title: "MVI in practice", score: 80),
]
let hackerPosts = ViewModel(
    Store(
        HackerPostsViewModel(), initialState: .loading, name: "HackerPosts",
        middleware: tools("HackerPosts", HackerPostsViewModel.self),
        environment: .dependencies { $0.hackerNewsPosts = GetHackerNewsPostsInteractor { .success(posts) } }))
let postsView = HackerPostsView { destination in note("navigate: \(destination)") }
step("init { loadPosts() }")
await hackerPosts.store.waitForIdle()
show(postsView.render(hackerPosts.viewState))
step("onAction(.postSelected(id: 2)), rendered twice: navigates once")
hackerPosts.onAction(.postSelected(id: 2))
show(postsView.render(hackerPosts.viewState))
show(postsView.render(hackerPosts.viewState))

// MARK: MVIKotlin: the Calculator store bound to its view for the view's lifecycle

title("MVIKotlin · Calculator: MviView, Binder, Lifecycle")
let calculator = CalculatorController(
    store: Store(
        CalculatorStore(), initialState: .init(), name: "Calculator",
        middleware: tools("Calculator", CalculatorStore.self)))
let calculatorView = CalculatorViewImpl()
let lifecycle = Lifecycle()
calculator.onViewCreated(calculatorView, lifecycle: lifecycle)
step("lifecycle: create, start (the binder starts and renders the current state)")
lifecycle.create()
lifecycle.start()
show(calculatorView.renderedText)
for (button, name) in [
    (calculatorView.incrementButton, "+"), (calculatorView.incrementButton, "+"), (calculatorView.decrementButton, "-"),
] {
    step("click \(name)")
    button.click()
    // The binder delivers states on the main actor: wait for the view to catch up.
    while calculatorView.textView.text != "\(calculator.store.state.value)" { await Task.yield() }
    show(calculatorView.renderedText)
}
step("intent sum(10): computed by async work owned by the store")
calculator.store.send(.sum(10))
await calculator.store.waitForIdle()
while calculatorView.textView.text != "55" { await Task.yield() }
show(calculatorView.renderedText)
step("lifecycle: stop; clicks go nowhere until started again")
lifecycle.stop()
calculatorView.incrementButton.click()
show("value in the store: \(calculator.store.state.value)")

// MARK: Time travel over everything above

title("Time travel: the whole session, recorded; step back through the Calculator")
_ = timeTravel.stop()
print("  recorded \(timeTravel.eventCount) events from \(timeTravel.storeNames.joined(separator: ", "))")
_ = timeTravel.moveToEnd()
var shown = 0
while shown < 6, timeTravel.stepBackward() {
    guard let event = timeTravel.selectedEvent else { break }
    print("  ◂ #\(event.sequence) [\(event.storeName)] \(event.description)")
    if event.storeName == "Calculator" { shown += 1 }
}
step("the Calculator store now shows the state at that point")
await Task.yield()
show("Calculator value: \(calculator.store.state.value)")
_ = timeTravel.cancel()
await calculator.store.waitForIdle()
step("cancel: back to live")
show("Calculator value: \(calculator.store.state.value)")
circleEffects.cancel()
lifecycle.destroy()
print("\nDone. Each sample's source is in Examples/Sources/<Sample>/.")

if DevToolsMode.isRequested {
    title("DevTools: the samples keep running with the debugger open")
    try await DevToolsMode.run(timeTravel: timeTravel, calculator: calculator.store) { devTools in
        devTools.register(bmi)
    }
}
