// The only file of MVIStateKeeper that uses Foundation, for JSON coding.
// FoundationEssentials (Linux, Windows) is the small part of Foundation that has it.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a saved file holds: `{"state": …, "version": 2}`.
struct StateEnvelope<Saved: Encodable>: Encodable {
    let version: Int
    let state: Saved
}

/// The envelope read back, with the state of the type the caller expects.
private struct DecodedEnvelope<Saved: Decodable>: Decodable {
    let version: Int
    let state: Saved
}

/// Just the version, read before anything else so that an old or unknown version is told
/// apart from a file of another schema.
private struct EnvelopeHeader: Decodable {
    let version: Int
}

/// JSON coding of saved states, and the classification of bad input.
enum StateCoding {
    /// Encodes a state in its envelope. Keys are sorted, so equal states give equal bytes.
    static func encode<Saved: Encodable>(_ state: Saved, version: Int) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(StateEnvelope(version: version, state: state)))
    }

    /// Reads the version of a saved envelope, or says why the bytes are not one; `supported`
    /// is the keeper's version, for the error.
    static func version(of bytes: [UInt8], supported: Int) -> Result<Int, BadInput> {
        if bytes.isEmpty { return .failure(BadInput(.truncated)) }
        do {
            return .success(try JSONDecoder().decode(EnvelopeHeader.self, from: Data(bytes)).version)
        } catch {
            if let found = invalidVersion(in: bytes) {
                return .failure(BadInput(.invalidVersion(found: found, supported: supported)))
            }
            if case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty {
                // The JSON itself did not parse.
                return .failure(BadInput(JSONShape.looksTruncated(bytes) ? .truncated : .notJSON))
            }
            return .failure(BadInput(.schemaMismatch(error)))
        }
    }

    /// The text of the envelope's `version` when it is a JSON number no `Int` holds (`1.5`,
    /// `2^63`, `1e400`) and the rest of the envelope is fine. Foundation's error does not say:
    /// for `1e400` it is the one "not JSON" gives. So the number is found by a scan, replaced
    /// by `0`, and the header decoded again. Only bytes that failed to decode pay for this.
    private static func invalidVersion(in bytes: [UInt8]) -> String? {
        guard let range = JSONShape.numberRange(ofTopLevelKey: "version", in: bytes) else { return nil }
        let text = String(decoding: bytes[range], as: UTF8.self)
        guard Int(text) == nil else { return nil }
        var patched = bytes
        patched.replaceSubrange(range, with: [UInt8(ascii: "0")])
        guard (try? JSONDecoder().decode(EnvelopeHeader.self, from: Data(patched))) != nil else { return nil }
        let limit = 40
        return text.count <= limit ? text : text.prefix(limit) + "…"
    }

    /// Decodes the state of an envelope whose version is known to be readable.
    static func decodeState<Saved: Decodable>(_ type: Saved.Type, from bytes: [UInt8]) throws -> Saved {
        try JSONDecoder().decode(DecodedEnvelope<Saved>.self, from: Data(bytes)).state
    }
}

/// Why saved bytes cannot be read, as an error for `Result`.
struct BadInput: Error {
    let reason: StateKeeperError.Reason

    init(_ reason: StateKeeperError.Reason) {
        self.reason = reason
    }
}
