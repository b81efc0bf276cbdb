import MVI

/// A sign-in whose password is sensitive (`Sensitive`): what the redaction tests of time travel
/// and the debugger record, export and send, looking for the password everywhere.
package struct SignIn: Feature {
    package struct State: Equatable, Codable, Sendable {
        package var user = ""
        @Sensitive package var password = ""
        package var attempts = 0

        package init() {}
    }
    package enum Intent: Equatable, Codable, Sendable { case signIn(user: String, password: Sensitive<String>) }
    package enum Message: Equatable, Codable, Sendable { case signedIn(user: String, password: Sensitive<String>) }

    package init() {}

    package func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .signIn(let user, let password): context.dispatch(.signedIn(user: user, password: password))
        }
    }

    package static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .signedIn(let user, let password):
            state.user = user
            state.password = password.wrappedValue
            state.attempts += 1
        }
    }
}
