/// The store as the source of an ``AsyncWorkEvent``, which names it.
extension StoreCore: AsyncWorkEventSource {
    @usableFromInline var storeName: String { name }
}
