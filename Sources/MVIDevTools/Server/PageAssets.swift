#if DevTools
import Foundation

/// The page: `index.html` with its style sheet and script inlined, so that one response
/// (guarded by the token) carries all of it. Shipped as the module's resources.
struct PageAssets: Sendable {
    let html: String

    static func load() throws -> PageAssets {
        func read(_ name: String) throws -> String {
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Page") else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Page/\(name)"])
            }
            return try String(contentsOf: url, encoding: .utf8)
        }
        let html = try read("index.html")
            .replacingOccurrences(of: "/*STYLE*/", with: read("app.css"))
            .replacingOccurrences(of: "/*SCRIPT*/", with: read("app.js"))
        return PageAssets(html: html)
    }
}
#endif
