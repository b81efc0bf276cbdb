import MVI

extension ContainerHost where ContainerState: Equatable, ContainerSideEffect: Equatable {
    /// Starts an Orbit-style test of this host from `initialState` (Orbit's
    /// `presenter.test(initialState)`).
    ///
    /// The host's container is set to `initialState`; then run intents with
    /// ``ContainerTest/testIntent(timeout:isolation:fileID:filePath:line:column:_:)`` and check what
    /// happened with ``ContainerTest/assert(_:isolation:fileID:filePath:line:column:_:)``.
    public func test(
        _ initialState: ContainerState,
        timeout: Duration = .seconds(10),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> ContainerTest<Self, ContainerState, ContainerSideEffect> {
        ContainerTest(
            self, container: container, initialState: initialState, timeout: timeout,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

extension Store {
    /// Starts an Orbit-style test of this container from `initialState`.
    ///
    /// ```swift
    /// let test = container.test(Form())
    /// await test.testIntent { $0.intent { ctx in ctx.reduce { $0.isSaving = true } } }
    /// await test.assert(Form()) { states({ $0.isSaving = true }) }
    /// ```
    public func test<State: Sendable & Equatable, SideEffect: Sendable & Equatable>(
        _ initialState: State,
        timeout: Duration = .seconds(10),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> ContainerTest<Store, State, SideEffect> where F == ContainerFeature<State, SideEffect> {
        ContainerTest(
            self, container: self, initialState: initialState, timeout: timeout,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
