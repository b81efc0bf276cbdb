import MVI
import MVIFixtures

/// Waits until the store's count reaches `target`. After concurrent senders return, the thread
/// that drains the store may still be processing what they queued: wait for the state rather
/// than read it. A count that never arrives fails the test through its time limit.
func waitForCount<F: Feature>(_ store: Store<F>, _ target: Int) async where F.State == Counter.State {
    for await count in store.states(of: \.count) where count == target { return }
}
