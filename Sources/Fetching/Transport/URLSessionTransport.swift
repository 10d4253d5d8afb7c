import Foundation
import FoundationNetworking
import Support

/// `HTTPTransport` over URLSession (FoundationNetworking on Linux), with Foundation's own
/// response cache switched off: our cache is the only one, and it never stores the key.
///
/// Redirects are followed only on the request's own origin (scheme, host and port): the URL
/// holds the API key, which must never reach another host.
package struct URLSessionTransport: HTTPTransport {
  /// The most bytes a response body may have once decoded (16 MiB): Google's largest answers
  /// are around 150 KB, and a bigger one is cut off as it arrives.
  static let defaultBodyLimit = 16 << 20

  /// The session, made on the first request: making one sets up libcurl and its TLS library,
  /// which a build served from the cache (offline, or with nothing expired) never needs.
  /// URLSession is thread-safe; the lock guards only its making.
  private let session = Locked<URLSession?>(nil)
  private let makeSession: @Sendable () -> URLSession
  private let delegate: BoundedBodyDelegate
  /// Sent with every request: a source's `User-Agent` (Open Library asks clients to name themselves).
  private let headers: [String: String]

  /// `bodyLimit` bytes of decoded body at most; past it `get` throws `.bodyTooLarge`.
  package init(bodyLimit: Int = URLSessionTransport.defaultBodyLimit, headers: [String: String] = [:]) {
    self.headers = headers
    let delegate = BoundedBodyDelegate(limit: bodyLimit)
    self.delegate = delegate
    makeSession = {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.urlCache = nil
      configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
      configuration.httpCookieStorage = nil
      // The fetcher caps requests in flight itself (`--jobs`); URLSession must not cap lower.
      configuration.httpMaximumConnectionsPerHost = 64
      return URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }
  }

  /// The longest timeout a request gets: FoundationNetworking turns it into whole milliseconds
  /// for libcurl, which traps for values no Int holds (the catalog allows at most 600 s).
  static let longestTimeout = 86_400.0

  package func get(_ url: String, timeout: Double) async throws(TransportError) -> TransportResponse {
    guard let target = URL(string: url) else { throw .other(code: URLError.badURL.rawValue) }
    let timeout = min(Self.longestTimeout, max(0.001, timeout))
    var request = URLRequest(
      url: target, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let data: Data
    let response: URLResponse
    do {
      let session = session.withLock { made in
        made = made ?? makeSession()
        return made!
      }
      (data, response) = try await withDeadline(timeout) { [delegate, request] in
        try await Self.data(for: request, session: session, delegate: delegate)
      }
    } catch let error as TransportError {
      throw error
    } catch let error as URLError {
      throw Self.classify(error.code)
    } catch {
      throw .other(code: -1)
    }
    guard let http = response as? HTTPURLResponse else { throw .other(code: -1) }
    if (300..<400).contains(http.statusCode), let location = http.value(forHTTPHeaderField: "Location"),
      let next = URL(string: location, relativeTo: target), !Self.sameOrigin(next, target)
    {
      throw .redirectedElsewhere(host: Self.hostAndPort(next))
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name] = value }
    }
    return TransportResponse(status: http.statusCode, headers: headers, body: [UInt8](data))
  }

  /// The task's body through `delegate`, which enforces the limit; cancelling the Swift task
  /// (the deadline) gives up on the data task at once.
  private static func data(for request: URLRequest, session: URLSession, delegate: BoundedBodyDelegate)
    async throws -> (Data, URLResponse)
  {
    let task = CancellableTask(session.dataTask(with: request))
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        delegate.start(task.value) { continuation.resume(with: $0) }
      }
    } onCancel: {
      delegate.giveUp(task.value, with: CancellationError())
    }
  }

  /// Runs `body`, throwing `.timedOut` after `seconds`: FoundationNetworking does not always
  /// enforce `URLRequest.timeoutInterval` while a server keeps the connection open and silent.
  private func withDeadline<T: Sendable>(
    _ seconds: Double, _ body: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
      group.addTask { try await body() }
      group.addTask {
        try? await Task.sleep(nanoseconds: FetchOptions.nanoseconds(seconds))
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let value = first else { throw TransportError.timedOut }
      return value
    }
  }

  static func classify(_ code: URLError.Code) -> TransportError {
    switch code {
    case .timedOut: .timedOut
    case .httpTooManyRedirects: .tooManyRedirects
    case .networkConnectionLost, .badServerResponse, .cannotParseResponse, .zeroByteResource,
      .cannotDecodeRawData, .cannotDecodeContentData:
      .connectionLost
    case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
      .secureConnectionFailed:
      .cannotConnect
    default: .other(code: code.rawValue)
    }
  }

  /// Same scheme, host and port (the scheme's default port when none is written).
  static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
    a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
      && port(a) == port(b)
  }

  private static func port(_ url: URL) -> Int? {
    url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
  }

  /// `host` or `host:port`, as a message names a redirect's target (never its path or query).
  static func hostAndPort(_ url: URL) -> String {
    let host = url.host ?? "?"
    return url.port.map { "\(host):\($0)" } ?? host
  }
}

/// The session's one delegate also declines every redirect that leaves the original request's
/// origin: the task then ends with the redirect response itself, which `get` reports.
extension BoundedBodyDelegate {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    guard let next = request.url, let original = task.originalRequest?.url,
      URLSessionTransport.sameOrigin(next, original)
    else { return completionHandler(nil) }
    completionHandler(request)
  }
}
