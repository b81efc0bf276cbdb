import Logging
import MVI
import MVILogging
import Testing

/// Logs show a sensitive value as `<redacted>`: intents, messages, side effects, states and
/// state diffs, on the fast path (field by field) and through custom-dump.
@Suite struct RedactionLoggingTests {
    struct SignIn: Feature {
        struct State: Equatable, Sendable {
            var user = ""
            @Sensitive var password = ""
            var attempts = 0
        }
        enum Intent: Equatable, Sendable { case signIn(user: String, password: Sensitive<String>) }
        enum Message: Equatable, Sendable { case signedIn(user: String, password: Sensitive<String>) }
        enum SideEffect: Equatable, Sendable { case remember(Sensitive<String>) }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .signIn(let user, let password):
                context.dispatch(.signedIn(user: user, password: password))
                context.post(.remember(password))
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

    @Test func noLineShowsTheSecret() {
        let (logger, sink) = memoryLogger()
        let store = Store(
            SignIn(), initialState: .init(), name: "SignIn",
            middleware: [.logging(logger: logger, levels: .all(.debug))])
        store.send(.signIn(user: "ada", password: "hunter2"))
        store.send(.signIn(user: "ada", password: "correct horse"))
        store.cancel()
        let log = sink.lines.joined(separator: "\n")
        #expect(!log.contains("hunter2") && !log.contains("correct horse"), "\(log)")
        #expect(sink.lines.contains("[SignIn] intent: signIn(user: \"ada\", password: <redacted>)"), "\(log)")
        #expect(sink.lines.contains("[SignIn] side effect: remember(<redacted>)"), "\(log)")
        // The diff says the password changed, without what to (the second sign-in's, as the
        // Logging article shows it).
        #expect(
            log.contains(
                """
                [SignIn] state:
                  RedactionLoggingTests.SignIn.State(
                    user: "ada",
                -   _password: <redacted>,
                +   _password: <redacted>,
                -   attempts: 1
                +   attempts: 2
                  )
                """), "\(log)")
    }
}
