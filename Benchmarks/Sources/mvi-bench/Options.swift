/// The command line of `mvi-bench`.
struct Options {
    /// Small sizes, one repetition, no warm-up: CI's smoke run.
    var smoke = false
    /// Repetitions per row; the table shows the median.
    var repetitions = 5
    /// Only these scenarios (all when empty).
    var scenarios: [String] = []
    /// Only these systems (all when empty).
    var systems: [String] = []
    /// Overrides every scenario's size.
    var size: Int?
    /// Lists the scenarios and exits.
    var list = false
    /// Prints the systems of one scenario and exits (for `Benchmarks/instructions`).
    var systemsOf: String?
    /// Also prints each row's exact operation and allocation counts (for `Benchmarks/budgets`).
    var counts = false

    static let usage = """
        usage: mvi-bench [--smoke] [--reps N] [--scenario NAME]... [--system NAME]... [--size N] [--list]
          --smoke          small sizes, one repetition, no warm-up (CI)
          --reps N         repetitions per row, median shown (default 5)
          --scenario NAME  run only this scenario (repeatable)
          --system NAME    baseline-a, baseline-b or swift-mvi (repeatable)
          --size N         operations (or instances) per run, instead of each scenario's own
          --list           list the scenarios
          --systems-of NAME  print the systems of one scenario
          --counts         also print each row's operations and allocations, exactly
        """

    /// Parses the arguments; returns `nil` with a message for a bad command line.
    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var options = Options()
        var rest = arguments[...]
        func value(_ flag: String) -> Result<String, UsageError> {
            guard let next = rest.popFirst() else { return .failure(UsageError("\(flag) needs a value")) }
            return .success(next)
        }
        func number(_ flag: String) -> Result<Int, UsageError> {
            value(flag).flatMap { text in
                guard let n = Int(text.replacingUnderscores), n >= 0 else {
                    return .failure(UsageError("\(flag) needs a number, got \(text)"))
                }
                return .success(n)
            }
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--smoke": options.smoke = true; options.repetitions = 1
            case "--list": options.list = true
            case "--counts": options.counts = true
            case "--reps":
                switch number(argument) {
                case .success(let n): options.repetitions = max(1, n)
                case .failure(let error): return .failure(error)
                }
            case "--size":
                switch number(argument) {
                case .success(let n): options.size = n
                case .failure(let error): return .failure(error)
                }
            case "--scenario":
                switch value(argument) {
                case .success(let name): options.scenarios.append(name)
                case .failure(let error): return .failure(error)
                }
            case "--systems-of":
                switch value(argument) {
                case .success(let name): options.systemsOf = name
                case .failure(let error): return .failure(error)
                }
            case "--system":
                switch value(argument) {
                case .success(let name): options.systems.append(name)
                case .failure(let error): return .failure(error)
                }
            case "-h", "--help": return .failure(UsageError(nil))
            default: return .failure(UsageError("unknown argument \(argument)"))
            }
        }
        return .success(options)
    }
}

/// A bad command line, with what is wrong (or nothing, for `--help`).
struct UsageError: Error {
    let message: String?
    init(_ message: String?) { self.message = message }
}

extension String {
    fileprivate var replacingUnderscores: String { String(filter { $0 != "_" }) }
}
