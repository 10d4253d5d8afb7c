/// What open pages are told after a build.
enum LiveReloadEvent: Sendable, Equatable {
  case reload
  case error(message: String)
  /// A comment line, so connections to closed tabs are noticed and dropped.
  case heartbeat

  /// The event in `text/event-stream` framing; every message line gets its own `data:`.
  var serverSentEvent: String {
    switch self {
    case .reload:
      return "event: reload\ndata: reload\n\n"
    case .error(let message):
      let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
      return "event: error\n" + lines.map { "data: \($0)\n" }.joined() + "\n"
    case .heartbeat:
      return ": heartbeat\n\n"
    }
  }
}

/// The build state shared by the watcher and the request handler, and the open event streams.
actor LiveReloadHub {
  /// Counts finished builds; pages carry the generation they were served from.
  private(set) var generation = 0
  private(set) var failure: String?
  private var subscribers: [Int: AsyncStream<LiveReloadEvent>.Continuation] = [:]
  private var nextSubscriber = 0

  var status: (generation: Int, failure: String?) { (generation, failure) }

  func finishBuild(_ result: PreviewBuildResult) {
    generation += 1
    switch result {
    case .success:
      failure = nil
      broadcast(.reload)
    case .failure(let message):
      failure = message
      broadcast(.error(message: message))
    }
  }

  func broadcast(_ event: LiveReloadEvent) {
    for continuation in subscribers.values { continuation.yield(event) }
  }

  /// Events from now on; a page served before the latest build reloads at once.
  func subscribe(since servedGeneration: Int?) -> AsyncStream<LiveReloadEvent> {
    let (stream, continuation) = AsyncStream<LiveReloadEvent>.makeStream(bufferingPolicy: .bufferingNewest(8))
    nextSubscriber += 1
    let id = nextSubscriber
    subscribers[id] = continuation
    continuation.onTermination = { _ in Task { await self.unsubscribe(id) } }
    if let servedGeneration, servedGeneration < generation {
      continuation.yield(failure.map { .error(message: $0) } ?? .reload)
    }
    return stream
  }

  func finishAll() {
    for continuation in subscribers.values { continuation.finish() }
    subscribers.removeAll()
  }

  private func unsubscribe(_ id: Int) {
    subscribers.removeValue(forKey: id)
  }
}

/// The script served pages get before `</body>`: reload on `reload`, and on `error` too,
/// which brings up the error page.
enum LiveReloadScript {
  static let eventsPath = "/__bookgen/events"

  static func tag(generation: Int) -> String {
    """
    <script>(function(){var s=new EventSource("\(eventsPath)?since=\(generation)");\
    function r(){s.close();location.reload();}s.addEventListener("reload",r);\
    s.addEventListener("error",function(e){if(e.data)r();});})();</script>
    """
  }

  /// `html` with the script inserted before its last `</body>` (or appended when it has none).
  static func inject(into html: [UInt8], generation: Int) -> [UInt8] {
    let script = Array(tag(generation: generation).utf8)
    let closing = Array("</body>".utf8)
    var index = html.count - closing.count
    while index >= 0 {
      if zip(html[index..<(index + closing.count)], closing).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
        return Array(html[..<index]) + script + Array(html[index...])
      }
      index -= 1
    }
    return html + script
  }
}
