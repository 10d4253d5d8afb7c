import Foundation
import FoundationNetworking
import TestSupport
import Testing

@testable import HTTPServer

/// Runs `body` against a started server on a free loopback port, stopping it afterwards.
func withServer<T>(
  idleTimeout: Duration = .seconds(15), _ handler: @escaping HTTPServer.Handler,
  _ body: (HTTPServer) async throws -> T
) async throws -> T {
  let server = HTTPServer(idleTimeout: idleTimeout, handler: handler)
  try server.start()
  do {
    let result = try await body(server)
    await server.stop()
    return result
  } catch {
    await server.stop()
    throw error
  }
}

/// Answers with what it received, so tests can see how a request was parsed.
let echoHandler: HTTPServer.Handler = { request in
  let query = request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
  let text = "\(request.method) \(request.path) [\(query)] \(String(decoding: request.body, as: UTF8.self))"
  return .text(text)
}

/// A real HTTP client allowed as many parallel connections as the tests open, without a cache.
let testSession: URLSession = {
  let configuration = URLSessionConfiguration.ephemeral
  configuration.httpMaximumConnectionsPerHost = 100
  configuration.urlCache = nil
  configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
  return URLSession(configuration: configuration)
}()

/// One request through a real HTTP client.
func fetch(
  _ url: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil
) async throws -> (status: Int, headers: [String: String], body: String) {
  var request = URLRequest(url: URL(string: url)!)
  request.httpMethod = method
  request.httpBody = body
  for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
  let (data, response) = try await testSession.data(for: request)
  let http = try #require(response as? HTTPURLResponse)
  var fields: [String: String] = [:]
  for (name, value) in http.allHeaderFields {
    fields[String(describing: name).lowercased()] = String(describing: value)
  }
  return (http.statusCode, fields, String(decoding: data, as: UTF8.self))
}

/// Follows a redirect's `location` from `url` as a browser would (RFC 3986 reference resolution).
func fetch(resolving location: String, against url: String) async throws -> (
  status: Int, headers: [String: String], body: String
) {
  let resolved = try #require(URL(string: location, relativeTo: URL(string: url)))
  return try await fetch(resolved.absoluteString)
}

/// Sends `request` verbatim on a fresh connection and returns the first response.
func exchange(_ request: String, host: String = "127.0.0.1", port: UInt16) async throws -> TCPClient.Response
{
  let client = try await TCPClient.connect(host: host, port: port)
  defer { client.close() }
  try await client.send(request)
  return try await client.readResponse()
}
