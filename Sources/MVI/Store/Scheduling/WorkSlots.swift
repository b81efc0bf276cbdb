/// A store's live async work by token: an open-addressing table whose hash is the token.
///
/// Tokens are handed out in sequence (1, 2, 3, …), so the token's low bits already spread
/// the live ones evenly over the buckets: no hashing is needed. A `[Int: RunningTask]`
/// hashed each token with SipHash, five look-ups per effect round trip, on top of the
/// dictionary's find and set (budgets.tsv: effect-roundtrip).
///
/// Linear probing; a removal shifts the entries of its run back, so there are no tombstones
/// and a look-up stops at the first empty bucket.
@usableFromInline
struct WorkSlots: Sendable {
    /// One bucket: `token` 0 means empty (tokens start at 1).
    @usableFromInline struct Bucket: Sendable {
        @usableFromInline var token: Int
        @usableFromInline var running: RunningTask?

        @usableFromInline static var empty: Bucket { Bucket(token: 0, running: nil) }
    }

    /// The buckets; empty until the first insertion, then a power of two long.
    @usableFromInline var buckets: [Bucket] = []
    /// How many buckets hold an entry.
    @usableFromInline private(set) var count = 0

    @usableFromInline init() {}

    /// Whether the table holds no entry.
    @usableFromInline var isEmpty: Bool { count == 0 }

    /// The entries' values, in no particular order.
    @usableFromInline var values: [RunningTask] {
        buckets.compactMap { $0.token == 0 ? nil : $0.running }
    }

    /// The entries, in no particular order.
    var entries: [(token: Int, running: RunningTask)] {
        buckets.compactMap { bucket in bucket.running.map { (bucket.token, $0) } }
    }

    /// The bucket holding `token`, or `nil`.
    @usableFromInline func index(of token: Int) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var index = token & mask
        while true {
            let found = buckets[index].token
            if found == token { return index }
            if found == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    /// Whether an entry has `token`.
    @usableFromInline func contains(_ token: Int) -> Bool {
        index(of: token) != nil
    }

    /// The entry with `token`.
    @usableFromInline subscript(token: Int) -> RunningTask? {
        guard let index = index(of: token) else { return nil }
        return buckets[index].running
    }

    /// Adds an entry for `token`, or replaces its value.
    @usableFromInline mutating func set(_ running: RunningTask, for token: Int) {
        precondition(token > 0, "work tokens start at 1")  // 0 marks an empty bucket
        // At most three quarters full, so that probe runs stay short and a look-up always
        // finds an empty bucket. Checked first, so that one probe finds the token or its place.
        if (count + 1) * 4 > buckets.count * 3 { grow() }
        let mask = buckets.count - 1
        var index = token & mask
        while true {
            let found = buckets[index].token
            if found == token {
                buckets[index].running = running
                return
            }
            if found == 0 { break }
            index = (index + 1) & mask
        }
        buckets[index] = Bucket(token: token, running: running)
        count += 1
    }

    /// Sets the task of the entry with `token` in place; `false` if there is no such entry.
    @usableFromInline mutating func setTask(_ task: WorkTask, for token: Int) -> Bool {
        guard let index = index(of: token) else { return false }
        buckets[index].running?.task = task
        return true
    }

    /// Removes the entry with `token` and returns its value, or `nil` if there is none.
    @usableFromInline @discardableResult mutating func remove(_ token: Int) -> RunningTask? {
        guard let index = index(of: token) else { return nil }
        let removed = buckets[index].running
        removeBucket(at: index)
        return removed
    }

    /// Removes the entry with `token` without copying its value; `false` if there is none.
    @usableFromInline mutating func removeIfPresent(_ token: Int) -> Bool {
        guard let index = index(of: token) else { return false }
        removeBucket(at: index)
        return true
    }

    /// Empties bucket `hole`, then closes the gap in its run.
    @usableFromInline mutating func removeBucket(at hole: Int) {
        var hole = hole
        let mask = buckets.count - 1
        // Backward shift: each later entry of the run whose home bucket is not between the
        // hole and itself (cyclically) moves into the hole, so no run is broken.
        var next = (hole + 1) & mask
        while buckets[next].token != 0 {
            let home = buckets[next].token & mask
            let distanceToNext = (next - home) & mask
            let distanceToHole = (hole - home) & mask
            if distanceToHole < distanceToNext {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = .empty
        count -= 1
    }

    /// Removes every entry (the buckets are kept).
    @usableFromInline mutating func removeAll() {
        for index in buckets.indices { buckets[index] = .empty }
        count = 0
    }

    /// Doubles the buckets (4 at first) and puts every entry back.
    mutating func grow() {
        let old = buckets
        buckets = Array(repeating: .empty, count: Swift.max(4, old.count * 2))
        count = 0
        for bucket in old where bucket.token != 0 {
            let mask = buckets.count - 1
            var index = bucket.token & mask
            while buckets[index].token != 0 { index = (index + 1) & mask }
            buckets[index] = bucket
            count += 1
        }
    }
}
