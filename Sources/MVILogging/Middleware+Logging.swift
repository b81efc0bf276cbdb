import Logging
import MVI

extension Middleware {
    /// Logging middleware: `middleware: [.logging()]`. See ``LoggingMiddleware``.
    ///
    /// - Parameters:
    ///   - logger: Where lines go. Defaults to a logger labelled `swift-mvi`.
    ///   - levels: The level of each kind of event; see ``StoreLogLevels/default``.
    ///   - maxValueLength: The longest a value may be written, in characters.
    public static func logging<F: Feature>(
        logger: Logger = Logger(label: "swift-mvi"),
        levels: StoreLogLevels = .default,
        maxValueLength: Int? = 200
    ) -> Self where Self == LoggingMiddleware<F> {
        LoggingMiddleware(logger: logger, levels: levels, maxValueLength: maxValueLength)
    }
}
