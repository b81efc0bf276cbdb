import MVI
import MVIView
import Testing

/// `DiffRenderer` reads a key path of stored properties at its byte offset and any other key
/// path through the key path: both must read the value the key path names.
@MainActor
@Suite("Views and diff: key paths of every shape")
struct DiffKeyPathTests {
    struct Inner: Sendable {
        var padding: (Int8, Int64) = (0, 0)
        var title: String
        var score: Int
        var scoreText: String { "score \(score)" }
    }

    struct Screen: Sendable {
        var flag = false
        var inner: Inner
        var maybe: Inner?
        var tags: [String] = []
    }

    final class ScreenObject {
        var count: Int
        var label: String
        init(count: Int, label: String) {
            self.count = count
            self.label = label
        }
    }

    @Test("A nested stored key path is read at its offset, and a change is seen")
    func nestedStoredPaths() {
        var titles: [String] = []
        var scores: [Int] = []
        let renderer = DiffRenderer<Screen> {
            $0.diff(\.inner.title) { titles.append($0) }
            $0.diff(\.inner.score) { scores.append($0) }
        }
        var screen = Screen(inner: Inner(title: "a", score: 1))
        renderer.render(screen)
        screen.inner.score = 2
        renderer.render(screen)
        screen.inner.title = "b"
        screen.flag = true
        renderer.render(screen)
        #expect(titles == ["a", "b"])
        #expect(scores == [1, 2])
    }

    @Test("Computed, optional-chained and collection key paths go through the key path")
    func pathsWithoutAnOffset() {
        var texts: [String] = []
        var maybeTitles: [String?] = []
        var tagCounts: [Int] = []
        let renderer = DiffRenderer<Screen> {
            $0.diff(\.inner.scoreText) { texts.append($0) }
            $0.diff(\.maybe?.title) { maybeTitles.append($0) }
            $0.diff(\.tags.count) { tagCounts.append($0) }
        }
        var screen = Screen(inner: Inner(title: "a", score: 1))
        renderer.render(screen)
        screen.inner.score = 5
        screen.maybe = Inner(title: "m", score: 0)
        screen.tags = ["x", "y"]
        renderer.render(screen)
        #expect(texts == ["score 1", "score 5"])
        #expect(maybeTitles == [nil, "m"])
        #expect(tagCounts == [0, 2])
    }

    @Test("A class model is read through its key paths, never at an offset")
    func classModel() {
        var counts: [Int] = []
        var labels: [String] = []
        let renderer = DiffRenderer<ScreenObject> {
            $0.diff(\.count) { counts.append($0) }
            $0.diff(\.label) { labels.append($0) }
        }
        let object = ScreenObject(count: 1, label: "one")
        renderer.render(object)
        object.count = 2
        renderer.render(object)
        object.label = "two"
        renderer.render(object)
        #expect(counts == [1, 2])
        #expect(labels == ["one", "two"])
    }

    @Test("A setter that renders again: each entry keeps the last value it set, and nothing is lost")
    func reentrantRender() {
        var titles: [String] = []
        var scores: [Int] = []
        var renderer: DiffRenderer<Screen>?
        renderer = DiffRenderer<Screen> {
            $0.diff(\.inner.title) { title in
                titles.append(title)
                // The first title shown asks for a newer model at once, from inside the render.
                if title == "a" { renderer?.render(Screen(inner: Inner(title: "b", score: 2))) }
            }
            $0.diff(\.inner.score) { scores.append($0) }
        }
        renderer?.render(Screen(inner: Inner(title: "a", score: 1)))
        #expect(titles == ["a", "b"])
        // The nested render set score 2; the outer one then set its own model's score 1.
        #expect(scores == [2, 1])
        renderer?.render(Screen(inner: Inner(title: "b", score: 1)))
        #expect(titles == ["a", "b"])
        #expect(scores == [2, 1])
    }

    @Test("A setter that adds an entry: the running render finishes, the next one runs it too")
    func entryAddedDuringRender() {
        var titles: [String] = []
        var scores: [Int] = []
        var renderer: DiffRenderer<Screen>?
        renderer = DiffRenderer<Screen> {
            $0.diff(\.inner.title) { title in
                titles.append(title)
                // `render` runs its chain unretained; the one that replaces it keeps it alive.
                if title == "a" { renderer?.diff(\.inner.score) { scores.append($0) } }
            }
        }
        renderer?.render(Screen(inner: Inner(title: "a", score: 1)))
        #expect(titles == ["a"])
        #expect(scores == [])
        renderer?.render(Screen(inner: Inner(title: "b", score: 2)))
        #expect(titles == ["a", "b"])
        #expect(scores == [2])
    }
}
