import MVI

/// The fakes a test hands the features of one store (a gate, a clock), through the store's
/// environment, as `@Dependency` hands services down in an app: a child is declared once, in a
/// `static let` scope, so its feature value cannot hold one test's fake.
///
/// ```swift
/// let server = Gate<Void>()
/// let store = Store(TodoList(), initialState: .init(), environment: Fakes(server))
/// ```
///
/// A feature reads one with `Fakes.value(of:)` in `execute` (where the store binds its
/// environment) and captures it into the work it starts.
package struct Fakes: ExecutionEnvironment {
    @TaskLocal private static var current: Fakes?

    /// The fakes by their type: one of each type per store.
    private let values: [ObjectIdentifier: any Sendable]

    package init(_ values: any Sendable...) {
        var byType: [ObjectIdentifier: any Sendable] = [:]
        for value in values { byType[ObjectIdentifier(type(of: value))] = value }
        self.values = byType
    }

    package func withEnvironment<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Self.$current.withValue(self, operation: body)
    }

    /// The current store's fake of this type, if its test gave one.
    package static func value<Value: Sendable>(of type: Value.Type = Value.self) -> Value? {
        current?.values[ObjectIdentifier(type)] as? Value
    }
}
