import MVI

/// Builds a ``TimeTravelTrace`` from the causes one store kept (sequence numbers as the
/// session numbered them; the timeline's are those less `origin`, plus 1).
struct TraceBuilder {
    /// At most how deep the tree of consequences goes, and how many nodes it has: a trace is
    /// read by a person, and an intent that loops through its own work must not hang it.
    static let maxDepth = 12
    static let maxNodes = 2_000

    let storeName: String
    let origin: UInt64
    /// The causes, by their slot's first sequence number (ascending).
    let causes: [RecordedTrace.Cause]
    let works: [RecordedTrace.Work]
    private var causesByIntent: [UInt64: [Int]] = [:]
    private var causesByWork: [Int: [Int]] = [:]
    private var worksByIntent: [UInt64: [Int]] = [:]
    private var worksByParent: [Int: [Int]] = [:]
    private var workByToken: [Int: Int] = [:]
    private var nodeCount = 0

    init(_ trace: RecordedTrace, storeName: String, origin: UInt64) {
        self.storeName = storeName
        self.origin = origin
        causes = trace.causes
        works = trace.works
        for (index, cause) in causes.enumerated() {
            if let intent = cause.intentSequence, intent != cause.sequence {
                causesByIntent[intent, default: []].append(index)
            }
            if cause.work != 0 { causesByWork[cause.work, default: []].append(index) }
        }
        for (index, work) in works.enumerated() {
            workByToken[work.work.token] = index
            if let intent = work.intentSequence { worksByIntent[intent, default: []].append(index) }
            if work.work.parentWork != 0 { worksByParent[work.work.parentWork, default: []].append(index) }
        }
    }

    /// The trace of the event with session sequence number `raw`, of `kind`; `nil` if the
    /// store kept no cause for its slot.
    mutating func trace(ofRaw raw: UInt64, kind: TimeTravelEvent.Kind) -> TimeTravelTrace? {
        guard let index = slotIndex(containing: raw) else { return nil }
        let cause = causes[index]
        let offset = raw - cause.sequence
        let role = Self.role(of: cause.kind, offset: offset)
        guard role != .other else { return nil }
        // Up from the slot's first input; a step's message and state come from its intent first.
        let above = causes(ofSlotAt: index)
        let stepIntent = cause.kind == .step ? [node(raw: cause.sequence, .intent, site: cause.intentSite)] : []
        let chain: [TimeTravelTrace.Node]
        var led: [TimeTravelTrace.Node] = []
        switch role {
        case .intent:
            chain = above
            led = consequences(ofIntentAt: index, depth: 0)
        case .message:
            chain = stepIntent + above
            led = [node(raw: raw + 1, .state, site: nil)]
        case .state:
            chain = [node(raw: raw - 1, .message, site: cause.site)] + stepIntent + above
        case .sideEffect, .other:
            chain = above
        }
        let site: CallSite
        switch role {
        case .intent: site = cause.intentSite
        case .message, .sideEffect: site = cause.site
        case .state, .other: site = .none
        }
        return TimeTravelTrace(
            sequence: timeline(raw), kind: kind, callSite: Self.site(site), causes: chain.filter(isRecorded),
            consequences: led)
    }

    // MARK: Causes (upwards)

    /// What sent slot `index`'s first input (its intent, or its message or side effect): its
    /// work or intent, up to the root.
    private func causes(ofSlotAt index: Int) -> [TimeTravelTrace.Node] {
        upwards(work: causes[index].work, intent: causes[index].intentSequence, steps: 0)
    }

    private func upwards(work token: Int, intent: UInt64?, steps: Int) -> [TimeTravelTrace.Node] {
        guard steps < Self.maxDepth * 4 else { return [] }
        if token != 0 {
            guard let workIndex = workByToken[token] else { return [] }
            let work = works[workIndex]
            let above = upwards(
                work: work.work.parentWork, intent: work.work.parentWork == 0 ? work.intentSequence : nil,
                steps: steps + 1)
            return [workNode(work, children: [])] + above
        }
        if let intent, let index = slotIndex(containing: intent), causes[index].sequence == intent {
            return [node(raw: intent, .intent, site: causes[index].intentSite)]
                + upwards(work: causes[index].work, intent: causes[index].intentSequence, steps: steps + 1)
        }
        return []
    }

    // MARK: Consequences (downwards)

    /// What the intent of slot `index` led to.
    private mutating func consequences(ofIntentAt index: Int, depth: Int) -> [TimeTravelTrace.Node] {
        let cause = causes[index]
        var found: [(UInt64, TimeTravelTrace.Node)] = []
        if cause.kind == .step {
            let message = node(
                raw: cause.sequence + 1, .message, site: cause.site,
                children: [node(raw: cause.sequence + 2, .state, site: nil)])
            found.append((cause.sequence + 1, message))
        }
        for other in causesByIntent[cause.sequence] ?? [] {
            guard let made = consequence(at: other, depth: depth) else { continue }
            found.append((causes[other].sequence, made))
        }
        for workIndex in worksByIntent[cause.sequence] ?? [] {
            found.append((works[workIndex].work.startSequence, work(at: workIndex, depth: depth)))
        }
        return found.sorted { $0.0 < $1.0 }.map(\.1).filter(isRecorded)
    }

    /// What work `workIndex` did, as a node.
    private mutating func work(at workIndex: Int, depth: Int) -> TimeTravelTrace.Node {
        let token = works[workIndex].work.token
        var found: [(UInt64, TimeTravelTrace.Node)] = []
        if depth < Self.maxDepth {
            for other in causesByWork[token] ?? [] {
                guard let made = consequence(at: other, depth: depth + 1) else { continue }
                found.append((causes[other].sequence, made))
            }
            for child in worksByParent[token] ?? [] {
                found.append((works[child].work.startSequence, work(at: child, depth: depth + 1)))
            }
        }
        return workNode(works[workIndex], children: found.sorted { $0.0 < $1.0 }.map(\.1).filter(isRecorded))
    }

    /// The node of the slot `index` made by an intent or work: its first event, with what
    /// that led to.
    private mutating func consequence(at index: Int, depth: Int) -> TimeTravelTrace.Node? {
        nodeCount += 1
        guard nodeCount < Self.maxNodes else { return nil }
        let cause = causes[index]
        switch cause.kind {
        case .intent, .step:
            let below = depth < Self.maxDepth ? consequences(ofIntentAt: index, depth: depth + 1) : []
            return node(raw: cause.sequence, .intent, site: cause.intentSite, children: below)
        case .message:
            return node(
                raw: cause.sequence, .message, site: cause.site,
                children: [node(raw: cause.sequence + 1, .state, site: nil)])
        case .sideEffect:
            return node(raw: cause.sequence, .sideEffect, site: cause.site)
        case .other:
            return nil
        }
    }

    // MARK: Helpers

    private enum Role { case intent, message, state, sideEffect, other }

    private static func role(of kind: RecordedTrace.SlotKind, offset: UInt64) -> Role {
        switch (kind, offset) {
        case (.intent, 0), (.step, 0): .intent
        case (.step, 1), (.message, 0): .message
        case (.step, 2), (.message, 1): .state
        case (.sideEffect, 0): .sideEffect
        default: .other
        }
    }

    /// The slot whose events include `raw`.
    private func slotIndex(containing raw: UInt64) -> Int? {
        var low = 0
        var high = causes.count - 1
        var found: Int?
        while low <= high {
            let middle = (low + high) / 2
            if causes[middle].sequence <= raw {
                found = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        guard let found else { return nil }
        let count: UInt64
        switch causes[found].kind {
        case .step: count = 3
        case .message: count = 2
        case .intent, .sideEffect, .other: count = 1
        }
        return raw < causes[found].sequence + count ? found : nil
    }

    private func timeline(_ raw: UInt64) -> UInt64 {
        raw >= origin ? raw - origin + 1 : 0
    }

    /// Whether a node's event is in this recording (work always is).
    private func isRecorded(_ node: TimeTravelTrace.Node) -> Bool {
        node.sequence.map { $0 > 0 } ?? true
    }

    private func node(
        raw: UInt64, _ kind: TimeTravelEvent.Kind, site: CallSite?, children: [TimeTravelTrace.Node] = []
    ) -> TimeTravelTrace.Node {
        TimeTravelTrace.Node(
            subject: .event(timeline(raw), kind), callSite: site.flatMap(Self.site), children: children)
    }

    private func workNode(_ work: RecordedTrace.Work, children: [TimeTravelTrace.Node]) -> TimeTravelTrace.Node {
        let recorded = work.work
        let ending: TimeTravelTrace.Work.Ending? =
            switch recorded.ending {
            case .finished: .finished
            case .failed: .failed
            case .cancelled: .cancelled
            case .started, nil: nil
            }
        let subject = TimeTravelTrace.Work(
            storeName: storeName, token: recorded.token, id: recorded.id,
            startedBefore: Swift.max(1, timeline(recorded.startSequence)), ending: ending,
            endedBefore: ending == nil ? nil : Swift.max(1, timeline(recorded.endSequence)))
        return TimeTravelTrace.Node(subject: .work(subject), callSite: nil, children: children)
    }

    static func site(_ site: CallSite) -> TimeTravelTrace.CallSite? {
        site.exists ? TimeTravelTrace.CallSite(fileID: site.fileID, line: site.line) : nil
    }
}
