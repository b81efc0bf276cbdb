import BmiCalc
import MVI
import Synchronization

/// A payload for a slider from `min` to `max` pointing at `value`.
func payload(_ value: Int, min: Int, max: Int) -> SliderPayload {
    SliderPayload(min: min, max: max, progress: Float(value - min) / Float(max - min))
}

/// A height slider from 100 to 220 cm.
func height(_ value: Int) -> SliderPayload { payload(value, min: 100, max: 220) }
/// A weight slider from 30 to 150 kg.
func weight(_ value: Int) -> SliderPayload { payload(value, min: 30, max: 150) }

extension Store {
    /// The first state, the current one included, that satisfies `predicate`; `nil` if the
    /// store ends first. Waits on the store's states, not on time.
    func firstState(where predicate: @Sendable (F.State) -> Bool) async -> F.State? {
        for await state in states where predicate(state) {
            return state
        }
        return nil
    }
}

/// Collects a store's failures.
final class ErrorLog: Sendable {
    private let errors = Mutex<[StoreError]>([])

    var handler: StoreErrorHandler {
        StoreErrorHandler { error in self.errors.withLock { $0.append(error) } }
    }

    var all: [StoreError] { errors.withLock { $0 } }
}

/// A text view whose renders can be awaited.
@MainActor
final class RecordingView {
    let view: BmiTextView
    private let shown: AsyncStream<String>

    init() {
        let (shown, continuation) = AsyncStream.makeStream(of: String.self)
        self.shown = shown
        view = BmiTextView(onShow: { continuation.yield($0) })
    }

    /// Waits until the view shows `text`; returns whether it did before the stream ended.
    func waitUntilShowing(_ text: String) async -> Bool {
        for await shown in shown where shown == text {
            return true
        }
        return false
    }
}

/// A slider whose `values` is a fresh stream each time it is read, as a UI slider's are, so a
/// binder can stop and start again.
@MainActor
final class TestSlider {
    private let min: Int
    private let max: Int
    private var continuation: AsyncStream<SliderPayload>.Continuation?

    init(min: Int, max: Int) {
        self.min = min
        self.max = max
    }

    /// A new stream of the slider's moves; the previous one ends.
    var values: AsyncStream<SliderPayload> {
        continuation?.finish()
        let (values, continuation) = AsyncStream.makeStream(of: SliderPayload.self)
        self.continuation = continuation
        return values
    }

    /// Moves the thumb to `value`; nothing happens if no one listens.
    func move(to value: Int) {
        continuation?.yield(payload(value, min: min, max: max))
    }
}
