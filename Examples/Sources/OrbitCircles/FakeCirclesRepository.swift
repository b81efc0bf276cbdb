import Synchronization

/// A circles repository for samples and tests: succeeds or fails as told, and records calls.
public final class FakeCirclesRepository: CirclesRepository {
    /// Why a fake call failed.
    public struct Failure: Error, Equatable {
        /// Creates the error.
        public init() {}
    }

    private let state: Mutex<(circles: [String: CircleConfigModel], failing: Bool, calls: [String], nextID: Int)>

    /// Creates the fake with these circles; with `failing`, every call throws.
    public init(circles: [CircleConfigModel] = [], failing: Bool = false) {
        state = Mutex((Dictionary(uniqueKeysWithValues: circles.map { ($0.id, $0) }), failing, [], 1))
    }

    /// The calls made so far.
    public var calls: [String] { state.withLock { $0.calls } }

    private func record(_ call: String) throws {
        try state.withLock { state in
            state.calls.append(call)
            if state.failing { throw Failure() }
        }
    }

    /// Creates a circle with the next id.
    public func createCircle(_ request: CreateOrEditCircleRequest) async throws -> CircleConfigModel {
        try record("createCircle(\(request.circleName))")
        return state.withLock { state in
            let circle = CircleConfigModel(
                id: "circle-\(state.nextID)", name: request.circleName, coverPhoto: request.coverPhoto)
            state.nextID += 1
            state.circles[circle.id] = circle
            return circle
        }
    }

    /// Saves a circle.
    public func editCircle(_ id: String, _ request: CreateOrEditCircleRequest) async throws -> CircleConfigModel {
        try record("editCircle(\(id))")
        let circle = CircleConfigModel(id: id, name: request.circleName, coverPhoto: request.coverPhoto)
        state.withLock { $0.circles[id] = circle }
        return circle
    }

    /// Loads a circle; throws for an unknown id.
    public func getCircle(_ id: String) async throws -> CircleConfigModel {
        try record("getCircle(\(id))")
        guard let circle = state.withLock({ $0.circles[id] }) else { throw Failure() }
        return circle
    }

    /// Deletes a circle.
    public func deleteCircle(_ id: String) async throws {
        try record("deleteCircle(\(id))")
        state.withLock { _ = $0.circles.removeValue(forKey: id) }
    }
}
