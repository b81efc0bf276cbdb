#if canImport(SwiftUI)
import SwiftUI

extension ObservableStore {
    /// A SwiftUI binding that reads part of the state and sends an intent when the control
    /// changes it: for text fields, toggles and pickers.
    ///
    /// ```swift
    /// TextField("Title", text: model.binding(\.title, send: { .titleChanged($0) }))
    /// Toggle("Done", isOn: model.binding(\.isDone, send: { _ in .toggle }))
    /// ```
    ///
    /// The value the control shows is the state's: with ``send(_:)``, a synchronous
    /// reduction is visible at once, so typing never shows an older text.
    public func binding<Value: Equatable>(
        _ keyPath: KeyPath<F.State, Value>, send intent: @escaping (Value) -> F.Intent
    ) -> Binding<Value> {
        Binding(get: { self.read(keyPath) }, set: { self.send(intent($0)) })
    }
}
#endif
