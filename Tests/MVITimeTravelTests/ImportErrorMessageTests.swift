import Foundation
import MVITimeTravel
import Testing

/// The importer names what is wrong precisely.
@Suite struct ImportErrorMessageTests {
    /// A valid export with its `"version": 3` replaced by `version` as written.
    func export(version: String) throws -> Data {
        let text = String(decoding: try recordedExport(), as: UTF8.self)
        let replaced = text.replacingOccurrences(of: "\"version\" : 3", with: "\"version\" : \(version)")
        #expect(replaced != text)
        return Data(replaced.utf8)
    }

    func importError(_ data: Data) -> TimeTravelImportError? {
        do {
            try TimeTravel().import(data)
            return nil
        } catch {
            return error
        }
    }

    @Test func aFractionalVersionIsAnInvalidVersionAsWritten() throws {
        let error = importError(try export(version: "1.5"))
        #expect(error == .invalidVersion("1.5"))
        #expect(
            error?.description
                == "Invalid recording version 1.5: a version is a whole number (this library reads versions 1 to 3)")
    }

    @Test func aVersionJustAboveOneIsNotVersionOne() throws {
        let error = importError(try export(version: "1.0000001"))
        #expect(error == .invalidVersion("1.0000001"))
        #expect(
            error?.description
                == "Invalid recording version 1.0000001: a version is a whole number (this library reads versions 1 to 3)"
        )
    }

    @Test func aVersionTooLargeForAnIntIsShownAsWritten() throws {
        #expect(importError(try export(version: "1e30")) == .invalidVersion("1e30"))
        #expect(importError(try export(version: "-3")) == .unsupportedVersion(-3))
        #expect(importError(try export(version: "4.0")) == .unsupportedVersion(4))
        #expect(importError(try export(version: "2.0")) == nil)  // 2.0 is version 2
        #expect(importError(try export(version: "1.0")) == nil)  // 1.0 is version 1, which still imports
        #expect(importError(try export(version: "100e-2")) == nil)
        #expect(importError(try export(version: "-0")) == .unsupportedVersion(0))
        #expect(
            TimeTravelImportError.invalidVersion("1e30").description
                == "Invalid recording version 1e30: too large to be a version (this library reads versions 1 to 3)")
    }

    /// Judged as written: as a `Double` this is exactly 1.0.
    @Test func aVersionThatRoundsToOneIsNotVersionOne() throws {
        #expect(Double("1.00000000000000001") == 1)
        #expect(importError(try export(version: "1.00000000000000001")) == .invalidVersion("1.00000000000000001"))
    }

    @Test func aNumberOutOfRangeIsValidJSONButNotAValidNumberHere() throws {
        let error = importError(try export(version: "1e400"))
        #expect(error == .numberOutOfRange(path: "version", literal: "1e400"))
        #expect(
            error?.description == "Number 1e400 at version is out of range: numbers in a recording "
                + "are 64-bit floating point, at most about 1.8e308 in magnitude")

        let text = String(decoding: try recordedExport(), as: UTF8.self)
        let timeIsHuge = try #require(text.range(of: #""time" : [0-9.e+]+"#, options: .regularExpression))
        let data = Data(text.replacingCharacters(in: timeIsHuge, with: "\"time\" : -2E+999").utf8)
        #expect(importError(data) == .numberOutOfRange(path: "events[0].time", literal: "-2E+999"))
    }

    @Test func aNumberOutOfRangeInsideAValueNamesItsPath() throws {
        let text = String(decoding: try recordedExport(), as: UTF8.self)
        let replaced = text.replacingOccurrences(of: "\"count\" : 0", with: "\"count\" : 9e9999")
        #expect(replaced != text)
        #expect(
            importError(Data(replaced.utf8))
                == .numberOutOfRange(path: "stores[0].initialState.count", literal: "9e9999"))
    }

    @Test func aVeryLongLiteralIsShortenedInTheError() throws {
        let digits = String(repeating: "9", count: 400)
        let error = importError(try export(version: digits))
        guard case .numberOutOfRange(let path, let literal)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(path == "version")
        #expect(literal == String(repeating: "9", count: 40) + "…")
    }

    @Test func malformedJSONStillSaysSo() throws {
        #expect(
            importError(Data("{\"version\": 1.}".utf8))
                == .malformedJSON(reason: "invalid number at byte 14"))
    }
}
