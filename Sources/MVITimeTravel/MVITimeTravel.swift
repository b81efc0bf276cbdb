/// Namespace placeholder; the module is built by its own issue.
public enum MVITimeTravelModule {}
