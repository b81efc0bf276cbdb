import BenchmarkScenarios

/// Prints the table and the summary line.
func printReport(_ rows: [Row], countingAllocations: Bool) {
    let header = [
        "scenario", "system", "median_ns_per_op", "ratio_to_baseline_a", "allocations_per_op", "bytes_per_instance",
    ]
    var lines: [[String]] = [header]
    for row in rows {
        let baseline = rows.first { $0.scenario.name == row.scenario.name && $0.system == .baselineA }
        let ratio = baseline.map { format(row.medianRatio(to: $0), 2) } ?? "-"
        let bytes: String
        if let resident = row.residentBytes, let heap = row.heapBytes {
            bytes = "\(Int(resident.rounded())) (heap \(Int(heap.rounded())))"
        } else {
            bytes = "-"
        }
        lines.append([
            row.scenario.name, row.system.rawValue, format(row.medianNanoseconds, 1), ratio,
            countingAllocations ? format(row.allocationsPerOperation, 3) : "n/a", bytes,
        ])
    }
    let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
    for line in lines {
        let cells = line.enumerated().map { column, cell in
            column < 2 ? cell.padding(widths[column]) : cell.leftPadding(widths[column])
        }
        print(cells.joined(separator: "  "))
    }
    print(summary(rows, countingAllocations: countingAllocations))
}

/// `summary: send-1sub ratio=X.XX ... stores100k_time/baseline=X.XX`: every key the README's
/// targets name, ratios taken within one run.
func summary(_ rows: [Row], countingAllocations: Bool) -> String {
    func row(_ scenario: String, _ system: System) -> Row? {
        rows.first { $0.scenario.name == scenario && $0.system == system }
    }
    func ratio(_ scenario: String) -> String {
        guard let mvi = row(scenario, .mvi), let baseline = row(scenario, .baselineA) else { return "-" }
        return format(mvi.medianRatio(to: baseline), 2)
    }
    /// A swift-mvi row against swift-mvi's `send-1sub`: what the scenario adds to a send.
    func overSend1Sub(_ scenario: String) -> String {
        guard let measured = row(scenario, .mvi), let one = row("send-1sub", .mvi) else { return "-" }
        return format(measured.medianRatio(to: one), 2)
    }
    /// A swift-mvi row against the hand-written store with a mutex (baseline b).
    /// The DevTools server with no page against time travel alone.
    func devToolsOverTimeTravel() -> String {
        guard let measured = row("send-1sub-devtools", .mvi), let alone = row("send-1sub-timetravel", .mvi) else {
            return "-"
        }
        return format(measured.medianRatio(to: alone), 2)
    }
    /// Reading `pendingInputCount` continuously against the same senders unread.
    func readOverUnread() -> String {
        guard let read = row("concurrent-send-8-read", .mvi), let unread = row("concurrent-send-8", .mvi) else {
            return "-"
        }
        return format(read.medianRatio(to: unread), 2)
    }
    func overMutex(_ scenario: String) -> String {
        guard let mvi = row(scenario, .mvi), let baseline = row(scenario, .baselineB) else { return "-" }
        return format(mvi.medianRatio(to: baseline), 2)
    }
    /// A swift-mvi row against the hand-written store (baseline a).
    func overBaseline(_ scenario: String) -> String { ratio(scenario) }
    /// A swift-mvi memory row's heap bytes against the hand-written store's (heap, not
    /// resident: exact at any size, where resident pages move with what was freed before).
    func bytesOverBaseline(_ scenario: String) -> String {
        guard let mvi = row(scenario, .mvi)?.heapBytes, let baseline = row(scenario, .baselineA)?.heapBytes,
            baseline > 0
        else { return "-" }
        return format(mvi / baseline, 2)
    }
    let bigOverOne = overSend1Sub("send-bigstate")
    let allocations = countingAllocations ? row("send-1sub", .mvi).map { "\($0.maxAllocations)" } ?? "-" : "n/a"
    let idle = row("idle-store-bytes", .mvi)?.residentBytes.map { "\(Int($0.rounded()))" } ?? "-"
    let subscribe = row("subscribe", .mvi)
    let subscribeAllocations =
        countingAllocations ? subscribe.map { format($0.allocationsPerOperation, 0) } ?? "-" : "n/a"
    let subscribeBytes = subscribe?.heapBytes.map { "\(Int($0.rounded()))" } ?? "-"
    let logOnMicroseconds = row("log-on", .mvi).map { format($0.medianNanoseconds / 1000, 1) } ?? "-"
    let effectAllocations =
        countingAllocations ? row("effect-roundtrip", .mvi).map { format($0.allocationsPerOperation, 2) } ?? "-" : "n/a"
    return "summary: send-1sub ratio=\(ratio("send-1sub")) send-100sub ratio=\(ratio("send-100sub")) "
        + "bigstate/1sub=\(bigOverOne) allocs=\(allocations) idle_bytes=\(idle) "
        + "timetravel/1sub=\(overSend1Sub("send-1sub-timetravel")) "
        + "devtools/timetravel=\(devToolsOverTimeTravel()) "
        + "timetravel-idle/1sub=\(overSend1Sub("timetravel-idle")) log-off/1sub=\(overSend1Sub("log-off")) "
        + "log-on/1sub=\(overSend1Sub("log-on")) "
        + "concurrent8/mutex=\(overMutex("concurrent-send-8")) read8/concurrent8=\(readOverUnread()) "
        + "concurrent2/mutex=\(overMutex("concurrent-send")) "
        + "child-in-10k/1sub=\(overSend1Sub("child-in-10k")) child-in-10/1sub=\(overSend1Sub("child-in-10")) "
        + "subscribe_allocs=\(subscribeAllocations) subscribe_bytes=\(subscribeBytes) "
        + "container_param/1sub=\(overSend1Sub("container-param")) create/baseline=\(overBaseline("create-store")) "
        + "middleware/1sub=\(overSend1Sub("middleware-noop")) metrics/1sub=\(overSend1Sub("metrics-1sub")) "
        + "log_on_us=\(logOnMicroseconds) effect_allocs=\(effectAllocations) "
        + "stores100k_bytes/baseline=\(bytesOverBaseline("stores-100k-bytes")) "
        + "stores100k_time/baseline=\(overBaseline("stores-100k")) "
        + "observable/baseline=\(overBaseline("observable-send")) child-in-10/baseline=\(overBaseline("child-in-10")) "
        + "row-views/baseline=\(overBaseline("row-views-100"))"
}

func format(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "-" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    if decimals == 0 { return "\(scaled)" }
    let sign = scaled < 0 ? "-" : ""
    let magnitude = abs(scaled)
    let fraction = String(magnitude % Int(scale))
    return "\(sign)\(magnitude / Int(scale)).\(String(repeating: "0", count: decimals - fraction.count))\(fraction)"
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    func leftPadding(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
