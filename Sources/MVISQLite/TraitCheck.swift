// MVISQLite is built only with the package trait SQLite on (shared values in SQLite, on GRDB).
// Every other file of the module is inside `#if SQLite`, so that without the trait its
// dependencies are neither fetched nor needed, and this says what to do instead of "no such
// module".
#if !SQLite
#error(
    "MVISQLite needs the package trait SQLite: .package(url: \"https://github.com/swift-mvi/swift-mvi\", from: \"0.3.0\", traits: [\"SQLite\"]); in this repository, swift build --enable-all-traits"
)
#endif
