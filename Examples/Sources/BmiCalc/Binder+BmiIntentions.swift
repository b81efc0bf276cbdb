import MVI
import MVIView

extension Binder where F == BmiModel {
    /// Sends the sliders' moves to the store while the binder is started: the original's
    /// `BmiModel.bind(lifecycle, states, intentions)`, whose height and weight use cases
    /// become the model's intents.
    @discardableResult
    public func bind<HeightChanges, WeightChanges>(
        intentions: BmiIntentions<HeightChanges, WeightChanges>
    ) -> Self {
        bind(intents: intentions.intents())
    }
}
