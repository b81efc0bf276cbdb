/// One line of a ``ContainerTest`` assertion: states as mutations, posted side effects, or
/// errors the intents threw.
///
/// Made by ``states(_:)``, ``postedSideEffects(_:)`` and ``thrownErrors(_:)-4n6b3`` inside
/// ``ContainerTest/assert(_:isolation:fileID:filePath:line:column:_:)``.
public struct ContainerExpectation<State, SideEffect> {
    enum Kind {
        case states([(inout State) -> Void])
        case sideEffects([SideEffect])
        case errors([(any Error) -> Bool])
    }

    let kind: Kind
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

/// The errors the intents' async work must have thrown, in order, each matched by a
/// predicate on the error (Orbit fails a test whose intent throws, unless the test expects
/// it: this is how a test expects it).
///
/// ```swift
/// await test.assert(initialState) {
///     states({ $0.committingChanges = true })
///     thrownErrors({ $0 is Offline })
/// }
/// ```
public func thrownErrors<State, SideEffect>(
    _ matches: ((any Error) -> Bool)...
) -> ContainerExpectation<State, SideEffect> {
    ContainerExpectation(kind: .errors(matches))
}

/// The errors the intents' async work must have thrown, in order, each matched by its type.
///
/// ```swift
/// await test.assert(initialState) {
///     thrownErrors(Offline.self)
/// }
/// ```
public func thrownErrors<State, SideEffect>(
    _ types: any Error.Type...
) -> ContainerExpectation<State, SideEffect> {
    ContainerExpectation(
        kind: .errors(types.map { expected in { ObjectIdentifier(type(of: $0)) == ObjectIdentifier(expected) } }))
}
