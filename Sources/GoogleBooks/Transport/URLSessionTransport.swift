import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `HTTPTransport` over URLSession (FoundationNetworking on Linux), with Foundation's own
/// response cache switched off: our cache is the only one, and it never stores the key.
public struct URLSessionTransport: HTTPTransport {
  /// The most bytes a response body may have once decoded (16 MiB): Google's largest answers
  /// are around 150 KB, and a bigger one is cut off as it arrives.
  public static let defaultBodyLimit = 16 << 20

  private let session: SessionBox
  private let delegate: BoundedBodyDelegate

  /// `bodyLimit` bytes of decoded body at most; past it `get` throws `.bodyTooLarge`.
  public init(bodyLimit: Int = URLSessionTransport.defaultBodyLimit) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpCookieStorage = nil
    // The fetcher caps requests in flight itself (`--jobs`); URLSession must not cap lower.
    configuration.httpMaximumConnectionsPerHost = 64
    delegate = BoundedBodyDelegate(limit: bodyLimit)
    session = SessionBox(URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil))
  }

  /// The longest timeout a request gets: FoundationNetworking turns it into whole milliseconds
  /// for libcurl, which traps for values no Int holds (the catalog allows at most 600 s).
  static let longestTimeout = 86_400.0

  public func get(_ url: String, timeout: Double) async throws(TransportError) -> TransportResponse {
    guard let target = URL(string: url) else { throw .other(code: URLError.badURL.rawValue) }
    let timeout = min(Self.longestTimeout, max(0.001, timeout))
    var request = URLRequest(
      url: target, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await withDeadline(timeout) { [session, delegate, request] in
        try await Self.data(for: request, session: session.value, delegate: delegate)
      }
    } catch let error as TransportError {
      throw error
    } catch let error as URLError {
      throw Self.classify(error.code)
    } catch {
      throw .other(code: -1)
    }
    guard let http = response as? HTTPURLResponse else { throw .other(code: -1) }
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
    case .networkConnectionLost, .badServerResponse, .cannotParseResponse, .zeroByteResource,
      .cannotDecodeRawData, .cannotDecodeContentData:
      .connectionLost
    case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
      .secureConnectionFailed:
      .cannotConnect
    default: .other(code: code.rawValue)
    }
  }
}

/// URLSession is thread-safe; this box states it for the compiler.
private struct SessionBox: @unchecked Sendable {
  let value: URLSession
  init(_ value: URLSession) { self.value = value }
}
