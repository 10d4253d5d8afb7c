import Foundation
import Support

/// Serves the files under one folder, never anything outside it.
///
/// Paths are percent-decoded exactly once (by the server); `..` and `.` segments, empty
/// segments, backslashes and NUL bytes are refused before the file system is touched, and
/// the resolved real path (symlinks followed) must still lie inside the root's real path.
package struct StaticFileHandler: Sendable {
  /// The root as given, without a trailing slash.
  package let root: String

  /// The root may not exist yet (a preview's output is made on start): its real path is
  /// looked up on each request.
  package init(root: String) {
    self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
  }

  /// Answers GET and HEAD with a file, a redirect, a 304 or an error page.
  package func respond(to request: HTTPRequest) -> HTTPResponse {
    guard request.method == "GET" || request.method == "HEAD" else {
      var response = HTTPResponse.text("Method Not Allowed\n", status: 405)
      response.headers.append(("Allow", "GET, HEAD"))
      return response
    }
    switch resolve(request.path) {
    case .file(let path, let info):
      return serve(path, info: info, status: 200, for: request)
    case .directoryWithoutSlash:
      let query = request.target.firstIndex(of: "?").map { String(request.target[$0...]) } ?? ""
      var response = HTTPResponse.text("Moved Permanently\n", status: 301)
      response.headers.append(("Location", Self.slashRedirect(rawPath: request.rawPath) + query))
      return response
    case .refused(let status):
      return status == 404
        ? notFound(for: request) : .text("\(HTTPResponse.reasonPhrase(for: status))\n", status: status)
    }
  }

  /// What a request path resolves to.
  package enum Resolution: Equatable, Sendable {
    case file(path: String, FileInfo)
    case directoryWithoutSlash
    /// 400 for paths that are never valid, 403 for a way out of the root, 404 for nothing there.
    case refused(status: Int)
  }

  /// Size and modification time, the parts of `stat` that make an ETag.
  package struct FileInfo: Equatable, Sendable {
    package var size: Int
    package var modified: Int

    /// A strong validator: it changes whenever the size or the modification time does.
    package var etag: String {
      "\"\(String(size, radix: 16))-\(String(modified, radix: 16))\""
    }

    /// The file at `path`'s (a real path: no link to follow); nil when there is none.
    static func of(_ path: String) -> FileInfo? {
      FileStamp.of(path).map { FileInfo(size: $0.size, modified: Int($0.modified)) }
    }
  }

  /// Maps a decoded request path to a file under the root.
  package func resolve(_ path: String) -> Resolution {
    guard path.hasPrefix("/"), !path.utf8.contains(0), !path.contains("\\") else {
      return .refused(status: 400)
    }
    let wantsDirectory = path.hasSuffix("/")
    var segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    if wantsDirectory { segments = segments.dropLast() }
    // `//etc/passwd`, `a//b`, `.` and `..` are never produced by links within a site.
    guard segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
      return .refused(status: 400)
    }

    let candidate = ([root] + segments.map(String.init)).joined(separator: "/")
    guard let realRoot = PathKind.realPath(root), let real = PathKind.realPath(candidate) else {
      return .refused(status: 404)
    }
    let isInsideRoot = { (path: String) in
      path == realRoot || path.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
    }
    guard isInsideRoot(real) else { return .refused(status: 403) }
    guard let info = FileInfo.of(real) else { return .refused(status: 404) }
    switch PathKind.of(real) {
    case .folder:
      guard wantsDirectory || segments.isEmpty else { return .directoryWithoutSlash }
      guard let index = PathKind.realPath(real + "/index.html"), isInsideRoot(index),
        PathKind.of(index) == .file, let indexInfo = FileInfo.of(index)
      else { return .refused(status: 404) }
      return .file(path: index, indexInfo)
    case .file:
      return wantsDirectory ? .refused(status: 404) : .file(path: real, info)
    case .missing, .other:
      return .refused(status: 404)
    }
  }

  /// True when an `If-None-Match` header lists `etag` (or `*`).
  package static func matches(ifNoneMatch header: String?, etag: String) -> Bool {
    guard let header else { return false }
    return header.split(separator: ",").contains { candidate in
      let tag = candidate.trimmingCharacters(in: .whitespaces)
      return tag == "*" || tag == etag || tag == "W/" + etag
    }
  }

  private func serve(_ path: String, info: FileInfo, status: Int, for request: HTTPRequest) -> HTTPResponse {
    let etag = info.etag
    if status == 200 && Self.matches(ifNoneMatch: request.header("If-None-Match"), etag: etag) {
      return HTTPResponse(status: 304, headers: [("ETag", etag), ("Cache-Control", "no-cache")])
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .text("Forbidden\n", status: 403)
    }
    var headers: [(name: String, value: String)] = [("Content-Type", MediaType.forPath(path))]
    if status == 200 { headers += [("ETag", etag), ("Cache-Control", "no-cache")] }
    return HTTPResponse(status: status, headers: headers, body: [UInt8](data))
  }

  /// `./name/` for `/a/name`: relative, so it never names a host (the `Host` header is the
  /// client's to choose) and still holds under a path prefix; `./` keeps `a:b` from reading as a scheme.
  package static func slashRedirect(rawPath: String) -> String {
    "./" + (rawPath.split(separator: "/", omittingEmptySubsequences: false).last ?? "") + "/"
  }

  /// The site's own `404.html` (status 404) when it has one.
  package func notFound(for request: HTTPRequest) -> HTTPResponse {
    if case .file(let path, let info) = resolve("/404.html") {
      return serve(path, info: info, status: 404, for: request)
    }
    return .text("Not Found\n", status: 404)
  }
}
