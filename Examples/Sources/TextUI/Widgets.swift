/// A label that shows a line of text.
@MainActor
public final class TextView {
    /// What it shows.
    public private(set) var text = ""
    /// How many times its text was set: views that use `diff` set it only on change.
    public private(set) var setCount = 0

    /// Creates an empty label.
    public init() {}

    /// Sets the text (Android's `setText`).
    public func setText(_ text: String) {
        self.text = text
        setCount += 1
    }
}

/// A list of rows.
@MainActor
public final class ListView {
    /// The rows it shows.
    public private(set) var items: [String] = []
    /// How many times its items were set.
    public private(set) var setCount = 0

    /// Creates an empty list.
    public init() {}

    /// Replaces the rows.
    public func setItems(_ items: [String]) {
        self.items = items
        setCount += 1
    }
}

/// A button that calls its action when clicked.
@MainActor
public final class Button {
    /// Its title.
    public let title: String
    /// Whether clicks do anything.
    public var isEnabled = true
    /// What a click does.
    public var onClick: () -> Void = {}

    /// Creates a button.
    public init(_ title: String) {
        self.title = title
    }

    /// Simulates a tap.
    public func click() {
        if isEnabled { onClick() }
    }

    /// `[ title ]`, or `[ title (disabled) ]`.
    public var rendered: String { isEnabled ? "[ \(title) ]" : "[ \(title) (disabled) ]" }
}
