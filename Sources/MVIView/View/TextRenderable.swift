import MVI
/// A view that can describe what it shows as text.
///
/// There is no UIKit or SwiftUI on Linux, so screenshot tests there compare text: a view
/// that adopts this protocol writes what it currently shows, one line per element, and the
/// `rendering(_:)` snapshot strategy of MVISnapshotTesting writes one reference file per model.
/// Keep the text stable: no addresses, no dates, no dictionary ordering.
@MainActor
public protocol TextRenderable {
    /// What the view shows now, as text.
    var renderedText: String { get }
}
