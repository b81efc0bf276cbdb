import Synchronization

/// An enum type's case tag and payload, read through the enum value witnesses that the Swift
/// runtime keeps in every enum type's metadata (`getEnumTag`, `destructiveProjectEnumData`,
/// `destructiveInjectEnumTag`): what a `switch` does, for an enum known only by its type.
///
/// ``EnumCase`` uses it once it has learnt, with `Mirror`, a case's tag and that its payload is
/// stored inline (not `indirect`, from the type's field records): a look-up is then a tag
/// comparison and a copy, where `Mirror` costs many times a whole routed send, and allocates
/// (budgets.tsv: child-in-10-routed, child-in-10-input). Where the layout cannot be read
/// safely (signed function pointers on arm64e, a 32-bit platform, a type without enum
/// witnesses), it is `nil` and `Mirror` stays.
///
/// The value witness table is part of Swift's stable ABI (`include/swift/ABI/ValueWitness.def`):
/// eight functions, size, stride, flags and the extra inhabitant count, then, when the flags
/// say so, the three enum witnesses.
@usableFromInline
struct EnumLayout: @unchecked Sendable {  // pointers into the runtime's metadata: immutable, never freed
    @usableFromInline typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
    @usableFromInline typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
    @usableFromInline typealias Inject = @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

    @usableFromInline let metadata: UnsafeRawPointer
    @usableFromInline let getTag: GetTag
    @usableFromInline let project: Project
    @usableFromInline let inject: Inject

    /// The layout of `type`, or `nil` if it is not an enum whose witnesses can be called here.
    init?(of type: Any.Type) {
        #if _ptrauth(_arm64e)
        return nil  // the witnesses are signed function pointers: calling them raw would trap
        #else
        guard MemoryLayout<UnsafeRawPointer>.size == 8 else { return nil }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        // Metadata kinds: 0x201 an enum, 0x202 an Optional.
        let kind = metadata.load(as: UInt.self)
        guard kind == 0x201 || kind == 0x202 else { return nil }
        let table = metadata.load(fromByteOffset: -8, as: UnsafeRawPointer.self)
        let flags = table.load(fromByteOffset: 80, as: UInt32.self)
        let hasEnumWitnesses: UInt32 = 0x0020_0000
        guard flags & hasEnumWitnesses != 0 else { return nil }
        self.metadata = metadata
        getTag = unsafeBitCast(table.load(fromByteOffset: 88, as: UnsafeRawPointer.self), to: GetTag.self)
        project = unsafeBitCast(table.load(fromByteOffset: 96, as: UnsafeRawPointer.self), to: Project.self)
        inject = unsafeBitCast(table.load(fromByteOffset: 104, as: UnsafeRawPointer.self), to: Inject.self)
        #endif
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

    /// Whether the case of `tag` holds its payload inline: not `indirect`, as the enum's field
    /// records in its type descriptor say (an indirect case holds a box's address instead).
    ///
    /// Tags number the cases with a payload first, in declaration order, then the empty ones;
    /// the field records list every case in declaration order, a case with a payload having a
    /// type name. `false` when the descriptor is not an enum's or the tag has no payload.
    func storesInline(tag: UInt32) -> Bool {
        // TargetEnumDescriptor: flags, parent, name, access function, fields (relative
        // pointers, 4 bytes each), then the number of payload cases in the low 24 bits.
        let descriptor = metadata.load(fromByteOffset: 8, as: UnsafeRawPointer.self)
        let enumKind: UInt32 = 18
        guard descriptor.load(as: UInt32.self) & 0x1F == enumKind else { return false }
        let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF
        guard tag < payloadCases, let fields = Self.relative(descriptor + 16) else { return false }
        // FieldDescriptor: type name, superclass, kind (2 bytes), record size (2), count (4),
        // then the records: flags (4), type name (relative, 0 for no payload), name (relative).
        let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
        let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
        guard recordSize >= 12 else { return false }
        var payloadIndex: UInt32 = 0
        for index in 0..<count {
            let record = fields + 16 + index * recordSize
            guard record.load(fromByteOffset: 4, as: Int32.self) != 0 else { continue }
            if payloadIndex == tag {
                let isIndirectCase: UInt32 = 0x1
                return record.load(as: UInt32.self) & isIndirectCase == 0
            }
            payloadIndex += 1
        }
        return false
    }

    /// The target of the 32-bit relative pointer at `address`, or `nil` for a null one.
    private static func relative(_ address: UnsafeRawPointer) -> UnsafeRawPointer? {
        let offset = address.load(as: Int32.self)
        return offset == 0 ? nil : address + Int(offset)
    }
}

/// What an ``EnumCase`` has learnt about its case's layout: nothing yet, `Mirror` only, or
/// the case's tag with its payload inline.
@usableFromInline
final class CaseLayout: Sendable {
    /// 0: not learnt; 1: use `Mirror`; otherwise the tag plus 2.
    @usableFromInline let learnt = Atomic<UInt64>(0)
    @usableFromInline let layout: EnumLayout?

    init(of type: Any.Type) {
        layout = EnumLayout(of: type)
        if layout == nil { learnt.store(1, ordering: .relaxed) }
    }

    /// The case's tag, once learnt and usable.
    @inlinable var tag: UInt32? {
        let value = learnt.load(ordering: .acquiring)
        return value >= 2 ? UInt32(truncatingIfNeeded: value - 2) : nil
    }

    /// Whether there is nothing left to learn.
    var isLearnt: Bool { learnt.load(ordering: .acquiring) != 0 }

    func learn(tag: UInt32?) {
        learnt.store(tag.map { UInt64($0) + 2 } ?? 1, ordering: .releasing)
    }
}
