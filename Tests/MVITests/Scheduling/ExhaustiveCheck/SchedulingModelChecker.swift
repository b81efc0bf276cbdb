@testable import MVI

/// Explores every interleaving of a ``SchedulingScenario``'s actors over the real
/// ``SchedulingStateMachine``: a depth-first search over worlds (machine, actors' program
/// counters and locals, model), with a visited set keyed by each world's canonical encoding.
/// Every step is checked against the invariants; every world where no actor can move is
/// checked against the final ones. The first broken promise comes back with the trace that
/// leads to it.
enum SchedulingModelChecker {
    /// What an exploration found.
    struct Report: CustomStringConvertible {
        var scenario: String
        /// Distinct worlds reached (the visited set).
        var states = 0
        /// Steps taken, each checked (including those that reach a world seen before).
        var transitions = 0
        /// Worlds where no actor can move: complete runs.
        var finalStates = 0
        /// The longest run, in steps.
        var longestRun = 0
        /// The first broken promise and the steps that lead to it.
        var counterexample: (violation: String, trace: [String])?

        var description: String {
            let found = counterexample.map {
                "\n  VIOLATION: \($0.violation)\n    " + $0.trace.joined(separator: "\n    ")
            }
            return "\(scenario): \(states) states, \(transitions) transitions, \(finalStates) final states, "
                + "longest run \(longestRun) steps" + (found ?? "")
        }
    }

    /// The steps that led to a world (which actor moved), shared between the worlds that
    /// extend it. Replayed with descriptions for a counterexample.
    final class Trace {
        let step: Int
        let parent: Trace?
        let length: Int

        init(_ step: Int, after parent: Trace?) {
            self.step = step
            self.parent = parent
            self.length = (parent?.length ?? 0) + 1
        }

        var steps: [Int] {
            var steps: [Int] = []
            var node: Trace? = self
            while let current = node {
                steps.append(current.step)
                node = current.parent
            }
            return steps.reversed()
        }
    }

    /// Explores `scenario` until every reachable world was checked, or a promise is broken.
    /// Depth first by default (the least memory); `breadthFirst` finds a shortest
    /// counterexample.
    static func explore(_ scenario: SchedulingScenario, breadthFirst: Bool = false) -> Report {
        var report = Report(scenario: scenario.name)
        let initial = SchedulingWorld(scenario)
        var visited: Set<[Int]> = [initial.encoded()]
        var stack: [(world: SchedulingWorld, trace: Trace?)] = [(initial, nil)]
        var head = 0  // breadth first: the next world to expand
        if let broken = initial.brokenInvariant() {
            report.counterexample = (broken, [])
            return report
        }
        while head < stack.count {
            let world: SchedulingWorld
            let trace: Trace?
            if breadthFirst {
                (world, trace) = stack[head]
                head += 1
                if head >= 4096 && head * 2 >= stack.count {
                    stack.removeFirst(head)
                    head = 0
                }
            } else {
                (world, trace) = stack.removeLast()
            }
            let enabled = world.actors.indices.filter(world.isEnabled)
            if enabled.isEmpty {
                report.finalStates += 1
                report.longestRun = max(report.longestRun, trace?.length ?? 0)
                if let broken = world.brokenFinalInvariant() {
                    report.counterexample = (broken, describe(scenario, trace?.steps ?? []))
                    break
                }
                continue
            }
            for actor in enabled {
                var next = world
                next.step(actor)
                report.transitions += 1
                if let broken = next.violation ?? next.brokenInvariant() {
                    report.counterexample = (broken, describe(scenario, (trace?.steps ?? []) + [actor]))
                    report.states = visited.count
                    return report
                }
                if visited.insert(next.encoded()).inserted {
                    stack.append((next, Trace(actor, after: trace)))
                }
            }
        }
        report.states = visited.count
        return report
    }

    /// The steps of `path` (the actors that moved, in order), described: the exploration
    /// replayed from the start, each step the same as when it was explored.
    static func describe(_ scenario: SchedulingScenario, _ path: [Int]) -> [String] {
        var world = SchedulingWorld(scenario)
        world.describes = true
        return path.map { world.step($0) }
    }
}
