/// Shrinks a failing list of choices, Hypothesis-style: deletes chunks of it, then lowers its
/// numbers, keeping each change after which the sequence still fails the same way. Each
/// candidate is a list of choices, so the result replays exactly.
///
/// The candidates of a round are a pure function of the best list so far, so a whole round
/// can run in one child process when a crash is being shrunk: the first candidate that fails
/// (crashes) ends the round.
enum Shrinker {
    /// What a list that fails made: its choices, and its steps.
    struct Found: Codable, Sendable {
        let choices: [UInt64]
        /// Intents sent and clock advances: the size the shrinker minimizes first.
        let steps: Int

        /// Whether this is simpler than `other`: fewer steps, then fewer choices, then smaller ones.
        func isSimpler(than other: Found) -> Bool {
            if steps != other.steps { return steps < other.steps }
            if choices.count != other.choices.count { return choices.count < other.choices.count }
            return choices.lexicographicallyPrecedes(other.choices)
        }
    }

    /// The candidates simpler than `choices` to try, in order: chunks of 8, 4, 2 and 1
    /// choices deleted, then each choice lowered to 0, to its half, and by one.
    static func candidates(of choices: [UInt64]) -> [[UInt64]] {
        var candidates: [[UInt64]] = []
        for size in [8, 4, 2, 1] where size <= choices.count {
            for start in stride(from: choices.count - size, through: 0, by: -1) {
                var candidate = choices
                candidate.removeSubrange(start..<start + size)
                candidates.append(candidate)
            }
        }
        for index in choices.indices where choices[index] > 0 {
            let value = choices[index]
            for lower in Set([0, value / 2, value - 1]).sorted() where lower < value {
                var candidate = choices
                candidate[index] = lower
                candidates.append(candidate)
            }
        }
        // Equal choices lowered together: an intent and the one that undoes it, drawn alike.
        if choices.count <= 64 {
            for first in choices.indices where choices[first] > 0 {
                for second in choices.indices where second > first && choices[second] == choices[first] {
                    for lower in Set([0, choices[first] / 2, choices[first] - 1]).sorted() where lower < choices[first]
                    {
                        var candidate = choices
                        candidate[first] = lower
                        candidate[second] = lower
                        candidates.append(candidate)
                    }
                }
            }
        }
        return candidates
    }

    /// The simplest failing list found from `found`, trying at most `budget` candidates.
    /// `firstFailing` runs candidates in order until one fails the same way and is simpler
    /// than the list given: it returns that one, if any, and how many candidates it ran.
    static func shrink(
        _ found: Found, budget: Int,
        firstFailing: ([[UInt64]], Found) async -> (tried: Int, found: Found?)
    ) async -> (found: Found, tried: Int) {
        var best = found
        var tried = 0
        while tried < budget {
            let round = candidates(of: best.choices).prefix(budget - tried)
            guard !round.isEmpty else { break }
            let result = await firstFailing(Array(round), best)
            tried += result.tried
            guard let simpler = result.found else { break }
            best = simpler
        }
        return (best, tried)
    }
}
