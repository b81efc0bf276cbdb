// MVIMetrics is built only with the package trait Metrics on (metrics and spans, on swift-
// metrics and swift-distributed-tracing). Every other file of the module is inside `#if
// Metrics`, so that without the trait its dependencies are neither fetched nor needed, and this
// says what to do instead of "no such module".
#if !Metrics
#error(
    "MVIMetrics needs the package trait Metrics: .package(url: \"https://github.com/swift-mvi/swift-mvi\", from: \"0.3.0\", traits: [\"Metrics\"]); in this repository, swift build --enable-all-traits"
)
#endif
