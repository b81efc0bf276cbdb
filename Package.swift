// swift-tools-version: 6.2
import PackageDescription

/// Settings every target shares. Swift 6 language mode is the package default.
var strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "swift-mvi",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "MVI", targets: ["MVI"]),
        .library(name: "MVIStateKeeper", targets: ["MVIStateKeeper"]),
        .library(name: "MVITesting", targets: ["MVITesting"]),
        .library(name: "MVISnapshotTesting", targets: ["MVISnapshotTesting"]),
        .library(name: "MVILogging", targets: ["MVILogging"]),
        .library(name: "MVITimeTravel", targets: ["MVITimeTravel"]),
        .library(name: "MVICollections", targets: ["MVICollections"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.11.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.4.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        // `swift package generate-documentation`: builds each module's DocC catalog.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // The core: Store, Feature, contexts, side-effect delivery, middleware, views and
        // binding, Observation. Depends on nothing but the toolchain.
        .target(name: "MVI", swiftSettings: strictSettings),
        // State preservation: StateKeeper and its storages (Foundation's JSON coding lives here).
        .target(name: "MVIStateKeeper", dependencies: ["MVI"], swiftSettings: strictSettings),
        // The exhaustive TestStore and Orbit's test DSL.
        .target(
            name: "MVITesting",
            dependencies: [
                "MVI",
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
            dependencies: ["MVI", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
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
        .target(name: "MVITimeTravel", dependencies: ["MVI"], swiftSettings: strictSettings),
        // Child features in swift-collections' OrderedDictionary (apart, so the core needs
        // nothing beyond the toolchain).
        .target(
            name: "MVICollections",
            dependencies: ["MVI", .product(name: "OrderedCollections", package: "swift-collections")],
            swiftSettings: strictSettings),

        // The core's tests depend on the core only, so the ThreadSanitizer run stays small.
        .testTarget(name: "MVITests", dependencies: ["MVI"], swiftSettings: strictSettings),
        .testTarget(
            name: "MVIStateKeeperTests", dependencies: ["MVI", "MVIStateKeeper"], swiftSettings: strictSettings),
        .testTarget(
            name: "MVITestingTests",
            dependencies: [
                "MVI", "MVITesting",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MVIViewTests",
            dependencies: [
                "MVI", "MVISnapshotTesting",
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MVILoggingTests",
            dependencies: ["MVI", "MVILogging", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MVICollectionsTests",
            dependencies: [
                "MVI", "MVICollections", "MVITesting",
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MVITimeTravelTests",
            dependencies: ["MVI", "MVITimeTravel", "MVITesting"],
            swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)

// `MVI_CORE_ONLY=1` narrows the package to the core and its tests, with no dependencies:
// CI uses it for the ThreadSanitizer run, which then builds nothing but the core.
if Context.environment["MVI_CORE_ONLY"] != nil {
    package.products = [.library(name: "MVI", targets: ["MVI"])]
    package.dependencies = []
    package.targets = package.targets.filter { ["MVI", "MVITests"].contains($0.name) }
    // The lock ThreadSanitizer can see (see StoreLock.swift).
    for target in package.targets {
        target.swiftSettings = (target.swiftSettings ?? []) + [.define("MVI_PTHREAD_LOCK")]
    }
}
