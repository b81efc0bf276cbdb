import MVI
import MVITesting
import Testing

/// The samples of MVI's "Sharing state" article, compiled and run.
enum SharingStateArticle {
    struct Settings: Equatable, Sendable {
        var fontSize = 14
    }

    struct Editor: Feature {
        struct State: Equatable, Sendable {
            var settings = Settings()
            var text = ""
        }

        enum Intent: Sendable { case biggerText, type(String) }
        typealias Message = Intent

        static func reduce(_ state: inout State, _ message: Intent) {
            switch message {
            case .biggerText: state.settings.fontSize += 1
            case .type(let text): state.text = text
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(intent) }
    }
}

/// The "Within one store" sample: a contact's detail over the contacts.
enum SharedElementsArticle {
    struct Contact: Identifiable, Equatable, Sendable {
        var id: Int
        var name: String
    }

    struct ContactDetail: Feature {
        struct State: Equatable, Sendable {
            var contact: Contact
        }

        enum Intent: Equatable, Sendable { case rename(String) }
        typealias Message = Intent

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .rename(let name): state.contact.name = name
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) { context.dispatch(intent) }
    }

    struct ContactsApp: Feature {
        enum Screen: Equatable, Sendable {
            case detail(ContactDetail.State)
        }

        struct State: Equatable, Sendable {
            var contacts: [Contact] = []
            var path = DestinationStack<Screen>()
        }

        static let sharedElements = [
            SharedElements(\State.contacts, copiedIn: .each(in: \.path, case: Screen.detail, at: \.contact))
        ]

        enum Intent: Equatable, Sendable {
            case open(Contact), delete(Contact.ID), detail(Int, ContactDetail.Intent)
        }

        enum Message: Equatable, Sendable {
            case opened(Contact), deleted(Contact.ID), detail(Int, ContactDetail.Message)
        }

        static let detail = child(
            ContactDetail(), .each(\.path, Screen.detail), intent: Intent.detail, message: Message.detail)
        static let childScopes: [any ChildScopeRoute<Self>] = [detail]

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .opened(let contact): state.path.push(.detail(.init(contact: contact)))
            case .deleted(let id): state.contacts.removeAll { $0.id == id }
            case .detail: break  // the detail's: routed by its scope
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .open(let contact): context.dispatch(.opened(contact))
            case .delete(let id): context.dispatch(.deleted(id))
            case .detail: break  // the detail's: routed by its scope
            }
        }
    }
}

@Suite struct SharingStateArticleTests {
    typealias Settings = SharingStateArticle.Settings
    typealias Editor = SharingStateArticle.Editor

    @Test func overview() {
        let settings = Shared(Settings())
        let left = Store(Editor(), initialState: .init(), sharing: [.init(\.settings, settings)])
        let right = Store(Editor(), initialState: .init(), sharing: [.init(\.settings, settings)])

        left.send(.biggerText)
        #expect(right.state.settings.fontSize == 15)

        settings.withLock { $0.fontSize = 20 }
        #expect(left.state.settings.fontSize == 20)
        #expect(right.state.settings.fontSize == 20)
    }

    @Test func testing() async {
        let settings = Shared(Settings())
        let store = TestStore(Editor(), initialState: .init(), sharing: [.init(\.settings, settings)])
        settings.withLock { $0.fontSize = 20 }
        await store.assert { $0.settings.fontSize = 20 }
        await store.send(.biggerText) { $0.settings.fontSize = 21 }
        #expect(settings.value.fontSize == 21)
    }

    @Test func withinOneStore() async {
        typealias Contact = SharedElementsArticle.Contact
        let blob = Contact(id: 1, name: "Blob")
        let store = TestStore(SharedElementsArticle.ContactsApp(), initialState: .init(contacts: [blob]))
        await store.send(.open(blob)) { $0.path.push(.detail(.init(contact: blob))) }
        await store.send(\.detail[0], .rename("Blob Jr.")) { $0.contact.name = "Blob Jr." }
        #expect(store.state.contacts == [Contact(id: 1, name: "Blob Jr.")])
        await store.send(.delete(1)) {
            $0.contacts = []
            $0.path = .init()
        }
        await store.finish()
    }
}
