/// Where a key path's value lies in its root, for a key path that names stored properties of
/// structs only, all the way down (the usual `\.rows` or `\.detail.title`).
///
/// `MemoryLayout.offset(of:)` answers for such a key path, and its documentation guarantees
/// that the value at that offset is the one the key path reaches. Reading there does not go
/// into the key-path runtime, which looks up generic metadata on each projection (about 380
/// of a forwarded intent's instructions, callgrind, `child-in-10`). A key path through a
/// computed property, a class or an optional has no offset, and its users go through it.
///
/// The one place the library reads or writes a value at a key path's offset: a child's place
/// (``StatePlace``), a watched part (``StatePart``), an observed part (``TrackedPart``) and a
/// `DiffRenderer` entry use it.
@usableFromInline
package struct StoredOffset<Root, Value>: Sendable {
    /// The value's byte offset in `Root`.
    @usableFromInline package let bytes: Int

    /// The offset of `keyPath`'s value, or `nil` if the key path names more than stored
    /// properties of structs.
    @inlinable package init?(of keyPath: KeyPath<Root, Value>) {
        guard let bytes = MemoryLayout<Root>.offset(of: keyPath) else { return nil }
        self.bytes = bytes
    }

    /// Calls `body` with the value in `root`, without copying it out first.
    @inlinable @inline(__always)
    package func read<Result>(_ root: Root, _ body: (Value) -> Result) -> Result {
        withUnsafePointer(to: root) { root in
            // Bound to `Value` at `bytes`: `offset(of:)` answered for a key path to a `Value`.
            body(UnsafeRawPointer(root).advanced(by: bytes).assumingMemoryBound(to: Value.self).pointee)
        }
    }

    /// The value in `root`.
    @inlinable @inline(__always)
    package func value(in root: Root) -> Value {
        read(root) { $0 }
    }

    /// Calls `body` with the value in `root`, in place.
    @inlinable @inline(__always)
    package func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
        withUnsafeMutablePointer(to: &root) { root in
            // Bound to `Value` at `bytes`, as in `read`.
            body(&UnsafeMutableRawPointer(root).advanced(by: bytes).assumingMemoryBound(to: Value.self).pointee)
        }
    }
}
