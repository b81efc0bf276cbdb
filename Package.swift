// swift-tools-version: 6.2
import PackageDescription

/// Settings every target shares. Swift 6 language mode is the package default.
var strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The conditions of the dependencies that only one trait's module uses (see `traits` below).
let devTools = TargetDependencyCondition.when(traits: ["DevTools"])
let sqlite = TargetDependencyCondition.when(traits: ["SQLite"])
let dependencies = TargetDependencyCondition.when(traits: ["Dependencies"])
let snapshotTesting = TargetDependencyCondition.when(traits: ["SnapshotTesting"])
let metrics = TargetDependencyCondition.when(traits: ["Metrics"])

let package = Package(
    name: "swift-mvi",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "MVI", targets: ["MVI"]),
        .library(name: "MVIView", targets: ["MVIView"]),
        .library(name: "MVIStateKeeper", targets: ["MVIStateKeeper"]),
        .library(name: "MVITesting", targets: ["MVITesting"]),
        .library(name: "MVISnapshotTesting", targets: ["MVISnapshotTesting"]),
        .library(name: "MVILogging", targets: ["MVILogging"]),
        .library(name: "MVITimeTravel", targets: ["MVITimeTravel"]),
        .library(name: "MVIDevTools", targets: ["MVIDevTools"]),
        .library(name: "MVICollections", targets: ["MVICollections"]),
        .library(name: "MVIMetrics", targets: ["MVIMetrics"]),
        .library(name: "MVIJSON", targets: ["MVIJSON"]),
        .library(name: "MVIDependencies", targets: ["MVIDependencies"]),
        .library(name: "MVISQLite", targets: ["MVISQLite"]),
        .library(name: "MVIUndo", targets: ["MVIUndo"]),
    ],
    // The heavy modules are behind package traits, so that an app fetches and builds only the
    // packages of the modules it turns on: `.package(url: …, from: "0.3.0", traits: ["SQLite"])`.
    // An app on `MVI`, `MVITesting`, `MVIStateKeeper`, `MVILogging`, `MVITimeTravel`, `MVIJSON`,
    // `MVICollections` or `MVIUndo` needs no trait. In this repository: `swift build
    // --enable-all-traits` (`.ci/run` does).
    traits: [
        .trait(name: "DevTools", description: "MVIDevTools, the debugger page: Hummingbird and swift-nio."),
        .trait(name: "SQLite", description: "MVISQLite, shared values in SQLite: GRDB."),
        .trait(name: "Dependencies", description: "MVIDependencies, @Dependency in stores: swift-dependencies."),
        .trait(
            name: "SnapshotTesting",
            description: "MVISnapshotTesting, view and interaction snapshots: swift-snapshot-testing."),
        .trait(
            name: "Metrics",
            description: "MVIMetrics, counters, timers and spans: swift-metrics, swift-distributed-tracing."),
        .default(enabledTraits: []),
    ],
    // A dependency that only a trait's module uses is fetched only with that trait on (SwiftPM
    // leaves out dependencies referenced only under disabled traits, and those of test targets).
    dependencies: [
        // Always: MVILogging, MVITesting, MVICollections.
        .package(url: "https://github.com/apple/swift-log", from: "1.11.0"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // Tests only.
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        // `swift package generate-documentation`: builds each module's DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // Metrics.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.2.0"),
        // SnapshotTesting.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        // DevTools: the debugger's web server.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // Dependencies: without its default traits, so that its Combine schedulers (and, on
        // Linux, OpenCombine) and URLSession are not built; its clocks, dates and UUIDs are.
        .package(
            url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.0",
            traits: ["Clocks", "Foundation"]),
        // SQLite: GRDB, on the system's libsqlite3.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The core: Store, Feature, contexts, side-effect delivery, composition, middleware,
        // Observation. Depends on nothing but the toolchain.
        .target(name: "MVI", dependencies: ["_MVIFutex"], swiftSettings: strictSettings),
        // MVIKotlin's view layer, for UIKit, AppKit and terminal views (a SwiftUI app observes
        // an `ObservableStore` instead): views rendered with `diff`, the binder, the lifecycle.
        .target(name: "MVIView", dependencies: ["MVI"], swiftSettings: strictSettings),
        // The two system calls behind the core's lock on Linux (Swift cannot call `syscall`).
        .target(name: "_MVIFutex"),
        // The JSON value that recordings, interaction snapshots and the debugger carry values
        // in: numbers keep their decimal text, one parser, one string escaper, a decoder that
        // reads numbers exactly. Depends on nothing but the toolchain; the core does not use it.
        .target(name: "MVIJSON", swiftSettings: strictSettings),
        // State preservation: StateKeeper and its storages (Foundation's JSON coding lives here).
        .target(name: "MVIStateKeeper", dependencies: ["MVI"], swiftSettings: strictSettings),
        // The exhaustive TestStore and Orbit's test DSL.
        .target(
            name: "MVITesting",
            dependencies: [
                // MVITimeTravel: explore writes the failure it found as a recording.
                "MVI", "MVITimeTravel",
                .product(name: "CustomDump", package: "swift-custom-dump"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                // Lets IssueReporting record failures with Swift Testing and XCTest on Linux,
                // where it cannot look them up otherwise (a small dynamic library).
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: strictSettings),
        // Snapshot strategies for views (rendered text) and recorded interactions, on
        // swift-snapshot-testing, apart so that a TestStore user does not pull it in.
        .target(
            name: "MVISnapshotTesting",
            dependencies: [
                "MVI", "MVIView", "MVIJSON",
                .product(
                    name: "SnapshotTesting", package: "swift-snapshot-testing",
                    condition: snapshotTesting),
            ],
            swiftSettings: strictSettings),
        // Logging middleware on swift-log.
        .target(
            name: "MVILogging",
            dependencies: [
                "MVI",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ],
            swiftSettings: strictSettings),
        // Recording, stepping, export and import of store histories.
        .target(name: "MVITimeTravel", dependencies: ["MVI", "MVIJSON"], swiftSettings: strictSettings),
        // The debugger: a web page served by the app, on Hummingbird, driving time travel.
        .target(
            name: "MVIDevTools",
            dependencies: [
                "MVI", "MVIJSON", "MVITimeTravel",
                .product(name: "Hummingbird", package: "hummingbird", condition: devTools),
                // The connection limits and the request gate sit in the server's channels.
                .product(name: "HummingbirdCore", package: "hummingbird", condition: devTools),
                .product(
                    name: "HummingbirdWebSocket", package: "hummingbird-websocket",
                    condition: devTools),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio", condition: devTools),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: devTools),
                .product(name: "NIOWebSocket", package: "swift-nio", condition: devTools),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: devTools),
                .product(
                    name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: devTools
                ),
            ],
            resources: [.copy("Page")],
            swiftSettings: strictSettings),
        // Child features in swift-collections' OrderedDictionary (apart, so the core needs
        // nothing beyond the toolchain).
        .target(
            name: "MVICollections",
            dependencies: ["MVI", .product(name: "OrderedCollections", package: "swift-collections")],
            swiftSettings: strictSettings),
        // Undo and redo for an app's users: a value with its history, kept in a feature's state
        // (nothing beyond the toolchain).
        .target(name: "MVIUndo", swiftSettings: strictSettings),
        // Counters, timers and spans for stores in production, as middleware on swift-metrics
        // and swift-distributed-tracing. Off unless installed.
        .target(
            name: "MVIMetrics",
            dependencies: [
                "MVI",
                .product(name: "CoreMetrics", package: "swift-metrics", condition: metrics),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: metrics),
            ],
            swiftSettings: strictSettings),

        // swift-dependencies' values in a store's features (`environment: .dependencies { … }`);
        // its own module, so that MVI itself depends on nothing.
        .target(
            name: "MVIDependencies",
            dependencies: [
                "MVI", "MVIJSON", "MVITimeTravel",
                .product(
                    name: "Dependencies", package: "swift-dependencies", condition: dependencies),
            ],
            swiftSettings: strictSettings),

        // Shared values saved in a SQLite database, through GRDB; its own module, so that only
        // an app that saves to SQLite builds GRDB.
        .target(
            name: "MVISQLite",
            dependencies: ["MVI", .product(name: "GRDB", package: "GRDB.swift", condition: sqlite)],
            swiftSettings: strictSettings),

        // What the test targets share: the Counter feature, the fake views and their features, a
        // lock box, a gate, a collector.
        .target(
            name: "MVIFixtures", dependencies: ["MVI", "MVIView"], path: "Tests/MVIFixtures",
            swiftSettings: strictSettings),

        // One test target per module.
        .testTarget(
            name: "MVITests",
            dependencies: [
                "MVI", "MVIFixtures", .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MVIViewTests",
            dependencies: [
                "MVI", "MVIView", "MVIFixtures", .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MVIDependenciesTests",
            dependencies: [
                "MVI", "MVIDependencies", "MVITesting", "MVITimeTravel",
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "Clocks", package: "swift-clocks"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MVISQLiteTests", dependencies: ["MVI", "MVISQLite", "MVIFixtures"], swiftSettings: strictSettings),
        .testTarget(name: "MVIJSONTests", dependencies: ["MVIJSON"], swiftSettings: strictSettings),
        .testTarget(
            name: "MVIStateKeeperTests", dependencies: ["MVI", "MVIStateKeeper", "MVIFixtures"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MVITestingTests",
            dependencies: [
                "MVI", "MVITesting", "MVIFixtures",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MVISnapshotTestingTests",
            dependencies: [
                "MVI", "MVIView", "MVISnapshotTesting", "MVIFixtures",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MVILoggingTests",
            dependencies: [
                "MVI", "MVILogging", .product(name: "Logging", package: "swift-log"),
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MVICollectionsTests",
            dependencies: [
                "MVI", "MVICollections", "MVITesting",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MVIUndoTests",
            dependencies: [
                "MVI", "MVIUndo", "MVITesting", "MVIStateKeeper", .product(name: "Clocks", package: "swift-clocks"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MVIMetricsTests",
            dependencies: [
                "MVI", "MVIMetrics", "MVIFixtures",
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MVITimeTravelTests",
            dependencies: ["MVI", "MVIJSON", "MVITimeTravel", "MVITesting", "MVIFixtures"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MVIDevToolsTests",
            dependencies: [
                "MVI", "MVIJSON", "MVITimeTravel", "MVIDevTools", "MVITesting", "MVIFixtures",
                .product(name: "Logging", package: "swift-log"),
                // The page's side of the WebSocket in the tests is a small client on swift-nio's
                // own pieces (TestWebSocketClient.swift), not a WebSocket client library: those
                // pull in TLS (swift-nio-ssl, BoringSSL), which nothing here needs.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
