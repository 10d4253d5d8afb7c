import HTTPServer

/// Shared helpers for tests (fake Google Books server, temp dirs).
public enum TestSupport {}
