import MVI
import Testing

/// The samples of "Redacting sensitive values" (`MVI.docc/RedactingSensitiveValues.md`),
/// compiled and run.
@Suite struct RedactionArticleTests {
    struct SignIn: Feature {
        struct State: Equatable, Codable, Sendable {
            var user = ""
            @Sensitive var password = ""
            var attempts = 0
        }
        enum Intent: Equatable, Codable, Sendable {
            case signIn(user: String, password: Sensitive<String>)
        }
        enum Message: Equatable, Codable, Sendable {
            case signedIn(user: String, password: Sensitive<String>)
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .signIn(let user, let password):
                context.dispatch(.signedIn(user: user, password: password))
            }
        }

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .signedIn(let user, let password):
                state.user = user
                state.password = password.wrappedValue
                state.attempts += 1
            }
        }
    }

    struct Credentials: SensitiveValue, Equatable, Codable, Sendable {
        var user: String
        var token: String
    }

    @Test func theAppSeesTheValueAndEverythingElseThePlaceholder() async {
        let store = Store(SignIn(), initialState: .init())
        let typedPassword = "hunter2"
        store.send(.signIn(user: "ada", password: Sensitive(typedPassword)))
        await store.waitForIdle()
        #expect(store.state.password == "hunter2")
        #expect(String(describing: store.state) == #"State(user: "ada", _password: <redacted>, attempts: 1)"#)
        #expect(
            String(describing: SignIn.Message.signedIn(user: "ada", password: "hunter2"))
                == #"signedIn(user: "ada", password: <redacted>)"#)
        #expect(String(describing: Credentials(user: "ada", token: "t")) == Redaction.placeholder)
    }
}
