// MVIDevTools is built only with the package trait DevTools on (the debugger page, on
// Hummingbird and swift-nio). Every other file of the module is inside `#if DevTools`, so that
// without the trait its dependencies are neither fetched nor needed, and this says what to do
// instead of "no such module".
#if !DevTools
#error(
    "MVIDevTools needs the package trait DevTools: .package(url: \"https://github.com/swift-mvi/swift-mvi\", from: \"0.3.0\", traits: [\"DevTools\"]); in this repository, swift build --enable-all-traits"
)
#endif
