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

    /// Reads the version of a saved envelope, or says why the bytes are not one.
    static func version(of bytes: [UInt8]) -> Result<Int, BadInput> {
        if bytes.isEmpty { return .failure(BadInput(.truncated)) }
        do {
            return .success(try JSONDecoder().decode(EnvelopeHeader.self, from: Data(bytes)).version)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            // The JSON itself did not parse.
            return .failure(BadInput(JSONShape.looksTruncated(bytes) ? .truncated : .notJSON))
        } catch {
            return .failure(BadInput(.schemaMismatch(error)))
        }
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
