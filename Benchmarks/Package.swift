// swift-tools-version: 6.2
import PackageDescription

// The benchmarks of swift-mvi: its Store against hand-written baselines, in one run.
// A package of its own so that the library pulls in nothing for them.
let package = Package(
    name: "swift-mvi-benchmarks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    traits: [
        // The `send-1sub-devtools` row, the one scenario that needs MVIDevTools: its swift-nio
        // and Hummingbird made most of the release build's time. On by default; CI's smoke run
        // and budgets build without it (`--disable-default-traits`), and the DevTools server
        // has tests and a browser run of its own there.
        .trait(name: "DevTools", description: "Adds the send-1sub-devtools scenario (builds MVIDevTools)."),
        .default(enabledTraits: ["DevTools"]),
    ],
    dependencies: [
        // MVIDependencies and MVIMetrics are behind the library's traits, and so is MVIDevTools,
        // turned on only with this package's DevTools trait.
        .package(
            name: "swift-mvi", path: "..",
            traits: ["Dependencies", "Metrics", .trait(name: "DevTools", condition: .when(traits: ["DevTools"]))]),
        .package(url: "https://github.com/apple/swift-log", from: "1.11.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // package-benchmark: `swift package benchmark` runs the same scenarios with its
        // statistics and baselines. Its malloc interposer adds a header to every block, which
        // is why mvi-bench (not this) reports the idle-store bytes.
        .package(
            url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.0", traits: ["Clocks", "Foundation"]),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Counts heap allocations for the whole process (glibc); see its header.
        .target(name: "MallocCounter"),
        // Every scenario, for swift-mvi and for the baselines, with the checks of its results.
        .target(
            name: "BenchmarkScenarios",
            dependencies: [
                .product(name: "MVI", package: "swift-mvi"),
                .product(name: "MVIView", package: "swift-mvi"),
                .product(name: "MVILogging", package: "swift-mvi"),
                .product(name: "MVITimeTravel", package: "swift-mvi"),
                .product(name: "MVIJSON", package: "swift-mvi"),
                .product(name: "MVIDevTools", package: "swift-mvi", condition: .when(traits: ["DevTools"])),
                .product(name: "MVICollections", package: "swift-mvi"),
                .product(name: "MVIDependencies", package: "swift-mvi"),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "MVIMetrics", package: "swift-mvi"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        // `swift run -c release --package-path Benchmarks mvi-bench`: the whole table, one run.
        .executableTarget(
            name: "mvi-bench",
            dependencies: ["BenchmarkScenarios", "MallocCounter"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
        // `swift package --package-path Benchmarks benchmark`: package-benchmark's runner.
        .executableTarget(
            name: "MVIBenchmarks",
            dependencies: ["BenchmarkScenarios", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/MVIBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ],
    swiftLanguageModes: [.v6]
)
