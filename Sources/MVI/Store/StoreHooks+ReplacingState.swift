extension StoreHooks {
    /// ``Store/replaceState(with:)`` for a tool that holds the store weakly; nothing happens
    /// if the store was released. While input is held the replacement waits with it, and is
    /// applied (after the store's own state comes back) by ``resumeInput()``.
    package func replaceState(with state: F.State) {
        core?.submit(.replaceState(state))
    }
}
