// MVIDependencies is built only with the package trait Dependencies on (swift-dependencies in
// stores). Every other file of the module is inside `#if Dependencies`, so that without the
// trait its dependencies are neither fetched nor needed, and this says what to do instead of
// "no such module".
#if !Dependencies
#error(
    "MVIDependencies needs the package trait Dependencies: .package(url: \"https://github.com/swift-mvi/swift-mvi\", from: \"0.3.0\", traits: [\"Dependencies\"]); in this repository, swift build --enable-all-traits"
)
#endif
