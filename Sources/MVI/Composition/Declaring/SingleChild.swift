/// The id of a child that is the only one in its place (a detail, a sheet): there is nothing
/// to tell apart.
public enum SingleChild: Hashable, Sendable, CustomStringConvertible {
    /// The one child.
    case only

    /// Empty: a single child's path is the scope's name alone.
    public var description: String { "" }
}
