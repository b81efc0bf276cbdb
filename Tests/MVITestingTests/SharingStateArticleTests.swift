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
}
