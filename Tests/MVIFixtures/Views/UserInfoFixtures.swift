import MVI
import MVIView

// MVIKotlin's "Efficient view updates": the UserInfo view with diff.

/// `UserInfoView.Model`.
package struct UserInfoModel: Sendable {
    package var name: String
    package var friendNames: [String]

    package init(name: String, friendNames: [String]) {
        self.name = name
        self.friendNames = friendNames
    }
}

/// `interface UserInfoView : MviView<Model, Nothing>`.
@MainActor
package protocol UserInfoView: MVIView where Model == UserInfoModel, Event == Never {}

/// `UserInfoViewImpl`, whose renderer is a diff: the friends list is compared by identity
/// (`===` in MVIKotlin), so it is set again only when the model carries another list.
package final class UserInfoViewImpl: BaseMVIView<UserInfoModel, Never>, UserInfoView, TextRenderable {
    package let nameText = TextView()
    package let friendsList = ListView()

    package override init() {
        super.init()
        renderer = diff {
            $0.diff(get: \.name, set: nameText.setText)
            $0.diff(get: \.friendNames, compare: { $0.sharesStorage(with: $1) }, set: friendsList.setItems)
        }
    }

    package var renderedText: String {
        (["UserInfo", "  [name] \(nameText.text)", "  [friends]"] + friendsList.items.map { "    - \($0)" })
            .joined(separator: "\n")
    }
}
