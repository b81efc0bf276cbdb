import MVI
extension Binder {
    /// Starts and stops the binder with `lifecycle`, as `mode` says; stops it for good when
    /// the lifecycle is destroyed.
    ///
    /// If the lifecycle is already in the mode's active state (say, started for
    /// ``BinderLifecycleMode/startStop``), the binder starts now. Binding to another lifecycle
    /// replaces this one. The lifecycle does not keep the binder alive.
    @discardableResult
    public func bind(to lifecycle: Lifecycle, mode: BinderLifecycleMode = .startStop) -> Self {
        lifecycleSubscription?.cancel()
        lifecycleSubscription = lifecycle.subscribe { [weak self] event in
            guard let self else { return }
            switch event {
            case mode.startEvent: self.start()
            case mode.stopEvent: self.stop()
            case .destroy:
                self.stop()
                self.lifecycleSubscription?.cancel()
                self.lifecycleSubscription = nil
            default: break
            }
        }
        if lifecycle.state >= mode.activeState { start() }
        return self
    }
}
