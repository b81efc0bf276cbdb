import Dependencies
import Foundation
import MVI
import MVIDependencies
import MVITimeTravel
import Testing

// The samples of the "Recording and replaying dependency results" article
// (MVIDependencies.docc/ReplayingDependencies.md), compiled and run.

/// What the article's live value calls: a stand-in for a weather server.
actor WeatherService {
    static let shared = WeatherService()
    private(set) var calls = 0

    func forecast(for city: String) throws -> Forecast {
        calls += 1
        guard city != "Atlantis" else { throw WeatherError.unknownCity(city) }
        return Forecast(city: city, celsius: city.count)
    }
}

struct Forecast: Codable, Equatable, Sendable {
    var city: String
    var celsius: Int
}

enum WeatherError: Error, Codable, Equatable, CustomStringConvertible {
    case unknownCity(String)
    var description: String {
        switch self {
        case .unknownCity(let city): "no weather for \(city)"
        }
    }
}

struct WeatherClient: Sendable {
    var forecast: @Sendable (String) async throws -> Forecast
}

extension WeatherClient: DependencyKey {
    static let liveValue = WeatherClient(
        forecast: replayable("weather.forecast", errors: [WeatherError.self]) { city in
            try await WeatherService.shared.forecast(for: city)
        })

    /// The test's value: any call that reaches it fails the test.
    static let unreachable = WeatherClient(
        forecast: replayable("weather.forecast", errors: [WeatherError.self]) { _ in
            Issue.record("the forecast was not answered from the recording")
            throw CancellationError()
        })
}

extension DependencyValues {
    var weather: WeatherClient {
        get { self[WeatherClient.self] }
        set { self[WeatherClient.self] = newValue }
    }
}

struct Weather: Feature {
    struct State: Codable, Equatable, Sendable {
        var forecast: Forecast?
        var problem: String?
    }
    enum Intent: Codable, Sendable { case show(city: String) }
    enum Message: Codable, Sendable { case loaded(Forecast), failed(String) }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .loaded(let forecast): (state.forecast, state.problem) = (forecast, nil)
        case .failed(let problem): state.problem = problem
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .show(let city):
            context.run(id: "forecast") { work in
                @Dependency(\.weather) var weather
                do {
                    await work.dispatch(.loaded(try await weather.forecast(city)))
                } catch let error as WeatherError {
                    await work.dispatch(.failed(error.description))
                }
            }
        }
    }
}

@Suite struct ReplayingArticleTests {
    /// A session on the live value, as on a user's device, exported to a file.
    static func recordSession() async throws -> URL {
        let timeTravel = TimeTravel()
        timeTravel.startRecording()
        let middleware = try timeTravel.register("Weather", for: Weather.self)
        let store = withDependencies {
            $0.context = .live
        } operation: {
            Store(
                Weather(), initialState: .init(), name: "Weather", middleware: [middleware],
                environment: .dependencies())
        }
        for city in ["Oslo", "Atlantis"] {
            store.send(.show(city: city))
            await store.waitForIdle()
        }
        #expect(store.state.problem == "no weather for Atlantis")
        let url = URL.temporaryDirectory.appending(path: "weather-\(UUID()).json")
        try timeTravel.export().write(to: url)
        return url
    }

    @Test func theReportedSessionReproduces() async throws {
        let recordingURL = try await Self.recordSession()
        defer { try? FileManager.default.removeItem(at: recordingURL) }
        let callsBefore = await WeatherService.shared.calls

        let rerun = try await TimeTravelReplay.rerun(
            try Data(contentsOf: recordingURL), feature: Weather(),
            environment: .dependencies { $0.weather = .unreachable })
        #expect(rerun.divergence == nil, "\(rerun)")
        #expect(rerun.isFaithful)

        #expect(await WeatherService.shared.calls == callsBefore)
        #expect(rerun.answeredCalls == 2)
        let last = try #require(rerun.replayed.events.last { $0.kind == .state })
        #expect(last.description.contains("no weather for Atlantis"))
    }
}
