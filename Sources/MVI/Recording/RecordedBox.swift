/// A rarely recorded value kept on the heap (a replaced state, a failure), so that it does not
/// widen every slot of a recording: a slot is as wide as its widest case.
@usableFromInline
package final class RecordedBox<Value: Sendable>: Sendable {
    @usableFromInline package let value: Value

    @usableFromInline init(_ value: Value) {
        self.value = value
    }
}
