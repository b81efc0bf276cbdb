import Foundation
import MVI
import MVIJSON
import MVITimeTravel
import Testing

/// A recording keeps whole numbers digit for digit, through export and import: `JSONValue`
/// writes an integer as an integer, not as the `Double` nearest to it.
@Suite struct ExactNumberTests {
    @Test func aNineteenDigitIntegerSurvivesExportAndImport() throws {
        let timeTravel = TimeTravel()
        let store = try makeCounter(timeTravel)
        timeTravel.startRecording()
        store.send(.add(1_234_567_890_123_456_789))
        let data = try timeTravel.export()
        #expect(String(decoding: data, as: UTF8.self).contains("1234567890123456789"))

        let imported = TimeTravel()
        let other = try makeCounter(imported)
        try imported.import(data)
        #expect(other.state.count == 1_234_567_890_123_456_789)
        #expect(imported.recording().events == timeTravel.recording().events)
    }
}
