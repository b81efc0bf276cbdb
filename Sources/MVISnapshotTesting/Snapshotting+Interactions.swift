import SnapshotTesting

extension Snapshotting where Value: InteractionRecording, Format == String {
    /// Recorded view interactions as stable, sorted JSON, compared line by line with a
    /// `.json` reference file: `assertSnapshot(of: recorder, as: .interactions)`.
    public static var interactions: Self {
        Snapshotting(pathExtension: "json", diffing: .lines) { recorder in recorder.json }
    }
}

/// What the `interactions` snapshot strategy snapshots: an ``InteractionRecorder``.
public protocol InteractionRecording {
    /// The recording as stable, sorted JSON.
    var json: String { get }
}

extension InteractionRecorder: InteractionRecording {}
