import MVI
import MVIView

// A tiny fake widget toolkit, standing in for UIKit / Android views on Linux.

/// A label.
@MainActor
package final class TextView {
    package init() {}

    package private(set) var text = ""
    package private(set) var setCount = 0

    package func setText(_ text: String) {
        self.text = text
        setCount += 1
    }
}

/// A list of rows.
@MainActor
package final class ListView {
    package init() {}

    package private(set) var items: [String] = []
    package private(set) var setCount = 0

    package func setItems(_ items: [String]) {
        self.items = items
        setCount += 1
    }
}

/// A button that runs its action when clicked.
@MainActor
package final class Button {
    package init() {}

    package var onClick: () -> Void = {}
    package var isEnabled = true

    package func click() {
        if isEnabled { onClick() }
    }
}

/// A slider whose `values` is a fresh stream per access (like a UIKit control's events).
@MainActor
package final class Slider {
    package init() {}

    private var continuations: [AsyncStream<Double>.Continuation] = []
    package private(set) var streamsMade = 0

    /// The values the user moves the slider to, from now on.
    package var values: AsyncStream<Double> {
        let (stream, continuation) = AsyncStream.makeStream(of: Double.self)
        continuations.append(continuation)
        streamsMade += 1
        return stream
    }

    package func move(to value: Double) {
        for continuation in continuations { continuation.yield(value) }
    }

    /// The slider goes away: its streams finish.
    package func release() {
        for continuation in continuations { continuation.finish() }
        continuations.removeAll()
    }
}

/// The root of a fake view hierarchy, where views are found by id.
@MainActor
package final class ViewGroup {
    private var views: [String: AnyObject] = [:]

    package init(_ views: [String: AnyObject]) {
        self.views = views
    }

    package func requireViewById<View: AnyObject>(_ id: String) -> View {
        guard let view = views[id] as? View else {
            preconditionFailure("no \(View.self) with id \(id)")  // a broken test fixture
        }
        return view
    }
}

/// Collects values on the main actor and lets a test wait for a number of them.
@MainActor
package final class Probe<Value> {
    package init() {}

    package private(set) var values: [Value] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    package func append(_ value: Value) {
        values.append(value)
        let ready = waiters.filter { $0.count <= values.count }
        waiters.removeAll { $0.count <= values.count }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Waits until at least `count` values arrived. A value that never comes fails the test
    /// at its suite's time limit (generous, as CI machines are shared).
    package func wait(for count: Int) async {
        if values.count >= count { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }
}
