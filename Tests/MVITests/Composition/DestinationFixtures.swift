import MVI
import MVIFixtures

/// A child whose one intent starts work that waits for the test, then reports what it got.
struct Loader: Feature {
    struct State: Equatable, Sendable {
        var label = ""
        var loaded: String?
    }

    enum Intent: Sendable, Equatable {
        case load
        case setLabel(String)
    }

    enum Message: Sendable, Equatable {
        case loaded(String)
        case labelled(String)
    }

    /// The test's gate (``Fakes``), or one that never opens.
    var source: Gate<String> { Fakes.value() ?? Gate() }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .loaded(let value): state.loaded = value
        case .labelled(let label): state.label = label
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .setLabel(let label): context.dispatch(.labelled(label))
        case .load:
            context.run(id: "load") { [source] work in
                let value = await source.wait()
                try Task.checkCancellation()
                await work.dispatch(.loaded(value))
            }
        }
    }
}

/// A child with a child of its own: a panel holding an optional loader.
struct Panel: Feature {
    struct State: Equatable, Sendable {
        var loader: Loader.State? = .init()
    }

    enum Intent: Sendable, Equatable {
        case closeLoader
        case loader(Loader.Intent)
    }

    enum Message: Sendable, Equatable {
        case loaderClosed
        case loader(Loader.Message)
    }

    static let loader = child(Loader(), .optional(\.loader), intent: Intent.loader, message: Message.loader)
    static let childScopes: [any ChildScopeRoute<Self>] = [loader]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .loaderClosed: state.loader = nil
        case .loader: break  // the loader's: routed by its scope
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .closeLoader: context.dispatch(.loaderClosed)
        case .loader: break  // the loader's: routed by its scope
        }
    }
}

/// Every kind of destination at once, none of whose removals cancels work by hand: an enum
/// destination with two cases of one feature, a stack of two kinds of screens, a collection
/// of rows, and an optional panel with a grandchild.
struct Destinations: Feature {
    enum Destination: Equatable, Sendable {
        case add(Loader.State)
        case edit(Loader.State)
        case confirm(String)
    }

    enum Screen: Equatable, Sendable {
        case loader(Loader.State)
        case panel(Panel.State)
    }

    struct State: Equatable, Sendable {
        var destination: Destination?
        var path = DestinationStack<Screen>()
        var rows: [Int: Loader.State] = [:]
        var panel: Panel.State?
    }

    enum Intent: Sendable, Equatable {
        case present(Destination?)
        case push(Screen)
        case pop
        case insertRow(Int)
        case deleteRow(Int)
        case setPanel(Panel.State?)
        case add(Loader.Intent)
        case edit(Loader.Intent)
        case screenLoader(Int, Loader.Intent)
        case screenPanel(Int, Panel.Intent)
        case rows(Int, Loader.Intent)
        case panel(Panel.Intent)
    }

    enum Message: Sendable, Equatable {
        case presented(Destination?)
        case pushed(Screen)
        case popped
        case rowInserted(Int)
        case rowDeleted(Int)
        case panelSet(Panel.State?)
        case add(Loader.Message)
        case edit(Loader.Message)
        case screenLoader(Int, Loader.Message)
        case screenPanel(Int, Panel.Message)
        case rows(Int, Loader.Message)
        case panel(Panel.Message)
    }

    static let add = child(Loader(), .case(\.destination, Destination.add), intent: Intent.add, message: Message.add)
    static let edit = child(
        Loader(), .case(\.destination, Destination.edit), intent: Intent.edit, message: Message.edit)
    static let screenLoader = child(
        Loader(), .each(\.path, Screen.loader), intent: Intent.screenLoader, message: Message.screenLoader)
    static let screenPanel = child(
        Panel(), .each(\.path, Screen.panel), intent: Intent.screenPanel, message: Message.screenPanel)
    static let rows = child(Loader(), .each(\.rows), intent: Intent.rows, message: Message.rows)
    static let panel = child(Panel(), .optional(\.panel), intent: Intent.panel, message: Message.panel)
    static let childScopes: [any ChildScopeRoute<Self>] = [add, edit, screenLoader, screenPanel, rows, panel]

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .presented(let destination): state.destination = destination
        case .pushed(let screen): state.path.push(screen)
        case .popped: state.path.pop()
        case .rowInserted(let id): state.rows[id] = .init()
        case .rowDeleted(let id): state.rows[id] = nil
        case .panelSet(let panel): state.panel = panel
        case .add, .edit, .screenLoader, .screenPanel, .rows, .panel: break  // the children's
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .present(let destination): context.dispatch(.presented(destination))
        case .push(let screen): context.dispatch(.pushed(screen))
        case .pop: context.dispatch(.popped)
        case .insertRow(let id): context.dispatch(.rowInserted(id))
        case .deleteRow(let id): context.dispatch(.rowDeleted(id))
        case .setPanel(let panel): context.dispatch(.panelSet(panel))
        case .add, .edit, .screenLoader, .screenPanel, .rows, .panel: break  // the children's
        }
    }
}
