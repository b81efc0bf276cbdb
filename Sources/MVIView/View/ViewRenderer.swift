import MVI
/// Something that shows a model: the rendering half of an ``MVIView``.
///
/// MVIKotlin's `ViewRenderer<Model>`. Views live on the main actor; a ``Binder`` calls
/// ``render(_:)`` there, with each model in order.
@MainActor
public protocol ViewRenderer<Model>: AnyObject {
    /// What the view shows: usually a small value type mapped from the store's state.
    associatedtype Model

    /// Shows `model`. Called with every model the view should show, in order.
    func render(_ model: Model)
}
