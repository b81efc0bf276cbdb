import MVI

/// The position of a slider between its bounds (BmiCalc's `SliderPayload`).
public struct SliderPayload: Sendable, Equatable {
    /// The value at the left end.
    public var min: Int
    /// The value at the right end.
    public var max: Int
    /// Where the thumb is, from 0 to 1.
    public var progress: Float

    /// Creates a payload.
    public init(min: Int, max: Int, progress: Float) {
        self.min = min
        self.max = max
        self.progress = progress
    }

    /// The value the thumb points at.
    public func calculatedValue() -> Int {
        min + Int((Float(max - min) * Swift.max(0, Swift.min(1, progress))).rounded())
    }
}

/// BmiCalc's `BmiState`.
public struct BmiState: Sendable, Equatable, Codable {
    /// Height in centimetres.
    public var height: Int
    /// Weight in kilograms.
    public var weight: Int
    /// The body-mass index.
    public var bmi: Double

    /// Creates a state.
    public init(height: Int, weight: Int, bmi: Double) {
        self.height = height
        self.weight = weight
        self.bmi = bmi
    }

    /// The original's defaults: 160 cm and 40 kg.
    public static let defaultHeight = 160
    /// The original's defaults: 160 cm and 40 kg.
    public static let defaultWeight = 40

    /// `BmiState.initial(height:weight:bmi:)`: the state of a newly created screen.
    public static func initial(height: Int = defaultHeight, weight: Int = defaultWeight) -> BmiState {
        BmiState(height: height, weight: weight, bmi: calculateBmi(height: height, weight: weight))
    }

    /// `state.heightChanged(height:bmi:)`
    public func heightChanged(height: Int, bmi: Double) -> BmiState {
        BmiState(height: height, weight: weight, bmi: bmi)
    }

    /// `state.weightChanged(weight:bmi:)`
    public func weightChanged(weight: Int, bmi: Double) -> BmiState {
        BmiState(height: height, weight: weight, bmi: bmi)
    }

    /// `state.restored()`: a saved state made live again. The BMI is recomputed, so a state
    /// saved by an older formula is never shown stale.
    public func restored() -> BmiState {
        BmiState(height: height, weight: weight, bmi: calculateBmi(height: height, weight: weight))
    }
}

/// weight (kg) / height (m)², 0 for a height of 0.
///
/// Computed as kg · 10,000 / cm², so whole numbers divide once: the defaults give exactly
/// 15.625, not the 15.624999999999996 of dividing by 1.6 squared.
public func calculateBmi(height: Int, weight: Int) -> Double {
    guard height > 0 else { return 0 }
    return Double(weight) * 10_000 / Double(height * height)
}

/// BmiCalc's `BmiModel`: the use cases as one feature. The Rx version merged one stream per
/// use case into the state stream; here each intention is an intent and each use case a
/// message, reduced in order.
public struct BmiModel: Feature {
    /// The screen's state.
    public typealias State = BmiState

    /// BmiCalc's intentions.
    public enum Intent: Sendable, Equatable {
        /// The height slider moved.
        case height(Int)
        /// The weight slider moved.
        case weight(Int)
    }

    /// The use cases' results.
    public enum Message: Sendable, Equatable {
        /// `heightChangesUseCase`
        case heightChanged(Int)
        /// `weightChangesUseCase`
        case weightChanged(Int)
    }

    /// Creates the model.
    public init() {}

    /// Turns intentions into use-case results.
    public func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .height(let height): context.dispatch(.heightChanged(height))
        case .weight(let weight): context.dispatch(.weightChanged(weight))
        }
    }

    /// Applies a use case's result, recomputing the BMI as the original does.
    public static func reduce(_ state: inout BmiState, _ message: Message) {
        switch message {
        case .heightChanged(let height):
            state = state.heightChanged(height: height, bmi: calculateBmi(height: height, weight: state.weight))
        case .weightChanged(let weight):
            state = state.weightChanged(weight: weight, bmi: calculateBmi(height: state.height, weight: weight))
        }
    }
}

/// The screen rendered as text (BmiCalc's `BmiView.showBmi`).
public func renderBmi(_ state: BmiState) -> String {
    let bmi = (state.bmi * 10).rounded() / 10
    return "height \(state.height) cm · weight \(state.weight) kg · BMI \(bmi)"
}
