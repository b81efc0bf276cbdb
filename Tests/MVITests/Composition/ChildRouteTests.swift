@testable import MVI
import Testing

/// Issue 31, item 6: logs, time travel and test failures name the child an intent or message
/// is for from the feature's scopes, with no case names spelled by hand.
@Suite struct ChildRouteTests {
    private func path(_ value: Any) -> [String]? { ChildPath.of(value, in: Destinations.self) }

    @Test func anIntentOrMessageForAChildNamesItsPlaceAndId() {
        #expect(path(Destinations.Intent.rows(7, .load)) == ["rows[7]"])
        #expect(path(Destinations.Message.rows(7, .loaded("v"))) == ["rows[7]"])
        #expect(path(Destinations.Intent.edit(.setLabel("x"))) == ["destination"])
        #expect(path(Destinations.Intent.screenLoader(2, .load)) == ["path[2]"])
    }

    @Test func aGrandchildsPathGoesThroughItsParent() {
        #expect(path(Destinations.Intent.screenPanel(3, .loader(.load))) == ["path[3]", "loader"])
        #expect(path(Destinations.Message.panel(.loader(.labelled("x")))) == ["panel", "loader"])
        // The panel's own intent stops at the panel.
        #expect(path(Destinations.Intent.panel(.closeLoader)) == ["panel"])
    }

    @Test func theFeaturesOwnIntentsAndMessagesAreNotRouted() {
        #expect(path(Destinations.Intent.pop) == nil)
        #expect(path(Destinations.Intent.present(.add(.init()))) == nil)
        #expect(path(Destinations.Message.rowInserted(1)) == nil)
        // Looked into with another feature's scopes, a value is none of its children's.
        #expect(ChildPath.of(Destinations.Intent.rows(7, .load), in: Panel.self) == nil)
    }

    @Test func twoCasesCarryingTheSameChildAreToldApartByTheirEmbedding() {
        // `add` and `edit` both carry a loader's intent: each scope claims only its own case.
        #expect(Destinations.add.route(Destinations.Intent.edit(.load)) == nil)
        #expect(Destinations.edit.route(Destinations.Intent.edit(.load))?.step == "destination")
        #expect(Destinations.screenLoader.route(Destinations.Intent.rows(1, .load)) == nil)
        #expect(Destinations.rows.route(Destinations.Intent.rows(1, .load))?.step == "rows[1]")
    }

    @Test func theNameInLogsStartsWithTheStore() {
        let grandchild = Destinations.Intent.screenPanel(3, .loader(.load))
        #expect(ChildPath.name(of: grandchild, in: Destinations.self, inStore: "App") == "App/path[3]/loader")
        #expect(ChildPath.name(of: Destinations.Intent.pop, in: Destinations.self, inStore: "App") == "App")
    }
}
