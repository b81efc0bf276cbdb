import MVI
import MVIFixtures

/// A child that can close itself: at once, or from its async work once the test hands it a
/// value.
struct Sheet: Feature {
    struct State: Equatable, Sendable {
        var text = ""
    }

    enum Intent: Sendable, Equatable {
        case type(String)
        case cancel
        case saveLater
    }

    enum Message: DismissibleMessage, Equatable {
        case dismiss
        case typed(String)
    }

    /// The test's gate (``Fakes``), or one that never opens.
    var source: Gate<String> { Fakes.value() ?? Gate() }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .dismiss: break  // standing alone, there is nothing to close
        case .typed(let text): state.text = text
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .type(let text): context.dispatch(.typed(text))
        case .cancel: context.dismiss()
        case .saveLater:
            context.run(id: "save") { [source] work in
                let text = await source.wait()
                await work.dispatch(.typed(text))
                await work.dismiss()
                // Cancelled with the sheet it closed: this never arrives.
                await work.dispatch(.typed("after dismissal"))
            }
        }
    }
}

/// A sheet in every kind of place: optional, an enum destination's case, a stack's screen,
/// a collection's row, and a place it can never leave.
struct Sheets: Feature {
    enum Destination: Equatable, Sendable {
        case sheet(Sheet.State)
        case other(Sheet.State)
    }

    struct State: Equatable, Sendable {
        var optional: Sheet.State?
        var destination: Destination?
        var path = DestinationStack<Sheet.State>()
        var rows: [Int: Sheet.State] = [:]
        var pinned = Sheet.State()
    }

    enum Intent: Sendable, Equatable {
        case optional(Sheet.Intent)
        case destination(Sheet.Intent)
        case other(Sheet.Intent)
        case path(Int, Sheet.Intent)
        case rows(Int, Sheet.Intent)
        case pinned(Sheet.Intent)
    }

    enum Message: Sendable, Equatable {
        case optional(Sheet.Message)
        case destination(Sheet.Message)
        case other(Sheet.Message)
        case path(Int, Sheet.Message)
        case rows(Int, Sheet.Message)
        case pinned(Sheet.Message)
    }

    static let optional = child(Sheet(), .optional(\.optional), intent: Intent.optional, message: Message.optional)
    static let destination = child(
        Sheet(), .case(\.destination, Destination.sheet), intent: Intent.destination,
        message: Message.destination)
    static let other = child(
        Sheet(), .case(\.destination, Destination.other), intent: Intent.other, message: Message.other)
    static let path = child(Sheet(), .each(\.path), intent: Intent.path, message: Message.path)
    static let rows = child(Sheet(), .each(\.rows), intent: Intent.rows, message: Message.rows)
    static let pinned = child(Sheet(), .at(\.pinned), intent: Intent.pinned, message: Message.pinned)
    static let childScopes: [any ChildScopeRoute<Self>] = [optional, destination, other, path, rows, pinned]

    /// Every case is a sheet's: the scopes route them all, so there is nothing left here.
    static func reduce(_ state: inout State, _ message: Message) {}

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {}
}

/// A child whose async work reports with a side effect that its parent reduces directly.
struct Saver: Feature {
    struct State: Equatable, Sendable {}
    enum Intent: Sendable, Equatable { case save(Int) }
    enum Message: Sendable, Equatable { case never }
    enum SideEffect: Sendable, Equatable { case saved(Int) }

    static func reduce(_ state: inout State, _ message: Message) {}

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .save(let value):
            context.post(.saved(value))
            context.run { work in await work.post(.saved(value * 10)) }
        }
    }
}

/// Holds a saver; what it saves is reduced into the parent's own list, with no intent for it.
struct SaverHost: Feature {
    struct State: Equatable, Sendable {
        var saver: Saver.State? = .init()
        var saved: [Int] = []
    }
    enum Intent: Sendable, Equatable { case saver(Saver.Intent) }
    enum Message: Sendable, Equatable {
        case saver(Saver.Message)
        case saved(Int)
    }

    static let saver = child(
        Saver(), .optional(\.saver), intent: Intent.saver, message: Message.saver,
        sideEffects: { effect in
            switch effect {
            case .saved(let value): .dispatch(.saved(value))
            }
        })
    static let childScopes: [any ChildScopeRoute<Self>] = [saver]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .saver: break  // the saver's: routed by its scope
        case .saved(let value): state.saved.append(value)
        }
    }

    /// Every intent is the saver's, routed by its scope.
    func execute(_ intent: Intent, _ context: StoreContext<Self>) {}
}
