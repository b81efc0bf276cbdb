/// A feature whose stores have a default name other than the feature's type name.
protocol DefaultStoreName {
    /// The name of a store created without one.
    static var defaultStoreName: String { get }
}
