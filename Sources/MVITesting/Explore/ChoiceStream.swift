/// The one stream of choices a sequence of `explore` is made of, Hypothesis-style: every random
/// decision (which intent, which payload, which job runs next, how a call ends) is a number
/// drawn here. A sequence is a function of its list of choices, so a list replays it exactly,
/// and shrinking works on the list: delete chunks of it, lower its numbers.
struct ChoiceStream {
    /// Choices to make first, in order: a list found earlier, or a shrinker's candidate.
    private let prefix: [UInt64]
    /// The choices made so far (each below the bound it was drawn with).
    private(set) var made: [UInt64] = []
    /// Where the choices past the prefix come from; `nil` when replaying: then the stream is
    /// exhausted past its prefix.
    private var random: SplitMix64?
    /// Hears each choice as it is made: a child process tracing a sequence that crashes
    /// writes them down before the crash.
    var onDraw: ((UInt64) -> Void)?

    /// A stream that makes the choices of `prefix`, then random ones from `seed`, or none
    /// (``isExhausted``) when `seed` is `nil`.
    init(prefix: [UInt64] = [], seed: UInt64?) {
        self.prefix = prefix
        self.random = seed.map(SplitMix64.init)
    }

    /// Whether the choices of a replay ran out: the sequence then settles and ends.
    var isExhausted: Bool { random == nil && made.count >= prefix.count }

    /// A number in `0..<bound`; 0 past the end of a replay. A choice of one option (or none)
    /// is no choice: 0, and nothing is drawn.
    mutating func draw(below bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let bound = UInt64(bound)
        let value: UInt64
        if made.count < prefix.count {
            // A shrunk list may hold a number that no longer fits its bound: the nearest that does.
            value = min(prefix[made.count], bound - 1)
        } else if var generator = random {
            value = generator.next(below: bound)
            random = generator
        } else {
            value = 0
        }
        made.append(value)
        onDraw?(value)
        return Int(value)
    }
}

/// A small, fast, seedable random source (Steele, Lea and Flood's SplitMix64): the same seed
/// gives the same numbers on every platform, which `SystemRandomNumberGenerator` does not.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(_ seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`, without the bias of a plain remainder (Lemire's method).
    mutating func next(below bound: UInt64) -> UInt64 {
        next(upperBound: bound)
    }
}
