import Logging
import MVI

extension Middleware {
    /// Logging middleware: `middleware: [.logging()]`. See ``LoggingMiddleware``.
    public static func logging<F: Feature>(
        logger: Logger = Logger(label: "swift-mvi"),
        levels: StoreLogLevels = .default,
        maxValueLength: Int? = 200
    ) -> Self where Self == LoggingMiddleware<F> {
        LoggingMiddleware(logger: logger, levels: levels, maxValueLength: maxValueLength)
    }
}
