@testable import MVI
import Testing

/// What an intent waiting in a store's queue costs in bytes: one slot of the queue's array,
/// as wide as the largest item a store queues. The figures the Threading and ordering article
/// gives ("Choosing a policy"), pinned on 64-bit platforms.
@Suite struct QueueSlotLayoutTests {
    /// A state of eight strings inline: 128 bytes, the width of a typical screen's state.
    struct WideForm: Feature {
        struct State: Sendable {
            var title = "", subtitle = "", name = "", email = "", phone = "", street = "", city = "", note = ""
        }
        enum Intent: Sendable { case edit }
        typealias Message = Intent
        typealias SideEffect = Never
        static func reduce(_ state: inout State, _ message: Intent) {}
        func execute(_ intent: Intent, _ context: StoreContext<Self>) {}
    }

    #if arch(x86_64) || arch(arm64)
    @Test func aQueuedIntentOfTheArticlesCounterTakesOneSlotOfFixedWidth() {
        // The failure report (`StoreError`: a name, an origin and an error) is the widest case:
        // a small feature's slot is its width, whatever the intent.
        #expect(MemoryLayout<StoreError>.size == 48)
        #expect(MemoryLayout<QueueItem<GettingStartedDocs.Counter>?>.stride == 56)
    }

    @Test func aWiderStateWidensEverySlot() {
        // A replaced state waits in the queue, inline: the slot is as wide as the state.
        #expect(MemoryLayout<WideForm.State>.size == 128)
        #expect(MemoryLayout<QueueItem<WideForm>?>.stride == 136)
    }
    #endif
}
