import MVI

extension TimeTravel {
    /// The bytes one recorded event of a store of `F` takes in the controller: its slot in
    /// the global timeline plus its slot in the store's typed buffer, where the value is
    /// kept unboxed.
    ///
    /// Not included: spare capacity (each buffer doubles when full and halves when three
    /// quarters empty, so at most twice this), and heap storage the values own, which a
    /// recorded state shares copy-on-write with the store (recording copies no array, string
    /// or dictionary of the state; the store's next mutation of such a part copies that part
    /// once, as keeping any history must).
    public static func bytesPerEvent<F: Feature>(for feature: F.Type) -> Int {
        MemoryLayout<Entry>.stride + MemoryLayout<Payload<F>?>.stride
    }
}
