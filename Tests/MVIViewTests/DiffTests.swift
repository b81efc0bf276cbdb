import MVI
import MVIView
import MVIFixtures
import Testing

@MainActor
@Suite("Views and diff")
struct DiffTests {
    @Test("UserInfoView: the friends list is not set again when only the name changes")
    func userInfoSkipsTheListWhenOnlyTheNameChanges() {
        let view = UserInfoViewImpl()
        var model = UserInfoModel(name: "Ann", friendNames: ["Bob", "Cid"])

        view.render(model)
        #expect(view.nameText.text == "Ann")
        #expect(view.friendsList.items == ["Bob", "Cid"])
        #expect(view.nameText.setCount == 1)
        #expect(view.friendsList.setCount == 1)

        model.name = "Anna"  // a copy with only the name changed keeps the list's storage
        view.render(model)
        #expect(view.nameText.text == "Anna")
        #expect(view.nameText.setCount == 2)
        #expect(view.friendsList.setCount == 1)

        model.friendNames.append("Dee")
        view.render(model)
        #expect(view.friendsList.items == ["Bob", "Cid", "Dee"])
        #expect(view.friendsList.setCount == 2)
        #expect(view.nameText.setCount == 2)
    }

    @Test("The first render sets everything, an unchanged model sets nothing")
    func firstRenderSetsEverything() {
        var names: [String] = []
        var counts: [Int] = []
        let renderer = DiffRenderer<UserInfoModel> {
            $0.diff(\.name) { names.append($0) }
            $0.diff(\.friendNames.count) { counts.append($0) }
        }
        let model = UserInfoModel(name: "Ann", friendNames: [])
        renderer.render(model)
        renderer.render(model)
        #expect(names == ["Ann"])
        #expect(counts == [0])
    }

    @Test("Equal values are not set again, even if they are new values")
    func equalValuesAreSkipped() {
        var set: [String] = []
        let renderer = DiffRenderer<UserInfoModel> { $0.diff(\.name) { set.append($0) } }
        renderer.render(UserInfoModel(name: "Ann", friendNames: []))
        renderer.render(UserInfoModel(name: String("An" + "n"), friendNames: ["x"]))
        renderer.render(UserInfoModel(name: "Bob", friendNames: []))
        #expect(set == ["Ann", "Bob"])
    }

    @Test("An equal list built separately is set again under identity comparison")
    func identityComparisonSeesNewLists() {
        let view = UserInfoViewImpl()
        view.render(UserInfoModel(name: "Ann", friendNames: ["Bob"]))
        view.render(UserInfoModel(name: "Ann", friendNames: ["Bob"].map { $0 }))
        #expect(view.friendsList.setCount == 2)
        #expect(view.nameText.setCount == 1)
    }

    @Test("A custom comparator decides what counts as a change")
    func customComparator() {
        var set: [String] = []
        let renderer = DiffRenderer<UserInfoModel> {
            $0.diff(\.name, compare: { $0.lowercased() == $1.lowercased() }) { set.append($0) }
        }
        for name in ["ann", "ANN", "Bob"] {
            renderer.render(UserInfoModel(name: name, friendNames: []))
        }
        #expect(set == ["ann", "Bob"])
    }

    @Test("sharesStorage is true for copies, false for equal arrays built apart")
    func sharesStorage() {
        let a = [1, 2, 3]
        var b = a
        #expect(a.sharesStorage(with: b))
        b.append(4)
        #expect(!a.sharesStorage(with: b))
        #expect(!a.sharesStorage(with: [1, 2, 3]))
        #expect([Int]().sharesStorage(with: []))
    }
}
