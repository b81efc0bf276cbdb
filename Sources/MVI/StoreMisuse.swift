/// A use of a store against one of its rules, reported to its error handler with
/// ``StoreError/Origin/misuse``. The store does not crash and does not deadlock: what was
/// attempted is dropped or queued, as each case says.
public enum StoreMisuse: Error, Sendable, Hashable, CustomStringConvertible {
    /// What an async work's context was asked to do after its work had returned.
    public enum Action: String, Sendable, Hashable {
        /// ``WorkContext/dispatch(_:fileID:line:)``.
        case dispatch
        /// ``WorkContext/post(_:fileID:line:)``.
        case post
        /// ``WorkContext/send(_:fileID:line:)``.
        case send
    }

    /// An ``WorkContext`` was used after its work returned (it was captured by another
    /// task, for example). What it dispatched, posted or sent was dropped: start further
    /// work with `run` instead, so that the store owns it.
    case contextUsedAfterWorkEnded(Action)
    /// An intent was sent while the store was reducing, from inside `reduce`. Reducers must
    /// be pure; the intent was queued behind the current one, as any re-entrant send is.
    case sendDuringReduce
    /// A child declared with `child(_:_:…)` cannot be routed as written: its side effects go
    /// nowhere, two children share a name, or a handle was asked of a scope its parent does
    /// not list. The string says which child and why.
    case childDeclaration(String)
    /// Copies declared in ``Feature/sharedElements`` hold an element their source does not
    /// (screens of a sync-up that is not in the list), found when the store is created: a copy
    /// is kept the same as its other copies through its element, so these are not. The string
    /// says which element and which source.
    case sharedElementNotInSource(String)

    /// The rule that was broken, in one sentence.
    public var description: String {
        switch self {
        case .contextUsedAfterWorkEnded(let action):
            return "\(action.rawValue) from an async work context after its work returned was dropped; "
                + "a context belongs to the work `run` started, and ends with it"
        case .sendDuringReduce:
            return "an intent was sent from inside reduce; reducers must be pure "
                + "(the intent was queued behind the current one)"
        case .childDeclaration(let problem), .sharedElementNotInSource(let problem):
            return problem
        }
    }
}
