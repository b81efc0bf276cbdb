import BmiCalc
import Foundation
import MVI
import MVIView
import MVIStateKeeper
import Testing

@Suite(.timeLimit(.minutes(5))) @MainActor struct BmiControllerTests {
    /// A controller bound to a started view, with sliders the test moves.
    struct Screen {
        let controller: BmiController
        let view: RecordingView
        let lifecycle: Lifecycle
        let heightSlider: AsyncStream<SliderPayload>.Continuation
        let weightSlider: AsyncStream<SliderPayload>.Continuation
    }

    func open(_ controller: BmiController) -> Screen {
        let (heights, heightSlider) = AsyncStream.makeStream(of: SliderPayload.self)
        let (weights, weightSlider) = AsyncStream.makeStream(of: SliderPayload.self)
        let view = RecordingView()
        let lifecycle = Lifecycle()
        controller.onViewCreated(view.view, intentions: BmiIntentions(heights, weights), lifecycle: lifecycle)
        lifecycle.resume()
        return Screen(
            controller: controller, view: view, lifecycle: lifecycle,
            heightSlider: heightSlider, weightSlider: weightSlider)
    }

    @Test func aCreatedScreenStartsAtTheDefaults() async {
        let screen = open(BmiController(.created, storage: InMemoryStateStorage()))
        #expect(screen.controller.store.state == BmiState(height: 160, weight: 40, bmi: 15.625))
        #expect(screen.view.view.text == "height 160 cm · weight 40 kg · BMI 15.6")
        screen.lifecycle.destroy()
    }

    @Test func aCreatedScreenIgnoresWhatWasSaved() throws {
        let storage = InMemoryStateStorage()
        let keeper = StateKeeper<BmiState, BmiState>(storage: storage, key: BmiController.defaultKey)
        try keeper.save(BmiState(height: 180, weight: 81, bmi: 25))
        let controller = BmiController(.created, storage: storage)
        #expect(controller.store.state == .initial())
    }

    @Test func movingTheSlidersRendersTheNewBmi() async {
        let screen = open(BmiController(.created, storage: InMemoryStateStorage()))
        screen.heightSlider.yield(height(180))
        #expect(await screen.view.waitUntilShowing("height 180 cm · weight 40 kg · BMI 12.3"))
        screen.weightSlider.yield(weight(81))
        #expect(await screen.view.waitUntilShowing("height 180 cm · weight 81 kg · BMI 25.0"))
        screen.lifecycle.destroy()
    }

    @Test func aRestoredScreenShowsTheSavedValues() async {
        let storage = InMemoryStateStorage()
        let first = open(BmiController(.created, storage: storage, saving: .onDemand))
        first.heightSlider.yield(height(180))
        first.weightSlider.yield(weight(81))
        _ = await first.controller.store.firstState { $0.height == 180 && $0.weight == 81 }
        first.controller.flush()
        #expect(storage.saveCount == 1)
        #expect(storage.keys == ["bmi"])

        let errors = ErrorLog()
        let second = open(BmiController(.restored, storage: storage, onError: errors.handler))
        #expect(second.controller.store.state == BmiState(height: 180, weight: 81, bmi: 25))
        #expect(second.view.view.text == "height 180 cm · weight 81 kg · BMI 25.0")
        #expect(errors.all.isEmpty)
        first.lifecycle.destroy()
        second.lifecycle.destroy()
    }

    @Test func aRestoredScreenRecomputesTheBmiItSaved() throws {
        let storage = InMemoryStateStorage()
        let keeper = StateKeeper<BmiState, BmiState>(storage: storage, key: BmiController.defaultKey)
        try keeper.save(BmiState(height: 180, weight: 81, bmi: 99))
        let controller = BmiController(.restored, storage: storage)
        #expect(controller.store.state == BmiState(height: 180, weight: 81, bmi: 25))
    }

    @Test func aRestoredScreenWithNothingSavedStartsAtTheDefaults() {
        let errors = ErrorLog()
        let controller = BmiController(.restored, storage: InMemoryStateStorage(), onError: errors.handler)
        #expect(controller.store.state == .initial())
        #expect(errors.all.isEmpty)
    }

    @Test func aStoreThatEndsIsSavedToAFileAndRestored() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("BmiCalcTests-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }

        let first = open(BmiController(.created, storage: FileStateStorage(directory: directory), saving: .onDemand))
        first.weightSlider.yield(weight(100))
        first.heightSlider.yield(height(200))
        _ = await first.controller.store.firstState { $0.height == 200 && $0.weight == 100 }
        first.lifecycle.destroy()
        first.controller.store.cancel()  // the final save happens before cancel() returns
        #expect(FileManager.default.fileExists(atPath: directory + "/bmi.json"))

        let second = BmiController(.restored, storage: FileStateStorage(directory: directory))
        #expect(second.store.state == BmiState(height: 200, weight: 100, bmi: 25))
    }

    @Test(arguments: [
        "",
        "{\"version\": 1, \"state\": {\"height\": 18",
        "not json at all",
        "{\"version\": 1, \"state\": {\"height\": \"tall\"}}",
        "{\"version\": 7, \"state\": {\"height\": 180, \"weight\": 81, \"bmi\": 25}}",
    ])
    func aCorruptSavedStateFallsBackToTheDefaultsAndIsReported(saved: String) throws {
        let storage = InMemoryStateStorage(["bmi": Array(saved.utf8)])
        let errors = ErrorLog()
        let controller = BmiController(.restored, storage: storage, onError: errors.handler)

        #expect(controller.store.state == .initial())
        let reported = try #require(errors.all.first)
        #expect(errors.all.count == 1)
        #expect(reported.origin == .addOn("state keeper"))
        let failure = try #require(reported.underlying as? StateKeeperError)
        #expect(failure.key == "bmi")
        #expect(failure.movedAsideTo == "bmi.corrupt-1")
        #expect(storage.keys == ["bmi.corrupt-1"])  // kept for inspection, not overwritten
    }

    @Test func theCorruptStateIsNotOverwrittenAndTheNewOneIsSaved() async throws {
        let storage = InMemoryStateStorage(["bmi": Array("garbage".utf8)])
        let screen = open(BmiController(.restored, storage: storage, saving: .onDemand, onError: ErrorLog().handler))
        screen.heightSlider.yield(height(170))
        _ = await screen.controller.store.firstState { $0.height == 170 }
        screen.controller.flush()
        #expect(storage.keys == ["bmi", "bmi.corrupt-1"])
        #expect(storage.load("bmi.corrupt-1") == Array("garbage".utf8))
        let restored = BmiController(.restored, storage: storage)
        #expect(restored.store.state == BmiState.initial(height: 170, weight: 40))
        screen.lifecycle.destroy()
    }

    @Test func slidersWorkAgainAfterTheScreenStopsAndStarts() async {
        let heightSlider = TestSlider(min: 100, max: 220)
        let weightSlider = TestSlider(min: 30, max: 150)
        let controller = BmiController(.created, storage: InMemoryStateStorage())
        let view = RecordingView()
        let lifecycle = Lifecycle()
        controller.onViewCreated(
            view.view, intentions: BmiIntentions(heightSlider.values, weightSlider.values), lifecycle: lifecycle)
        lifecycle.resume()
        heightSlider.move(to: 180)
        #expect(await view.waitUntilShowing("height 180 cm · weight 40 kg · BMI 12.3"))

        lifecycle.stop()
        heightSlider.move(to: 150)  // stopped: the stream it went to has ended
        lifecycle.start()
        weightSlider.move(to: 81)
        #expect(await view.waitUntilShowing("height 180 cm · weight 81 kg · BMI 25.0"))
        #expect(controller.store.state.height == 180)
        lifecycle.destroy()
    }

    @Test func aCorruptFileFallsBackToTheDefaultsAndIsMovedAside() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("BmiCalcTests-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("{\"version\": 1, \"sta".utf8).write(to: URL(fileURLWithPath: directory + "/bmi.json"))

        let errors = ErrorLog()
        let controller = BmiController(
            .restored, storage: FileStateStorage(directory: directory), onError: errors.handler)
        #expect(controller.store.state == .initial())
        #expect(errors.all.count == 1)
        let failure = try #require(errors.all.first?.underlying as? StateKeeperError)
        let movedTo = try #require(failure.movedAsideTo)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(!files.contains("bmi.json"))
        #expect(files.contains { $0.hasPrefix("bmi.corrupt-") })
        #expect(movedTo.contains("bmi.corrupt-"))
    }
}
