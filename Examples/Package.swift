// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// A path dependency is named after its folder, which differs between checkouts (CI clones
/// under another name), so the root package's identity is read from the path.
let mvi = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

/// The five systems swift-mvi draws on, each ported to swift-mvi as a sample with its tests, and a
/// walkthrough that runs them all: `swift run --package-path Examples mvi-examples`.
let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "swift-mvi-examples",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        // The traits of the modules the samples use (the root package's `traits` says which
        // module needs which).
        .package(path: "..", traits: ["DevTools", "Dependencies", "SnapshotTesting"]),
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.11.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/onevcat/Rainbow", from: "4.0.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        // Without its Combine schedulers and URLSession (its default traits): the same traits as
        // MVIDependencies asks for, so that nothing turns them back on.
        .package(
            url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.0", traits: ["Clocks", "Foundation"]),
    ],
    targets: [
        // Text widgets: the samples' views render to text, as there is no UIKit on Linux.
        .target(name: "TextUI", swiftSettings: settings),
        // Orbit's CreateOrEditCircle presenter, closure intents.
        .target(
            name: "OrbitCircles",
            dependencies: ["TextUI", .product(name: "MVI", package: mvi), .product(name: "MVIView", package: mvi)],
            swiftSettings: settings),
        // Playtomic's LessonDetail presenter, handle/reduce and middleware.
        .target(
            name: "PlaytomicLessons",
            dependencies: [.product(name: "MVI", package: mvi)],
            swiftSettings: settings),
        // BmiCalc, intentions as streams, lifecycle and restoration.
        .target(
            name: "BmiCalc",
            dependencies: [
                .product(name: "MVI", package: mvi), .product(name: "MVIView", package: mvi),
                .product(name: "MVIStateKeeper", package: mvi),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            swiftSettings: settings),
        // The KMM specification's HackerPosts ViewModel, one-shot navigation.
        .target(
            name: "HackerPosts",
            dependencies: [
                .product(name: "MVI", package: mvi), .product(name: "MVIDependencies", package: mvi),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            swiftSettings: settings),
        // MVIKotlin's Calculator store and view, and the UserInfo view with diff.
        .target(
            name: "Calculator",
            dependencies: ["TextUI", .product(name: "MVI", package: mvi), .product(name: "MVIView", package: mvi)],
            swiftSettings: settings),
        // The walkthrough: every sample, its rendered view after each step, the log lines,
        // and a trip back through time; `--devtools` then keeps them running with the debugger.
        .executableTarget(
            name: "mvi-examples",
            dependencies: [
                "OrbitCircles", "PlaytomicLessons", "BmiCalc", "HackerPosts", "Calculator", "TextUI",
                .product(name: "MVI", package: mvi), .product(name: "MVIView", package: mvi),
                .product(name: "MVIDependencies", package: mvi),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "MVILogging", package: mvi),
                .product(name: "MVIStateKeeper", package: mvi),
                .product(name: "MVITimeTravel", package: mvi),
                .product(name: "MVIDevTools", package: mvi),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: settings),
        // TodoMVC in the terminal: the list, one feature per row and the editor, composed; saved
        // state, a fake remote to sync with, a debounced search, and the terminal view layer.
        .target(
            name: "TodoMVC",
            dependencies: [
                .product(name: "MVI", package: mvi), .product(name: "MVIView", package: mvi),
                .product(name: "MVICollections", package: mvi),
                .product(name: "MVIDependencies", package: mvi),
                .product(name: "MVIStateKeeper", package: mvi),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "Rainbow", package: "Rainbow"),
            ],
            swiftSettings: settings),
        // The app: `swift run --package-path Examples todo`.
        .executableTarget(
            name: "todo",
            dependencies: [
                "TodoMVC",
                .product(name: "MVI", package: mvi), .product(name: "MVIView", package: mvi),
                .product(name: "MVILogging", package: mvi),
                .product(name: "MVIStateKeeper", package: mvi),
                .product(name: "MVITimeTravel", package: mvi),
                .product(name: "MVIDevTools", package: mvi),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: settings),

        // TCA's SyncUps on swift-mvi: a list, a stack of screens, sheets, alerts, a meeting timer.
        .target(
            name: "SyncUps",
            dependencies: [
                .product(name: "MVI", package: mvi),
                .product(name: "MVIDependencies", package: mvi),
                .product(name: "MVIStateKeeper", package: mvi),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            swiftSettings: settings),
        // The app: `swift run --package-path Examples syncups`. The raw terminal and its keys
        // come from TodoMVC.
        .executableTarget(
            name: "syncups",
            dependencies: [
                "SyncUps", "TodoMVC",
                .product(name: "MVI", package: mvi),
                .product(name: "MVIStateKeeper", package: mvi),
                .product(name: "Dependencies", package: "swift-dependencies"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: settings),

        .testTarget(
            name: "OrbitCirclesTests",
            dependencies: [
                "OrbitCircles", "TextUI",
                .product(name: "MVI", package: mvi),
                .product(name: "MVITesting", package: mvi),
                .product(name: "MVISnapshotTesting", package: mvi),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: settings),
        .testTarget(
            name: "PlaytomicLessonsTests",
            dependencies: [
                "PlaytomicLessons",
                .product(name: "MVI", package: mvi),
                .product(name: "MVITesting", package: mvi),
            ],
            swiftSettings: settings),
        .testTarget(
            name: "BmiCalcTests",
            dependencies: [
                "BmiCalc",
                .product(name: "MVITesting", package: mvi),
                .product(name: "MVI", package: mvi), .product(name: "MVIView", package: mvi),
                .product(name: "MVIStateKeeper", package: mvi),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            swiftSettings: settings),
        .testTarget(
            name: "HackerPostsTests",
            dependencies: [
                "HackerPosts",
                .product(name: "MVI", package: mvi),
                .product(name: "MVIDependencies", package: mvi),
                .product(name: "MVITesting", package: mvi),
            ],
            swiftSettings: settings),
        .testTarget(
            name: "CalculatorTests",
            dependencies: [
                "Calculator", "TextUI",
                .product(name: "MVI", package: mvi), .product(name: "MVIView", package: mvi),
                .product(name: "MVITesting", package: mvi),
                .product(name: "MVISnapshotTesting", package: mvi),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: settings),
        .testTarget(
            name: "TodoMVCTests",
            dependencies: [
                "TodoMVC",
                .product(name: "MVI", package: mvi),
                .product(name: "MVICollections", package: mvi),
                .product(name: "MVIDependencies", package: mvi),
                .product(name: "MVIStateKeeper", package: mvi),
                .product(name: "MVITesting", package: mvi),
                .product(name: "MVITimeTravel", package: mvi),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "Clocks", package: "swift-clocks"),
            ],
            // A recording exported from the running app (Examples/record-failing-sync).
            resources: [.copy("Fixtures")],
            swiftSettings: settings),
        .testTarget(
            name: "SyncUpsTests",
            dependencies: [
                "SyncUps",
                .product(name: "MVI", package: mvi),
                .product(name: "MVIDependencies", package: mvi),
                .product(name: "MVIStateKeeper", package: mvi),
                .product(name: "MVITesting", package: mvi),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            swiftSettings: settings),
    ],
    swiftLanguageModes: [.v6]
)
