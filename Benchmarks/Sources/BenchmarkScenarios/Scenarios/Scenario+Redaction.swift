import Foundation
import MVI
import MVIJSON

/// A state of about 1 KB of JSON: a profile, a few settings and ten rows.
struct KilobyteState: Codable, Sendable {
    struct Row: Codable, Sendable {
        var id: Int
        var title: String
        var done: Bool
        var score: Double
    }
    var name = "Ada Lovelace"
    var email = "ada@example.com"
    var city = "London"
    var street = "12 St James's Square"
    var token = "tok_5f2b9c0d8e7a6b5c4d3e2f1a"
    var password = "correct horse battery staple"
    var theme = "dark"
    var fontSize = 14
    var notifications = true
    var lastSync = 1_763_788_800.5
    var rows = (0..<10).map {
        Row(id: $0, title: "Row number \($0) with a title", done: $0 % 2 == 0, score: 0.5 * Double($0))
    }
}

/// ``KilobyteState`` with four values marked sensitive.
struct SensitiveKilobyteState: Codable, Sendable {
    var name = "Ada Lovelace"
    var email = "ada@example.com"
    var city = "London"
    @Sensitive var street = "12 St James's Square"
    @Sensitive var token = "tok_5f2b9c0d8e7a6b5c4d3e2f1a"
    @Sensitive var password = "correct horse battery staple"
    var theme = "dark"
    var fontSize = 14
    var notifications = true
    @Sensitive var lastSync = 1_763_788_800.5
    var rows = KilobyteState().rows
}

extension Scenario {
    /// The encoder time travel and the debugger write values with: sensitive values redacted.
    /// (The recorders' test, `Redaction.isSensitive`, is package API: it is this cast.)
    static let redactingEncoder = JSONValueEncoder { type in
        type is any SensitiveValue.Type ? .string("<redacted>") : nil
    }

    /// `encode-1kb` and `encode-1kb-redacted`: one state of about 1 KB encoded to a `JSONValue`
    /// as a recording or the debugger encodes it (the redacting encoder), against Foundation's
    /// `JSONEncoder` and the package's parser (how recordings encoded values before).
    static func encodeKilobyte<State: Codable & Sendable>(
        _ name: String, _ summary: String, makeState: @escaping () -> State
    ) -> Scenario {
        Scenario(
            name, summary, fullSize: 20_000, smokeSize: 500,
            systems: [
                (
                    .baselineA,
                    { n in
                        let state = makeState()
                        let encoder = JSONEncoder()
                        var bytes = 0
                        return Trial(
                            operations: n,
                            run: {
                                for _ in 0..<n {
                                    let data = try! encoder.encode(state)  // plain data: never throws
                                    bytes &+= (try? JSONParser.parse(data)).map { _ in data.count } ?? 0
                                }
                            },
                            verify: { bytes > 0 ? nil : "nothing was encoded" })
                    }
                ),
                (
                    .mvi,
                    { n in
                        let state = makeState()
                        let encoder = redactingEncoder
                        var fields = 0
                        return Trial(
                            operations: n,
                            run: {
                                for _ in 0..<n {
                                    if case .object(let object) = try? encoder.encode(state) { fields &+= object.count }
                                }
                            },
                            verify: { expect("fields encoded", fields, 11 * n) })
                    }
                ),
            ])
    }
}
