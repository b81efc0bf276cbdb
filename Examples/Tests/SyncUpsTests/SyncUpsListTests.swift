import Dependencies
import Foundation
import MVI
import MVIDependencies
import MVITesting
@testable import SyncUps
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SyncUpsListTests {
    @Test func addsASyncUpThroughTheForm() async {
        let store = TestStore(
            SyncUpsList(), initialState: .init(), environment: .dependencies { $0.uuid = .incrementing })
        var syncUp = SyncUp(id: UUID(0), attendees: [Attendee(id: UUID(1))])
        await store.send(.addSyncUpTapped) { $0.add = .init(syncUp: syncUp) }
        syncUp.title = "Engineering"
        await store.send(\.add, .binding(.set(\.syncUp, syncUp))) { $0.syncUp.title = "Engineering" }
        await store.send(.confirmAddTapped) {
            $0.add = nil
            $0.syncUps = [syncUp]
        }
    }

    @Test func confirmingDropsBlankAttendeesButKeepsOne() async {
        let blank = [Attendee(id: UUID(1)), Attendee(id: UUID(2), name: "    ")]
        let syncUp = SyncUp(id: UUID(100), attendees: blank, title: "Design")
        let store = TestStore(
            SyncUpsList(), initialState: .init(add: .init(syncUp: syncUp)), environment: .dependencies())
        await store.send(.confirmAddTapped) {
            $0.add = nil
            $0.syncUps = [SyncUp(id: UUID(100), attendees: [Attendee(id: UUID(1))], title: "Design")]
        }
    }

}
