#if DevTools
import NIOCore

/// A message being put together from its frames, with the bytes it holds taken from the
/// shared ``InputBudget`` (and given back by ``reset()``).
struct PartialMessage {
    let budget: InputBudget
    private(set) var bytes = ByteBuffer()
    /// The message's size so far, counting frames no longer kept.
    private(set) var size = 0
    private var taken = 0
    /// Why the message will be refused, once one is known; its frames are then dropped.
    var refusal: DevToolsError?

    init(budget: InputBudget) { self.budget = budget }

    mutating func append(_ data: ByteBuffer, limit: Int) {
        size += data.readableBytes
        if size > limit {
            refusal = .messageTooLarge(bytes: size, limit: limit)
        } else if refusal == nil, !budget.take(data.readableBytes) {
            refusal = .busy(limit: budget.limit)
        } else if refusal == nil {
            taken += data.readableBytes
            var data = data
            bytes.writeBuffer(&data)
            return
        }
        release()
    }

    /// Drops the message's bytes, giving them back to the budget.
    private mutating func release() {
        bytes = ByteBuffer()
        budget.give(taken)
        taken = 0
    }

    /// Back to empty, for the next message.
    mutating func reset() {
        release()
        size = 0
        refusal = nil
    }
}
#endif
