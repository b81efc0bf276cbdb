import IssueReporting
import MVI

extension TestStore {
    /// Sends an intent to a child, at any depth, and asserts the change it makes to the
    /// child's state, in place.
    ///
    /// ```swift
    /// await store.send(\.detail[0], .editTapped) { $0.destination = .edit(form) }
    /// await store.send(\.detail[0].edit, .binding(.set(\.syncUp, renamed))) { $0.syncUp = renamed }
    /// ```
    ///
    /// The child is a `ChildAddress` (MVI): the scopes each feature declares as static properties,
    /// from the store's feature down, with the id of a child in a collection in brackets (the
    /// screen with id 0 of a stack, `\.detail[0]`). The intent is the one the child's view
    /// sends; the store receives the root's intent that carries it, as
    /// ``send(_:assert:isolation:fileID:filePath:line:column:)`` would.
    ///
    /// The closure receives the child's state in the state the test expects and changes it
    /// where it is (an enum screen, a destination's case): the rest of the expected state is
    /// the previous one, so an intent that also changes the parent is asserted with the
    /// root's intent and closure instead. A child the expected state does not hold fails the
    /// test, with its path. Everything else is as in `send(_:assert:…)`: exhaustivity, the
    /// work the intent starts, shared elements kept the same.
    ///
    /// - Parameters:
    ///   - child: The child's address below the store's feature: `\.list`, `\.detail[0].edit`.
    ///   - intent: The child's intent, as its view would send it.
    ///   - updateExpected: Turns the child's previous state into the expected one.
    ///   - isolation: The caller's actor (`#isolation`, filled in for you).
    ///   - fileID: The file ID where a failure is reported (the caller's by default).
    ///   - filePath: The file path where a failure is reported (the caller's by default).
    ///   - line: The line where a failure is reported (the caller's by default).
    ///   - column: The column where a failure is reported (the caller's by default).
    public func send<Child>(
        _ child: KeyPath<ChildAddress<F, F, SingleChild>, ChildAddress<F, Child, SingleChild>>,
        _ intent: Child.Intent,
        assert updateExpected: ((inout Child.State) throws -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let address = ChildAddress<F, F, SingleChild>()[keyPath: child]
        await send(
            address.intent(intent), assert: Self.inChild(address, updateExpected), isolation: isolation,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The root's assertion closure that applies `update` to the child at `address`, in place.
    static func inChild<Child>(
        _ address: ChildAddress<F, Child, SingleChild>, _ update: ((inout Child.State) throws -> Void)?
    ) -> ((inout F.State) throws -> Void)? {
        guard let update else { return nil }
        return { root in
            var thrown: (any Error)?
            let found = address.modify(&root) { child in
                do { try update(&child) } catch { thrown = error }
            }
            if let thrown { throw thrown }
            if !found { throw ChildNotExpected(path: address.name) }
        }
    }
}

/// The child an assertion closure was for is not in the expected state.
struct ChildNotExpected: Error, CustomStringConvertible {
    let path: String

    var description: String {
        "the expected state has no child at \(path): the address names a child the state does not hold"
    }
}
