import HTTPServer

/// Answering browsers: the event stream, the built files with the reload script, the error page.
extension PreviewServer {
  static func respond(
    to request: HTTPRequest, mount: SiteMount, files: StaticFileHandler, hub: LiveReloadHub
  ) async -> HTTPResponse {
    if request.path == LiveReloadScript.eventsPath {
      return eventStream(since: request.queryValue("since").flatMap { Int($0) }, hub: hub)
    }
    let (generation, failure) = await hub.status
    if let failure, wantsPage(request), request.method == "GET" || request.method == "HEAD" {
      return .html(ErrorPage.html(message: failure, generation: generation), status: 500)
    }
    // The conditional check is redone here: a served page's bytes depend on the generation.
    var unconditional = request
    unconditional.headers.removeAll { $0.name.lowercased() == "if-none-match" }
    var response: HTTPResponse
    switch mount.route(unconditional) {
    case .site(let inner):
      response = files.respond(to: inner)
    case .redirect(let location):
      response = .text("Found\n", status: 302)
      response.headers.append(("Location", location))
    case .outside:
      let reads = request.method == "GET" || request.method == "HEAD"
      response = reads ? files.notFound(for: unconditional) : files.respond(to: unconditional)
    }
    guard response.header("Content-Type")?.hasPrefix("text/html") == true,
      case .bytes(let body) = response.body
    else {
      return conditional(response, for: request)
    }
    response.body = .bytes(LiveReloadScript.inject(into: body, generation: generation))
    if let index = response.headers.firstIndex(where: { $0.name == "ETag" }) {
      response.headers[index].value = String(response.headers[index].value.dropLast()) + "-g\(generation)\""
    }
    return conditional(response, for: request)
  }

  private static func conditional(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
    guard response.status == 200, let etag = response.header("ETag"),
      StaticFileHandler.matches(ifNoneMatch: request.header("If-None-Match"), etag: etag)
    else { return response }
    return HTTPResponse(status: 304, headers: response.headers.filter { $0.name != "Content-Type" })
  }

  /// Pages, not assets: what a browser navigates to.
  private static func wantsPage(_ request: HTTPRequest) -> Bool {
    if request.header("Accept")?.contains("text/html") == true { return true }
    let last = request.path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    return last.isEmpty || last.hasSuffix(".html") || last.hasSuffix(".htm") || !last.contains(".")
  }

  private static func eventStream(since generation: Int?, hub: LiveReloadHub) -> HTTPResponse {
    let headers: [(name: String, value: String)] = [
      ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
    ]
    return HTTPResponse(status: 200, headers: headers) { writer in
      let events = await hub.subscribe(since: generation)
      try await writer.write("retry: 1000\n: connected\n\n")
      for await event in events {
        try await writer.write(event.serverSentEvent)
      }
    }
  }
}
