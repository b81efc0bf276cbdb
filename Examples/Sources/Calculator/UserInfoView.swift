import MVI
import MVIView
import TextUI

/// `UserInfoView.Model`: a name and a list of friends.
public struct UserInfoModel: Sendable, Equatable {
    /// The user's name.
    public var name: String
    /// Their friends' names.
    public var friendNames: [String]

    /// Creates the model.
    public init(name: String, friendNames: [String]) {
        self.name = name
        self.friendNames = friendNames
    }
}

/// `interface UserInfoView : MviView<Model, Nothing>`.
@MainActor
public protocol UserInfoView: MVIView where Model == UserInfoModel, Event == Never {}

/// `UserInfoViewImpl` with `diff`: the friends list is set only when the list itself changes
/// (compared by identity, the original's `a === b`), the name only when the name changes.
public final class UserInfoViewImpl: BaseMVIView<UserInfoModel, Never>, UserInfoView, TextRenderable {
    /// The name label.
    public let nameText = TextView()
    /// The friends list.
    public let friendsList = ListView()

    /// Creates the view with its diffing renderer.
    public override init() {
        super.init()
        renderer = diff {
            $0.diff(get: \.name, set: nameText.setText)
            $0.diff(get: \.friendNames, compare: { $0.sharesStorage(with: $1) }, set: friendsList.setItems)
        }
    }

    /// The screen as text.
    public var renderedText: String {
        (["User: \(nameText.text)", "Friends:"] + friendsList.items.map { "  - \($0)" }).joined(separator: "\n")
    }
}
