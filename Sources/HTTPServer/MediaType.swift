/// Content types by file extension, for the files a static site is made of.
enum MediaType {
  /// The `Content-Type` for `path`, with `charset=utf-8` on text types.
  static func forPath(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init)?.lowercased() ?? ""
    if name.hasSuffix(".opds.xml") { return "application/atom+xml;profile=opds-catalog; charset=utf-8" }
    guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
    return byExtension[String(name[name.index(after: dot)...])] ?? "application/octet-stream"
  }

  private static let byExtension: [String: String] = [
    "html": "text/html; charset=utf-8",
    "htm": "text/html; charset=utf-8",
    "css": "text/css; charset=utf-8",
    "js": "text/javascript; charset=utf-8",
    "mjs": "text/javascript; charset=utf-8",
    "txt": "text/plain; charset=utf-8",
    "md": "text/markdown; charset=utf-8",
    "csv": "text/csv; charset=utf-8",
    "json": "application/json; charset=utf-8",
    "map": "application/json; charset=utf-8",
    "webmanifest": "application/manifest+json; charset=utf-8",
    "xml": "application/xml; charset=utf-8",
    "atom": "application/atom+xml; charset=utf-8",
    "rss": "application/rss+xml; charset=utf-8",
    "svg": "image/svg+xml; charset=utf-8",
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
    "avif": "image/avif",
    "ico": "image/x-icon",
    "woff": "font/woff",
    "woff2": "font/woff2",
    "pdf": "application/pdf",
    "wasm": "application/wasm",
  ]
}
