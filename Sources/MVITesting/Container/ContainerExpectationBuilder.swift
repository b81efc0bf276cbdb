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
