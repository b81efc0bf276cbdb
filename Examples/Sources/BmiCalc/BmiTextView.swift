/// A ``BmiView`` that shows the screen as one line of text (see ``renderBmi(_:)``): the
/// original's `BmiViewController` labels, without UIKit.
@MainActor
public final class BmiTextView: BmiView {
    /// What the view shows now; empty before the first state.
    public private(set) var text = ""
    /// Called with the text after each ``showBmi(bmi:height:weight:)``.
    public var onShow: (@MainActor (String) -> Void)?

    /// Creates an empty view.
    public init(onShow: (@MainActor (String) -> Void)? = nil) {
        self.onShow = onShow
    }

    /// Sets the text: `height 160 cm · weight 40 kg · BMI 15.6`.
    public func showBmi(bmi: Double, height: Int, weight: Int) {
        text = renderBmi(BmiState(height: height, weight: weight, bmi: bmi))
        onShow?(text)
    }
}
