extension StoreCore {
    /// Cancels every running work whose id `matches`: how a parent cancels all the work of a
    /// child that went away, whatever ids the child gave it (they are namespaced by the child,
    /// see `ChildWorkID`). Cancelled work's input is dropped when it would be applied, as for
    /// ``StoreContext/cancel(id:)``.
    @usableFromInline func cancelTasks(where matches: (TaskID) -> Bool) {
        let cancelled = cancellingTasks(where: matches)
        // Outside the lock: cancellation handlers run synchronously and may call back in.
        for task in cancelled { task.cancel() }
    }
}
