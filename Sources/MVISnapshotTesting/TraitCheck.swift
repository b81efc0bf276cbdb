// MVISnapshotTesting is built only with the package trait SnapshotTesting on (snapshot
// strategies, on swift-snapshot-testing). Every other file of the module is inside `#if
// SnapshotTesting`, so that without the trait its dependencies are neither fetched nor needed,
// and this says what to do instead of "no such module".
#if !SnapshotTesting
#error(
    "MVISnapshotTesting needs the package trait SnapshotTesting: .package(url: \"https://github.com/swift-mvi/swift-mvi\", from: \"0.3.0\", traits: [\"SnapshotTesting\"]); in this repository, swift build --enable-all-traits"
)
#endif
