import MVI

extension TimeTravel {
    /// The most bytes one recorded event of a store of `F` takes while recording: one slot
    /// of the store's recorder, where values are kept unboxed.
    ///
    /// A slot holds one to three events: an intent with the first message it dispatches and
    /// the state after it share one (a third of this per event), a further message and its
    /// state share one (half), a lone intent or a side effect has one to itself (all of it).
    ///
    /// With call sites on (``init(maxEvents:callSites:onError:)``, the default) each slot has
    /// its causes beside it: 40 bytes more.
    ///
    /// Not included: spare capacity (a recorder's ring doubles as it fills, up to
    /// `maxEvents` slots), and heap storage the values own, which a recorded state shares
    /// copy-on-write with the store (recording copies no array, string or dictionary of the
    /// state; the store's next mutation of such a part copies that part once, as keeping any
    /// history must). Reading the events while recording, and stopping, copies them into the
    /// controller's timeline: an entry and the value, unboxed, each, for as long as it is kept.
    public static func bytesPerEvent<F: Feature>(for feature: F.Type) -> Int {
        StoreRecorder<F>.bytesPerSlot
    }

    /// The bytes the causes of one slot take beside it while a controller with call sites
    /// on records (a store's ring of causes is as long as its ring of slots): 40.
    package static var causeBytesPerSlot: Int { MemoryLayout<RecordedCause>.stride }

    /// The bytes one event takes in the controller's timeline, the copy that stepping and
    /// export read: its entry plus its value, unboxed.
    package static func timelineBytesPerEvent<F: Feature>(for feature: F.Type) -> Int {
        MemoryLayout<Entry>.stride + MemoryLayout<Payload<F>>.stride
    }
}
