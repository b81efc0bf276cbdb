/// A state with a counter, as the scenarios need it.
public protocol CountingState: Sendable {
    /// What the reducers change.
    var count: Int { get set }
}

/// The state of the measurement: an Int plus a 1 KB payload.
public struct BenchState: CountingState {
    /// What each action increments.
    public var count = 0
    /// A 1 KB payload that nothing may copy per action.
    public var payload: [UInt8]

    /// Creates a state; pass a shared payload to make many states cheaply.
    public init(payload: [UInt8] = [UInt8](repeating: 7, count: 1024)) {
        self.payload = payload
    }
}

/// A state holding a 1,000,000-element array; each action changes only `count`.
public struct BigState: CountingState {
    /// What each action increments.
    public var count = 0
    /// Eight megabytes that nothing may copy per action.
    public var big = [Int](repeating: 1, count: 1_000_000)

    /// Creates a state.
    public init() {}
}
