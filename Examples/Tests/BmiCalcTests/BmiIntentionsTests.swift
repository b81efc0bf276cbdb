import AsyncAlgorithms
import BmiCalc
import MVI
import MVIView
import Testing

@Suite(.timeLimit(.minutes(5))) @MainActor struct BmiIntentionsTests {
    @Test func slidersMovesBecomeValues() async {
        let (heights, heightSlider) = AsyncStream.makeStream(of: SliderPayload.self)
        let (weights, weightSlider) = AsyncStream.makeStream(of: SliderPayload.self)
        let intentions = BmiIntentions(heights, weights)
        for value in [100, 160, 220] { heightSlider.yield(height(value)) }
        for value in [30, 81] { weightSlider.yield(weight(value)) }
        heightSlider.finish()
        weightSlider.finish()

        var seenHeights: [Int] = []
        for await value in intentions.height() { seenHeights.append(value) }
        var seenWeights: [Int] = []
        for await value in intentions.weight() { seenWeights.append(value) }
        #expect(seenHeights == [100, 160, 220])
        #expect(seenWeights == [30, 81])
    }

    @Test func intentsMergeBothSliders() async {
        let (heights, heightSlider) = AsyncStream.makeStream(of: SliderPayload.self)
        let (weights, weightSlider) = AsyncStream.makeStream(of: SliderPayload.self)
        let intentions = BmiIntentions(heights, weights)
        heightSlider.yield(height(180))
        weightSlider.yield(weight(81))
        heightSlider.finish()
        weightSlider.finish()

        var intents: [BmiModel.Intent] = []
        for await intent in intentions.intents() { intents.append(intent) }  // AsyncStreams never throw
        #expect(intents.count == 2)
        #expect(intents.contains(.height(180)))
        #expect(intents.contains(.weight(81)))
    }

    @Test func boundIntentionsChangeHeightWeightAndBmiInOrder() async {
        let (heights, heightSlider) = AsyncStream.makeStream(of: SliderPayload.self)
        let (weights, weightSlider) = AsyncStream.makeStream(of: SliderPayload.self)
        let store = Store(BmiModel(), initialState: .initial())
        let lifecycle = Lifecycle()
        let binder = Binder(store).bind(intentions: BmiIntentions(heights, weights)).bind(to: lifecycle)
        lifecycle.resume()
        #expect(binder.isStarted)

        var states = store.states.makeAsyncIterator()
        #expect(await states.next() == BmiState(height: 160, weight: 40, bmi: 15.625))
        heightSlider.yield(height(180))
        #expect(await states.next() == BmiState(height: 180, weight: 40, bmi: calculateBmi(height: 180, weight: 40)))
        weightSlider.yield(weight(81))
        #expect(await states.next() == BmiState(height: 180, weight: 81, bmi: 25))
        heightSlider.yield(height(200))
        #expect(await states.next() == BmiState(height: 200, weight: 81, bmi: calculateBmi(height: 200, weight: 81)))
        lifecycle.destroy()
    }

    @Test func mergingAtTheCallSiteWorksToo() async {
        let (heights, heightSlider) = AsyncStream.makeStream(of: SliderPayload.self)
        let (weights, weightSlider) = AsyncStream.makeStream(of: SliderPayload.self)
        let intentions = BmiIntentions(heights, weights)
        let store = Store(BmiModel(), initialState: .initial())
        let binder = Binder(store).bind(
            intents: merge(
                intentions.height().map { @Sendable in BmiModel.Intent.height($0) },
                intentions.weight().map { @Sendable in BmiModel.Intent.weight($0) }))
        binder.start()
        heightSlider.yield(height(200))
        weightSlider.yield(weight(100))
        let state = await store.firstState { $0.height == 200 && $0.weight == 100 }
        #expect(state?.bmi == 25)
        binder.stop()
    }

    /// Two sliders moving at once from other tasks: each slider's moves reach the store in
    /// the order they were made, and the last of each wins.
    @Test func concurrentSliderMovesArriveInOrderPerSlider() async {
        let moves = 500
        let (heights, heightSlider) = AsyncStream.makeStream(of: SliderPayload.self)
        let (weights, weightSlider) = AsyncStream.makeStream(of: SliderPayload.self)
        let store = Store(BmiModel(), initialState: BmiState.initial(height: 0, weight: 0))
        let binder = Binder(store).bind(intentions: BmiIntentions(heights, weights))
        binder.start()
        let states = store.states

        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for value in 1...moves { heightSlider.yield(payload(value, min: 0, max: moves)) }
            }
            group.addTask {
                for value in 1...moves { weightSlider.yield(payload(value, min: 0, max: moves)) }
            }
        }

        var last = BmiState.initial(height: 0, weight: 0)
        var inOrder = true
        var count = 0
        for await state in states {
            count += 1
            if state.height < last.height || state.weight < last.weight { inOrder = false }
            last = state
            if state.height == moves && state.weight == moves { break }
        }
        #expect(inOrder)
        #expect(last == BmiState(height: moves, weight: moves, bmi: calculateBmi(height: moves, weight: moves)))
        #expect(count == 2 * moves + 1)
        binder.stop()
    }
}
