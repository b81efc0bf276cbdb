/// What the CreateOrEditCircle screen dispatches: one case per presenter method, so a view
/// needs only a `(CreateOrEditCircleIntent) -> Void` dispatcher (the Playtomic shape) and an
/// interaction test can record every tap as data.
public enum CreateOrEditCircleIntent: Sendable, Equatable {
    /// The name or the cover photo changed: `onCheckFormRequested`.
    case onCheckFormRequested(createCircleRequestDomain: CreateOrEditCircleRequest)
    /// The CTA was tapped: `onFormSubmitted`.
    case onFormSubmitted(createCircleRequestDomain: CreateOrEditCircleRequest)
    /// The close button was tapped (Orbit's `onExitRequested`):
    /// `onExitFromCreateCircleFlowRequested`.
    case onExitRequested(createCircleRequestDomain: CreateOrEditCircleRequest)
    /// The delete button was tapped: `onDeleteCircleRequested`.
    case onDeleteCircleRequested
    /// The deletion was confirmed in the dialog: `onDeleteCircleConfirmed`.
    case onDeleteCircleConfirmed
}
