import MVI

// Seed 004 (MVIKotlin), "Efficient view updates": the UserInfo view with diff.

/// `UserInfoView.Model`.
struct UserInfoModel: Sendable {
    var name: String
    var friendNames: [String]
}

/// `interface UserInfoView : MviView<Model, Nothing>`.
@MainActor
protocol UserInfoView: MVIView where Model == UserInfoModel, Event == Never {}

/// `UserInfoViewImpl`, whose renderer is a diff: the friends list is compared by identity
/// (`===` in the seed), so it is set again only when the model carries another list.
final class UserInfoViewImpl: BaseMVIView<UserInfoModel, Never>, UserInfoView, TextRenderable {
    let nameText = TextView()
    let friendsList = ListView()

    override init() {
        super.init()
        renderer = diff {
            $0.diff(get: \.name, set: nameText.setText)
            $0.diff(get: \.friendNames, compare: { $0.sharesStorage(with: $1) }, set: friendsList.setItems)
        }
    }

    var renderedText: String {
        (["UserInfo", "  [name] \(nameText.text)", "  [friends]"] + friendsList.items.map { "    - \($0)" })
            .joined(separator: "\n")
    }
}
