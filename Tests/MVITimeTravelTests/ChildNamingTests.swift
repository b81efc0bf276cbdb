import MVI
import MVITimeTravel
import Testing

/// A board of cells: each cell is a child feature.
struct Board: Feature {
    struct State: Equatable, Sendable, Codable {
        var cells: [Int: Cell.State] = [:]
    }

    enum Intent: Sendable {
        case cells(Int, Cell.Intent)
    }

    enum Message: Sendable {
        case cells(Int, Cell.Message)
    }

    static let cells = child(Cell(), .each(\.cells), intent: Intent.cells, message: Message.cells)
    // Routes the cells' values, and events name the cell from the scope: no case names to spell.
    static let childScopes: [any ChildScopeRoute<Board>] = [cells]

    /// Every message is a cell's, routed by its scope.
    static func reduce(_ state: inout State, _ message: Message) {}

    /// Every intent is a cell's, routed by its scope.
    func execute(_ intent: Intent, _ context: StoreContext<Self>) {}
}

/// One cell.
struct Cell: ReducingFeature {
    struct State: Equatable, Sendable, Codable { var isOn = false }
    enum Intent: Sendable { case flip }
    typealias Message = Intent

    static func reduce(_ state: inout State, _ message: Message) { state.isOn.toggle() }
}

@Suite struct ChildNamingTests {
    @Test func eventsForAChildNameIt() throws {
        let timeTravel = TimeTravel()
        let store = Store(
            Board(), initialState: .init(cells: [7: .init()]), name: "Board",
            middleware: [try timeTravel.register("Board")])
        timeTravel.startRecording()
        store.send(.cells(7, .flip))
        let events = timeTravel.events
        #expect(events.map(\.path) == ["Board/cells[7]", "Board/cells[7]", "Board"])
        #expect(events.map(\.child) == ["cells[7]", "cells[7]", nil])
    }
}
