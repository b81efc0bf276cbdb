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

    var source = Gate<String>()

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

    static let loader = child(Loader.self, at: \.loader, intent: Intent.loader, message: Message.loader)

    var inner: Loader

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .loaderClosed: state.loader = nil
        case .loader(let message): loader.reduce(&state, message)
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .closeLoader: context.dispatch(.loaderClosed)
        case .loader(let intent): context.forward(intent, to: inner, in: Self.loader)
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

    static let add = child(
        Loader.self, at: \.destination, case: Destination.add, intent: Intent.add, message: Message.add)
    static let edit = child(
        Loader.self, at: \.destination, case: Destination.edit, intent: Intent.edit, message: Message.edit)
    static let screenLoader = child(
        Loader.self, in: \.path, case: Screen.loader, intent: Intent.screenLoader, message: Message.screenLoader)
    static let screenPanel = child(
        Panel.self, in: \.path, case: Screen.panel, intent: Intent.screenPanel, message: Message.screenPanel)
    static let rows = child(Loader.self, in: \.rows, intent: Intent.rows, message: Message.rows)
    static let panel = child(Panel.self, at: \.panel, intent: Intent.panel, message: Message.panel)

    var loader: Loader

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .presented(let destination): state.destination = destination
        case .pushed(let screen): state.path.push(screen)
        case .popped: state.path.pop()
        case .rowInserted(let id): state.rows[id] = .init()
        case .rowDeleted(let id): state.rows[id] = nil
        case .panelSet(let panel): state.panel = panel
        case .add(let message): add.reduce(&state, message)
        case .edit(let message): edit.reduce(&state, message)
        case .screenLoader(let id, let message): screenLoader.reduce(&state, message, id: id)
        case .screenPanel(let id, let message): screenPanel.reduce(&state, message, id: id)
        case .rows(let id, let message): rows.reduce(&state, message, id: id)
        case .panel(let message): panel.reduce(&state, message)
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        let panelFeature = Panel(inner: loader)
        switch intent {
        case .present(let destination): context.dispatch(.presented(destination))
        case .push(let screen): context.dispatch(.pushed(screen))
        case .pop: context.dispatch(.popped)
        case .insertRow(let id): context.dispatch(.rowInserted(id))
        case .deleteRow(let id): context.dispatch(.rowDeleted(id))
        case .setPanel(let panel): context.dispatch(.panelSet(panel))
        case .add(let intent): context.forward(intent, to: loader, in: Self.add)
        case .edit(let intent): context.forward(intent, to: loader, in: Self.edit)
        case .screenLoader(let id, let intent): context.forward(intent, to: loader, in: Self.screenLoader, id: id)
        case .screenPanel(let id, let intent): context.forward(intent, to: panelFeature, in: Self.screenPanel, id: id)
        case .rows(let id, let intent): context.forward(intent, to: loader, in: Self.rows, id: id)
        case .panel(let intent): context.forward(intent, to: panelFeature, in: Self.panel)
        }
    }
}

extension Destinations: RoutesToChildren {
    static var childScopes: [any ChildScopeRoute<Destinations>] {
        [add, edit, screenLoader, screenPanel, rows, panel]
    }
}

extension Panel: RoutesToChildren {
    static var childScopes: [any ChildScopeRoute<Panel>] { [loader] }
}
