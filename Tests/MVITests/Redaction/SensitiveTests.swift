import Foundation
import MVI
import Testing

/// What `Sensitive` and `SensitiveValue` show, and that `Codable` still sees the real value.
@Suite struct SensitiveTests {
    struct Account: Equatable, Codable, Sendable {
        var user = "ada"
        @Sensitive var password = "hunter2"
    }

    struct Credentials: SensitiveValue, Equatable, Codable, Sendable {
        var user: String
        var token: String
    }

    enum Intent: Equatable, Sendable {
        case signIn(user: String, password: Sensitive<String>)
        case useCredentials(Credentials)
    }

    @Test func aSensitiveFieldIsRedactedInEveryText() {
        let account = Account()
        let texts = [
            String(describing: account), String(reflecting: account), "\(account)", dumped(account),
            String(describing: Mirror(reflecting: account).children.map(\.value)),
        ]
        for text in texts {
            #expect(!text.contains("hunter2"), "\(text)")
            #expect(text.contains(Redaction.placeholder), "\(text)")
            #expect(text.contains("ada"), "\(text)")
        }
        #expect(account.password == "hunter2")
    }

    @Test func aCasePayloadAndAWholeTypeAreRedacted() {
        let intents: [Intent] = [
            .signIn(user: "ada", password: "hunter2"),
            .useCredentials(Credentials(user: "grace", token: "tok-secret")),
        ]
        for intent in intents {
            let text = String(describing: intent) + dumped(intent)
            #expect(!text.contains("hunter2") && !text.contains("tok-secret") && !text.contains("grace"), "\(text)")
            #expect(text.contains(Redaction.placeholder))
        }
        #expect(Mirror(reflecting: Credentials(user: "a", token: "b")).children.isEmpty)
        #expect(Redaction.isSensitive(Credentials.self))
        #expect(Redaction.isSensitive(Sensitive<Int>.self))
        #expect(!Redaction.isSensitive(Account.self))
    }

    @Test func codableSeesTheRealValue() throws {
        let account = Account()
        let data = try JSONEncoder().encode(account)
        #expect(String(decoding: data, as: UTF8.self).contains("\"password\":\"hunter2\""))
        #expect(try JSONDecoder().decode(Account.self, from: data) == account)
    }

    @Test func equalityAndHashingUseTheValue() {
        #expect(Sensitive("a") == Sensitive("a"))
        #expect(Sensitive("a") != Sensitive("b"))
        #expect(Set([Sensitive(1), Sensitive(1), Sensitive(2)]).count == 2)
    }

    @Test func thePlaceholderDecodesAsAStringAndIsATypedErrorForAnythingElse() throws {
        let redacted = Data(#"{"user":"ada","password":"<redacted>"}"#.utf8)
        #expect(try JSONDecoder().decode(Account.self, from: redacted).password == Redaction.placeholder)

        struct Pin: Decodable { @Sensitive var pin: Int }
        #expect {
            try JSONDecoder().decode(Pin.self, from: Data(#"{"pin":"<redacted>"}"#.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.contains("redacted") && context.codingPath.last?.stringValue == "pin"
        }
        // Any other wrong value is the ordinary error.
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Pin.self, from: Data(#"{"pin":"seven"}"#.utf8))
        }
    }

    private func dumped(_ value: some Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }
}
