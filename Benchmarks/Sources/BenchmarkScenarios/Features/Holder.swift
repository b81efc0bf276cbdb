/// Keeps instances alive for as long as a trial lives; allocated and touched before the clock
/// starts, so that its own storage is not counted.
final class Holder {
    var objects: [AnyObject?]

    init(capacity: Int) { objects = Array(repeating: nil, count: capacity) }

    /// How many slots hold an instance.
    var kept: Int { objects.lazy.filter { $0 != nil }.count }
}
