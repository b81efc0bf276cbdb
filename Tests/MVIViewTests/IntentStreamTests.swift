import AsyncAlgorithms
import MVI
import MVIView
import MVIFixtures
import Testing

@MainActor
@Suite("Intent streams", .timeLimit(.minutes(5)))
struct IntentStreamTests {
    @Test("BmiCalc: merged slider streams drive the store while started")
    func mergedSliders() async {
        let store = Store(Bmi(), initialState: .init())
        let heightSlider = Slider(), weightSlider = Slider()
        let binder = Binder(store)
            .bind(
                intents: merge(
                    heightSlider.values.map { Bmi.Intent.height($0) },
                    weightSlider.values.map { Bmi.Intent.weight($0) }))
        binder.start()

        heightSlider.move(to: 180)
        await store.waitUntil { $0.height == 180 }
        weightSlider.move(to: 81)
        await store.waitUntil { $0.weight == 81 }
        #expect(store.state.bmi == 25)
    }

    @Test("debounce: only the last of a burst is sent")
    func debounced() async {
        let store = Store(Bmi(), initialState: .init())
        let slider = Slider()
        let binder = Binder(store)
            .bind(intents: slider.values.debounce(for: .seconds(3600)).map { Bmi.Intent.height($0) })
        binder.start()
        for value in [150.0, 160, 170] { slider.move(to: value) }
        slider.release()  // the burst ends: debounce emits what it holds
        await store.waitUntil { $0.height == 170 }
        #expect(store.state.intentsHandled == 1)
    }

    @Test("combineLatest: one intent per change once both sliders have a value")
    func combined() async {
        let store = Store(Bmi(), initialState: .init())
        let heightSlider = Slider(), weightSlider = Slider()
        let binder = Binder(store)
            .bind(
                intents: combineLatest(heightSlider.values, weightSlider.values)
                    .map { Bmi.Intent.both(height: $0, weight: $1) })
        binder.start()
        heightSlider.move(to: 200)
        weightSlider.move(to: 100)
        await store.waitUntil { $0.height == 200 && $0.weight == 100 }
        #expect(store.state.intentsHandled == 1)
        #expect(store.state.bmi == 25)
    }

    @Test("The stream is made again on each start and cancelled on stop")
    func restartMakesAFreshStream() async {
        let store = Store(Bmi(), initialState: .init())
        let slider = Slider()
        let binder = Binder(store).bind(intents: slider.values.map { Bmi.Intent.height($0) })
        #expect(slider.streamsMade == 0)
        binder.start()
        #expect(slider.streamsMade == 1)
        slider.move(to: 170)
        await store.waitUntil { $0.height == 170 }
        binder.stop()
        binder.start()
        #expect(slider.streamsMade == 2)
        slider.move(to: 175)
        await store.waitUntil { $0.height == 175 }
    }

    @Test("A stream that throws ends and is reported to the store's error handler")
    func throwingStreamIsReported() async {
        struct SliderBroke: Error {}
        let errors = ErrorLog()
        let reported = AsyncStream<Void>.makeStream()
        let store = Store(
            Bmi(), initialState: .init(),
            onError: StoreErrorHandler { error in
                errors.handler(error)
                reported.continuation.yield()
            })
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Bmi.Intent.self)
        let binder = Binder(store).bind(intents: stream)
        binder.start()
        continuation.yield(.height(190))
        continuation.finish(throwing: SliderBroke())
        for await _ in reported.stream { break }
        #expect(store.state.height == 190)
        #expect(errors.all.count == 1)
        #expect(errors.all.first?.origin == .addOn("Binder intent stream"))
        #expect(errors.all.first?.underlying is SliderBroke)
    }
}
