#if SnapshotTesting
import SnapshotTesting

extension Snapshotting where Value: InteractionRecording, Format == String {
    /// Recorded view interactions as stable, sorted JSON, compared line by line with a
    /// `.json` reference file: `assertSnapshot(of: interactions, as: .interactions)`.
    public static var interactions: Self {
        Snapshotting(pathExtension: "json", diffing: .lines) { interactions in interactions.json }
    }
}

/// What the `interactions` snapshot strategy snapshots: an ``InteractionLog``.
public protocol InteractionRecording {
    /// The recording as stable, sorted JSON.
    var json: String { get }
}

extension InteractionLog: InteractionRecording {}
#endif
