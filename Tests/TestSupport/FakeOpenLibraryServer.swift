import HTTPServer

/// `FakeOpenLibrary` served over real HTTP on 127.0.0.1 (port chosen by the system), its faults
/// on the wire as `FakeGoogleBooksServer` makes them.
public final class FakeOpenLibraryServer: Sendable {
  public let library: FakeOpenLibrary
  private let server: HTTPServer

  public init(library: FakeOpenLibrary = FakeOpenLibrary()) {
    self.library = library
    server = HTTPServer(host: "127.0.0.1", port: 0) { request in
      FakeGoogleBooksServer.response(
        for: await library.respond(
          method: request.method, target: request.target, userAgent: request.header("User-Agent")))
    }
  }

  public func start() throws {
    try server.start()
  }

  /// `http://127.0.0.1:PORT`, to use as `open_library.api_url`.
  public var apiURL: String { "http://127.0.0.1:\(server.port)" }

  public func stop() async {
    await server.stop()
  }
}
