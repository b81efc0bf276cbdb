/// BmiCalc's `BmiView`: shows a BMI with the height and weight it comes from.
@MainActor
public protocol BmiView: AnyObject {
    /// Shows the numbers.
    func showBmi(bmi: Double, height: Int, weight: Int)
}

extension BmiView {
    /// Shows a state: the original's `render(state:)`.
    public func render(state: BmiState) {
        showBmi(bmi: state.bmi, height: state.height, weight: state.weight)
    }
}
