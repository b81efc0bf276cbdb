import MVI
import MVIView

// BmiCalc: intentions are streams of slider values.

struct Bmi: Feature {
    struct State: Equatable, Sendable {
        var height = 160.0
        var weight = 40.0
        var intentsHandled = 0
        var bmi: Double { (weight / (height * height / 10_000) * 10).rounded() / 10 }
    }

    enum Intent: Equatable, Sendable {
        case height(Double)
        case weight(Double)
        case both(height: Double, weight: Double)
    }

    enum Message: Sendable {
        case set(height: Double?, weight: Double?)
    }

    static func reduce(_ state: inout State, _ message: Message) {
        switch message {
        case .set(let height, let weight):
            if let height { state.height = height }
            if let weight { state.weight = weight }
            state.intentsHandled += 1
        }
    }

    func execute(_ intent: Intent, _ context: StoreContext<Self>) {
        switch intent {
        case .height(let height): context.dispatch(.set(height: height, weight: nil))
        case .weight(let weight): context.dispatch(.set(height: nil, weight: weight))
        case .both(let height, let weight): context.dispatch(.set(height: height, weight: weight))
        }
    }
}

extension Store where F == Bmi {
    /// Waits until the state satisfies `condition` (a real signal: the state stream).
    func waitUntil(_ condition: @Sendable (Bmi.State) -> Bool) async {
        for await state in states where condition(state) { return }
    }
}
