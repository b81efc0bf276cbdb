/// The values of ``StoreScheduler/uncontendedClaim``, the drain claim a lone sender takes and
/// lets go without the scheduler's lock. Constants of a type that is not generic, like
/// ``SchedulingFlag``, so that unspecialized transitions read them without metadata.
///
/// The rules that keep it equivalent to the machine's claim:
/// - It becomes `idle` only under the lock, when the machine could run input at once (started,
///   not draining, holding or cancelled, nothing queued): a lone sender that takes it from
///   there is where the machine would have let it run.
/// - Every transition under the lock first turns it `locked`, noting a sender's `claimed`
///   in the machine's flag: while it is `locked`, the machine alone decides, and a sender that
///   finds it so goes through the machine (queued behind the claim holder, in order).
/// - A sender that took it lets go by turning `claimed` back to `idle`; if it finds it
///   `locked`, something was queued or changed meanwhile, and it lets go through the machine.
@usableFromInline
enum UncontendedClaim {
    @inlinable static var idle: UInt8 { 0 }
    @inlinable static var claimed: UInt8 { 1 }
    @inlinable static var locked: UInt8 { 2 }
}
