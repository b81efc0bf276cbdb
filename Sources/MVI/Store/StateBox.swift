/// A state kept aside on the heap, for fields that are rarely set.
@usableFromInline
final class StateBox<State: Sendable>: Sendable {
    @usableFromInline let value: State

    @usableFromInline init(_ value: State) {
        self.value = value
    }
}
