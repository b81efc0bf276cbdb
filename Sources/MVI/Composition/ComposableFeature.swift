/// The former name of a feature that can run inside a parent: every ``Feature`` now can, with
/// the one ``StoreContext`` its `execute` meets, alone or as a child.
@available(*, deprecated, renamed: "Feature")
public typealias ComposableFeature = Feature
