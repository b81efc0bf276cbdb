import Synchronization

/// An enum type's case tag and payload, read through the enum value witnesses that the Swift
/// runtime keeps in every enum type's metadata (`getEnumTag`, `destructiveProjectEnumData`,
/// `destructiveInjectEnumTag`): what a `switch` does, for an enum known only by its type.
///
/// ``EnumCase`` uses it once ``EnumCaseFence`` has checked it against `Mirror` for the case:
/// a look-up is then a tag comparison and a copy, where `Mirror` costs many times a whole
/// routed send, and allocates (budgets.tsv: child-in-10-routed, child-in-10-input).
///
/// It reads the layout of Swift's stable ABI on a 64-bit platform: the value witness table
/// (`include/swift/ABI/ValueWitness.def`: eight functions, size, stride, flags and the extra
/// inhabitant count, then, when the flags say so, the three enum witnesses), the enum's type
/// descriptor (version 0) and its field entries. Where it meets anything else (signed function
/// pointers on arm64e, 32-bit pointers, a metadata kind other than an enum's or an Optional's,
/// a table whose size and stride are not the type's, a descriptor of another kind or version,
/// field entries of another size or count), it is `nil` and `Mirror` stays.
@usableFromInline
struct EnumLayout: @unchecked Sendable {  // pointers into the runtime's metadata: immutable, never freed
    @usableFromInline typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
    @usableFromInline typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
    @usableFromInline typealias Inject = @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

    @usableFromInline let metadata: UnsafeRawPointer
    @usableFromInline let getTag: GetTag
    @usableFromInline let project: Project
    @usableFromInline let inject: Inject

    /// The layout of `type`, or `nil` if it is not an enum whose witnesses and field entries
    /// can be read here.
    init?<Enum>(of type: Enum.Type) {
        #if _ptrauth(_arm64e)
        return nil  // the witnesses are signed function pointers: calling them raw would trap
        #else
        guard MemoryLayout<UnsafeRawPointer>.size == 8 else { return nil }
        let metadata = unsafeBitCast(type as Any.Type, to: UnsafeRawPointer.self)
        // Metadata kinds: 0x201 an enum, 0x202 an Optional.
        let kind = metadata.load(as: UInt.self)
        guard kind == 0x201 || kind == 0x202 else { return nil }
        let table = metadata.load(fromByteOffset: -8, as: UnsafeRawPointer.self)
        // The table is this type's, read at the offsets of this layout, if it gives the size
        // and stride the compiler gives the type.
        guard table.load(fromByteOffset: 64, as: Int.self) == MemoryLayout<Enum>.size,
            table.load(fromByteOffset: 72, as: Int.self) == MemoryLayout<Enum>.stride
        else { return nil }
        let flags = table.load(fromByteOffset: 80, as: UInt32.self)
        let hasEnumWitnesses: UInt32 = 0x0020_0000
        guard flags & hasEnumWitnesses != 0, Self.fields(of: metadata) != nil else { return nil }
        self.init(
            metadata: metadata,
            getTag: unsafeBitCast(table.load(fromByteOffset: 88, as: UnsafeRawPointer.self), to: GetTag.self),
            project: unsafeBitCast(table.load(fromByteOffset: 96, as: UnsafeRawPointer.self), to: Project.self),
            inject: unsafeBitCast(table.load(fromByteOffset: 104, as: UnsafeRawPointer.self), to: Inject.self))
        #endif
    }

    /// A layout from its parts: the seam through which tests give a look-up a wrong tag or a
    /// wrong payload, for the fence to catch.
    init(metadata: UnsafeRawPointer, getTag: GetTag, project: Project, inject: Inject) {
        self.metadata = metadata
        self.getTag = getTag
        self.project = project
        self.inject = inject
    }

    /// The tag of `value`'s case.
    @inlinable func tag<Enum>(of value: Enum) -> UInt32 {
        withUnsafePointer(to: value) { getTag(UnsafeRawPointer($0), metadata) }
    }

    /// The payload of `value`, which must be of the case `tag` and store a `Payload` inline.
    @inlinable func payload<Enum, Payload>(of value: Enum, tag: UInt32, as _: Payload.Type) -> Payload {
        var copy = value
        return withUnsafeMutablePointer(to: &copy) { pointer in
            let raw = UnsafeMutableRawPointer(pointer)
            project(raw, metadata)
            let payload = raw.withMemoryRebound(to: Payload.self, capacity: 1) { $0.pointee }
            inject(raw, tag, metadata)
            return payload
        }
    }

    /// The case of `tag` as the enum's field entries describe it: its name, whether it is
    /// numbered as a case with a payload (a case whose payload has no bytes is numbered with
    /// the empty ones), and whether its payload is stored inline (not `indirect`: an indirect
    /// case holds a box's address instead). `nil` when `tag` is out of range or the entries do
    /// not match the numbering.
    ///
    /// Tags number the cases with a payload first, then the empty ones; the field entries list
    /// the cases in that order (the runtime's `Mirror` reads the entry at the tag's index), a
    /// case with a payload having a type name.
    func caseEntry(tag: UInt32) -> (name: String, hasPayload: Bool, isInline: Bool)? {
        guard let (fields, payloadCases, count) = Self.fields(of: metadata), tag < count else { return nil }
        let entry = fields + 16 + Int(tag) * 12
        // An entry: flags (4), type name (relative, 0 for no payload), name (relative).
        let hasPayload = tag < payloadCases
        let hasType = entry.load(fromByteOffset: 4, as: Int32.self) != 0
        guard hasType || !hasPayload, let name = Self.relative(entry + 8) else { return nil }
        let isIndirectCase: UInt32 = 0x1
        let isInline = hasPayload && entry.load(as: UInt32.self) & isIndirectCase == 0
        return (String(cString: name.assumingMemoryBound(to: CChar.self)), hasPayload, isInline)
    }

    /// The field entries of the enum of `metadata`, with its number of payload cases and of
    /// cases, if its descriptor and entries have the layout read here.
    private static func fields(of metadata: UnsafeRawPointer) -> (UnsafeRawPointer, UInt32, UInt32)? {
        // TargetEnumDescriptor: flags (the kind in bits 0 to 4, the version in bits 8 to 15),
        // parent, name, access function, fields (relative pointers, 4 bytes each), the number
        // of payload cases in the low 24 bits, the number of empty cases.
        let descriptor = metadata.load(fromByteOffset: 8, as: UnsafeRawPointer.self)
        let flags = descriptor.load(as: UInt32.self)
        let enumKind: UInt32 = 18
        guard flags & 0x1F == enumKind, (flags >> 8) & 0xFF == 0, let fields = relative(descriptor + 16) else {
            return nil
        }
        let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF
        let emptyCases = descriptor.load(fromByteOffset: 24, as: UInt32.self)
        // FieldDescriptor: type name, superclass, kind (2 bytes: 2 an enum, 3 a multi-payload
        // enum), entry size (2), count (4), then the entries, 12 bytes each.
        let kind = fields.load(fromByteOffset: 8, as: UInt16.self)
        let entrySize = fields.load(fromByteOffset: 10, as: UInt16.self)
        let count = fields.load(fromByteOffset: 12, as: UInt32.self)
        guard kind == 2 || kind == 3, entrySize == 12, count == payloadCases + emptyCases else { return nil }
        return (fields, payloadCases, count)
    }

    /// The metadata kind of `type`: 0x200 a struct, 0x201 an enum, 0x202 an Optional, 0x301 a
    /// tuple, 0x302 a function, 0x303 an existential, 0x304 a metatype, 0x306 an existential
    /// metatype; a class 0 (or, with Objective-C, the address of its metaclass, above 0x7FF).
    static func kind(of type: Any.Type) -> UInt {
        // Every type's metadata starts with its kind, in every Swift ABI.
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    }

    /// The target of the 32-bit relative pointer at `address`, or `nil` for a null one.
    private static func relative(_ address: UnsafeRawPointer) -> UnsafeRawPointer? {
        let offset = address.load(as: Int32.self)
        return offset == 0 ? nil : address + Int(offset)
    }
}

/// What an ``EnumCase`` has learnt about its case's layout: nothing yet, `Mirror` only, or
/// the case's tag, checked by ``EnumCaseFence``.
@usableFromInline
final class CaseLayout: Sendable {
    /// 0: not learnt; 1: use `Mirror`; otherwise the tag plus 2.
    @usableFromInline let learnt = Atomic<UInt64>(0)
    @usableFromInline let layout: EnumLayout?

    /// Nothing learnt yet about a case of the enum `layout` reads; `Mirror` only if `nil`.
    init(layout: EnumLayout?) {
        self.layout = layout
        if layout == nil { learnt.store(1, ordering: .relaxed) }
    }

    /// The case's tag, once learnt and checked.
    @inlinable var tag: UInt32? {
        let value = learnt.load(ordering: .acquiring)
        return value >= 2 ? UInt32(truncatingIfNeeded: value - 2) : nil
    }

    /// Whether there is nothing left to learn.
    var isLearnt: Bool { learnt.load(ordering: .acquiring) != 0 }

    /// Keeps `tag` for the look-ups to come, or `Mirror` if `nil`.
    func learn(tag: UInt32?) {
        learnt.store(tag.map { UInt64($0) + 2 } ?? 1, ordering: .releasing)
    }
}
