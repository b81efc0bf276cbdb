extension CreateOrEditCirclePresenter {
    /// Calls the presenter method `intent` stands for: hand `presenter.dispatch` to a
    /// ``CreateOrEditCircleView`` as its dispatcher.
    public func dispatch(_ intent: CreateOrEditCircleIntent) {
        switch intent {
        case .onCheckFormRequested(let request): onCheckFormRequested(request)
        case .onFormSubmitted(let request): onFormSubmitted(request)
        case .onExitRequested(let request): onExitFromCreateCircleFlowRequested(request)
        case .onDeleteCircleRequested: onDeleteCircleRequested()
        case .onDeleteCircleConfirmed: onDeleteCircleConfirmed()
        }
    }
}
