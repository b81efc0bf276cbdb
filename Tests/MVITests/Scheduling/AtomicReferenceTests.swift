import Foundation
import Testing

@testable import MVI

/// The holder of a store's test support: stored once, read from any thread, released with it.
@Suite struct AtomicReferenceTests {
    final class Payload: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }

    @Test func theFirstInstanceStoredIsKept() {
        let reference = AtomicReference<Payload>()
        #expect(reference.load() == nil)
        let first = Payload("first")
        #expect(reference.storeIfNil(first) === first)
        #expect(reference.storeIfNil(Payload("second")) === first)
        #expect(reference.load() === first)
    }

    @Test func theStoredInstanceLivesAsLongAsTheHolderAndNoLonger() {
        weak var stored: Payload?
        do {
            let reference = AtomicReference<Payload>()
            do {
                let payload = Payload("kept")
                stored = payload
                _ = reference.storeIfNil(payload)
                weak var refused: Payload?
                do {
                    let other = Payload("refused")
                    refused = other
                    _ = reference.storeIfNil(other)
                }
                #expect(refused == nil)  // the instance that lost the race is not kept
            }
            #expect(stored?.name == "kept")  // held by the reference alone
            #expect(reference.load()?.name == "kept")
        }
        #expect(stored == nil)  // released with the holder
    }

    @Test func racingStoresAgreeOnOneInstance() async {
        let keptByEach = Locked<[ObjectIdentifier]>([])
        let holder = Holder()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let kept = holder.reference.storeIfNil(Payload("\(index)"))
                    keptByEach.withLock { $0.append(ObjectIdentifier(kept)) }
                }
            }
        }
        let seen = keptByEach.withLock { $0 }
        #expect(seen.count == 8)
        #expect(Set(seen).count == 1)
        #expect(holder.reference.load().map(ObjectIdentifier.init) == seen.first)
    }

    final class Holder: Sendable {
        let reference = AtomicReference<Payload>()
    }
}
