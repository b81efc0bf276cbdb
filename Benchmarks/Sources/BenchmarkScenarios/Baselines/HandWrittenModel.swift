import Observation

/// The hand-written limit of a main-actor model that Observation watches field by field: it
/// owns an unsynchronized store, and after each send it compares the two fields a view reads
/// and tells the registrar about the ones that changed (`willSet`, `didSet`: what the
/// `@Observable` macro's setters do, without their closure).
@MainActor
final class HandWrittenModel: Observable {
    private let registrar = ObservationRegistrar()
    private let store: HandWrittenStore<BenchState>
    private var storedCount: Int
    private var storedPayload: [UInt8]

    init(state: BenchState) {
        store = HandWrittenStore(state: state)
        storedCount = state.count
        storedPayload = state.payload
    }

    var count: Int {
        registrar.access(self, keyPath: \.count)
        return storedCount
    }

    var payload: [UInt8] {
        registrar.access(self, keyPath: \.payload)
        return storedPayload
    }

    func send(_ action: CounterAction) {
        store.send(action)
        let state = store.state
        if state.count != storedCount {
            registrar.willSet(self, keyPath: \.count)
            storedCount = state.count
            registrar.didSet(self, keyPath: \.count)
        }
        if state.payload != storedPayload {
            registrar.willSet(self, keyPath: \.payload)
            storedPayload = state.payload
            registrar.didSet(self, keyPath: \.payload)
        }
    }
}
