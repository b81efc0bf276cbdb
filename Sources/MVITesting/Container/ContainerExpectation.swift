/// One line of a ``ContainerTest`` assertion: states as mutations, or posted side effects.
///
/// Made by ``states(_:)`` and ``postedSideEffects(_:)`` inside
/// ``ContainerTest/assert(_:fileID:filePath:line:column:_:)``.
public struct ContainerExpectation<State, SideEffect> {
    enum Kind {
        case states([(inout State) -> Void])
        case sideEffects([SideEffect])
    }

    let kind: Kind
}

/// Collects the lines of a ``ContainerTest`` assertion.
@resultBuilder
public enum ContainerExpectationBuilder<State, SideEffect> {
    /// One line.
    public static func buildExpression(
        _ expectation: ContainerExpectation<State, SideEffect>
    ) -> [ContainerExpectation<State, SideEffect>] {
        [expectation]
    }

    /// The lines, in order.
    public static func buildBlock(
        _ lines: [ContainerExpectation<State, SideEffect>]...
    ) -> [ContainerExpectation<State, SideEffect>] {
        lines.flatMap { $0 }
    }
}

/// The states the container must have emitted, in order, each written as a mutation of the
/// one before (Orbit's `states(...)`).
///
/// ```swift
/// await test.assert(initialState) {
///     states(
///         { $0.committingChanges = true },
///         { $0.committingChanges = false }
///     )
/// }
/// ```
public func states<State, SideEffect>(
    _ changes: (inout State) -> Void...
) -> ContainerExpectation<State, SideEffect> {
    ContainerExpectation(kind: .states(changes))
}

/// The side effects the container must have posted, in order (Orbit's `postedSideEffects`).
public func postedSideEffects<State, SideEffect>(
    _ sideEffects: SideEffect...
) -> ContainerExpectation<State, SideEffect> {
    ContainerExpectation(kind: .sideEffects(sideEffects))
}
