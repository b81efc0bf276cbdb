// swift-tools-version: 6.2
import PackageDescription

// Coverage-guided fuzzing (libFuzzer) of the parsers users feed files to: the time-travel
// recording importer, the state keeper's saved-state decoder and a saved undo history. Build
// and run with `bash Fuzz/run [seconds]` from the repository root; see README.md.
//
// Each target is an executable with one `LLVMFuzzerTestOneInput` (the input's bytes to the
// parser) and a `main` that hands it to libFuzzer's `LLVMFuzzerRunDriver`: SwiftPM gives
// executables a `main` of their own on Linux, so libFuzzer's cannot be used. The targets
// link only with `-sanitize=fuzzer`, which brings the libFuzzer runtime.
let package = Package(
    name: "swift-mvi-fuzz",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "swift-mvi", path: "..")
    ],
    targets: [
        // Declares libFuzzer's `LLVMFuzzerRunDriver` for Swift.
        .target(name: "FuzzDriver"),
        // What every target shares: failing on a broken invariant, and its `main`.
        .target(name: "FuzzSupport", dependencies: ["FuzzDriver"]),
        .executableTarget(
            name: "FuzzRecordingImport",
            dependencies: [
                "FuzzSupport",
                .product(name: "MVI", package: "swift-mvi"),
                .product(name: "MVITimeTravel", package: "swift-mvi"),
            ]),
        .executableTarget(
            name: "FuzzStateKeeper",
            dependencies: [
                "FuzzSupport",
                .product(name: "MVI", package: "swift-mvi"),
                .product(name: "MVIStateKeeper", package: "swift-mvi"),
            ]),
        .executableTarget(
            name: "FuzzUndoHistory",
            dependencies: [
                "FuzzSupport",
                .product(name: "MVIStateKeeper", package: "swift-mvi"),
                .product(name: "MVIUndo", package: "swift-mvi"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
