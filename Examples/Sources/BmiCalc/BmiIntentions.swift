import AsyncAlgorithms
import MVI
import MVIView

/// BmiCalc's `BmiIntentions`: the two sliders' moves, as values.
///
/// The original took two `Observable<SliderPayload>`; here they are two `AsyncSequence`s of
/// ``SliderPayload``. Each is an expression evaluated again every time ``height()`` or
/// ``weight()`` is called, because a ``Binder`` iterates its intent streams afresh on each
/// start:
///
/// ```swift
/// let intentions = BmiIntentions(heightSlider.values, weightSlider.values)
/// Binder(store).bind(intentions: intentions)
/// ```
///
/// Pass an expression that makes a fresh sequence (like a slider's `values`) when the binding
/// is started and stopped; a stored `AsyncStream` ends when its first iteration is cancelled.
@MainActor
public final class BmiIntentions<HeightChanges: AsyncSequence & Sendable, WeightChanges: AsyncSequence & Sendable>
where HeightChanges.Element == SliderPayload, WeightChanges.Element == SliderPayload {
    /// The intents of both sliders, merged in the order they happen.
    public typealias Intents = AsyncMerge2Sequence<
        AsyncMapSequence<AsyncMapSequence<HeightChanges, Int>, BmiModel.Intent>,
        AsyncMapSequence<AsyncMapSequence<WeightChanges, Int>, BmiModel.Intent>
    >

    private let heightChanges: @MainActor () -> HeightChanges
    private let weightChanges: @MainActor () -> WeightChanges

    /// Creates the intentions from the height slider's and the weight slider's payloads.
    public init(
        _ heightChanges: @autoclosure @escaping @MainActor () -> HeightChanges,
        _ weightChanges: @autoclosure @escaping @MainActor () -> WeightChanges
    ) {
        self.heightChanges = heightChanges
        self.weightChanges = weightChanges
    }

    /// The height the slider points at, in centimetres, after each move.
    public func height() -> AsyncMapSequence<HeightChanges, Int> {
        // A @Sendable closure, so it is not isolated to the main actor: `merge` calls it
        // from its own tasks.
        heightChanges().map { @Sendable payload in payload.calculatedValue() }
    }

    /// The weight the slider points at, in kilograms, after each move.
    public func weight() -> AsyncMapSequence<WeightChanges, Int> {
        weightChanges().map { @Sendable payload in payload.calculatedValue() }
    }

    /// Both sliders as the model's intents, merged with swift-async-algorithms' `merge`:
    /// the original's `Observable.merge` of the height and weight use cases.
    public func intents() -> Intents {
        merge(
            height().map { @Sendable height in BmiModel.Intent.height(height) },
            weight().map { @Sendable weight in BmiModel.Intent.weight(weight) })
    }
}
