import MVI
import MVITesting
import Testing

/// A view's writes of single fields, through one intent case and one message case. `Profile`
/// holds the code of the "Composing features" article's section on bindings (MVI.docc): keep
/// them in sync.
@Suite struct StateBindingTests {
    struct Profile: Feature {
        enum Field: Equatable, Sendable { case name, bio }
        struct State: Equatable, Sendable {
            var name = ""
            var address = Address()
            var focus: Field?
            var saves = 0
        }
        struct Address: Equatable, Sendable { var city = "" }
        enum Intent: Equatable, Sendable { case binding(StateBinding<State>) }
        enum Message: Equatable, Sendable { case binding(StateBinding<State>), saved }

        static func reduce(_ state: inout State, _ message: Message) {
            switch message {
            case .binding(let binding): binding.apply(to: &state)
            case .saved: state.saves += 1
            }
        }

        func execute(_ intent: Intent, _ context: StoreContext<Self>) {
            switch intent {
            case .binding(let binding):
                context.dispatch(.binding(binding))
                // Each move of the focus saves: execute reacts to one field's writes.
                if binding.value(at: \.focus) != nil { context.dispatch(.saved) }
            }
        }
    }

    @Test func aWriteSetsItsFieldAndATestAssertsIt() async {
        let store = TestStore(Profile(), initialState: .init())
        await store.send(.binding(.set(\.name, "Ada"))) { $0.name = "Ada" }
        await store.send(.binding(.set(\.address.city, "London"))) { $0.address.city = "London" }
        await store.send(.binding(.set(\.focus, .bio))) {
            $0.focus = .bio
            $0.saves = 1
        }
        await store.send(.binding(.set(\.focus, nil))) {
            $0.focus = nil
            $0.saves = 2
        }
        await store.finish()
    }

    @Test func twoBindingsAreEqualWhenTheyWriteTheSameFieldTheSameValue() {
        typealias Binding = StateBinding<Profile.State>
        #expect(Binding.set(\.name, "Ada") == Binding.set(\.name, "Ada"))
        #expect(Binding.set(\.name, "Ada") != Binding.set(\.name, "Bob"))
        #expect(Binding.set(\.address.city, "Ada") != Binding.set(\.name, "Ada"))
        #expect(Binding.set(\.focus, .name) != Binding.set(\.focus, nil))
        #expect(Binding.set(\.name, "Ada").value(at: \.name) == "Ada")
        #expect(Binding.set(\.name, "Ada").value(at: \.address.city) == nil)
    }

    @Test func aBindingDescribesItsFieldAndValue() {
        let binding = StateBinding<Profile.State>.set(\.name, "Ada")
        #expect(binding.description == #"set(\State.name, "Ada")"#)
        #expect(String(describing: Profile.Intent.binding(binding)).contains(#"set(\State.name, "Ada")"#))
    }
}
