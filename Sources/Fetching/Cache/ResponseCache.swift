import Foundation
import Support

/// The on-disk cache: one file per request at `<directory>/<2 hex>/<64 hex>.entry`.
///
/// The name is the SHA-256 of the request's canonical relative form (`CachedRequest.canonical`),
/// so it is stable across runs, machines and API base URLs. A file is one JSON header line
/// (format, request, status, fetched_at, body_length, body_xxh64, and `pinned` on recorded
/// entries that never expire), a newline, then the body
/// exactly as received. Writes go to a temp file in the same folder and are renamed into place.
package struct ResponseCache: Sendable {
  package let directory: String

  package init(directory: String) {
    self.directory = directory
  }

  /// The 64-hex-digit key of `request`.
  package func key(for request: some CachedRequest) -> String { SHA256.hex(request.canonical) }

  /// The most read from one entry: Google's largest answers (a page of 40 volumes) are a few
  /// hundred KB, so 64 MiB is only ever reached by a damaged or planted file.
  static let entryLimit = FileLimit(bytes: 64 << 20, what: "a cache entry")

  package func path(for request: some CachedRequest) -> String {
    directory + "/" + relativePath(for: request)
  }

  /// `aa/<key>.entry`, below `directory`.
  package func relativePath(for request: some CachedRequest) -> String {
    Self.relativePath(key: key(for: request))
  }

  private static func relativePath(key: String) -> String { key.prefix(2) + "/" + key + ".entry" }

  /// The entry for `request`, nil when there is none; throws `.corrupt` for a damaged entry,
  /// and for anything but a regular file inside the cache folder within `entryLimit`.
  package func load(_ request: some CachedRequest) throws(CacheError) -> CacheEntry? {
    // Spelled once: it names the entry and is what its header must hold.
    let canonical = request.canonical
    let key = SHA256.hex(canonical)
    let path = directory + "/" + Self.relativePath(key: key)
    let file: [UInt8]
    do {
      file = try FileFence(folder: directory, name: "the cache folder").read(
        Self.relativePath(key: key), limit: Self.entryLimit)
    } catch {
      switch error.problem {
      case .notFound: return nil
      case .system(_, let code): throw .unreadable(path: path, reason: String(cString: strerror(code)))
      default: throw .corrupt(path: path, reason: error.reason)
      }
    }
    let entry = try file.withUnsafeBufferPointer { buffer throws(CacheError) -> CacheEntry in
      guard let newline = buffer.firstIndex(of: 0x0A) else {
        throw .corrupt(path: path, reason: "no header line")
      }
      guard let header = CacheEntryHeader(buffer, range: 0..<newline) else {
        throw .corrupt(path: path, reason: "unreadable header")
      }
      guard header.format == CacheEntryHeader.formatVersion else {
        throw .corrupt(
          path: path, reason: "format \(header.format), expected \(CacheEntryHeader.formatVersion)")
      }
      guard header.request == canonical else {
        throw .corrupt(path: path, reason: "holds '\(header.request)'")
      }
      let body = UnsafeBufferPointer(rebasing: buffer[(newline + 1)...])
      guard body.count == header.bodyLength else {
        throw .corrupt(path: path, reason: "body is \(body.count) bytes, expected \(header.bodyLength)")
      }
      guard HexText.lowercase(XXH64.hash(body)) == header.bodyChecksum else {
        throw .corrupt(path: path, reason: "body checksum mismatch")
      }
      guard let fetchedAt = UTCTime.parse(header.fetchedAt) else {
        throw .corrupt(path: path, reason: "bad fetched_at '\(header.fetchedAt)'")
      }
      return CacheEntry(
        request: header.request, status: header.status, fetchedAt: fetchedAt, pinned: header.pinned, file: [],
        bodyStart: newline + 1)
    }
    var result = entry
    result.file = file
    return result
  }

  /// Writes an entry atomically. An error response (status ≥ 300) never replaces a good entry,
  /// but an answer that the thing is not there (`answersNotFound`) does: it is the newest word.
  /// A `pinned` entry never expires (recorded fixtures such as the example site's cache).
  package func store(
    _ request: some CachedRequest, body: [UInt8], status: Int, fetchedAt: Date, pinned: Bool = false,
    answersNotFound: Bool = false
  ) throws(CacheError) {
    let path = path(for: request)
    if !(200..<300).contains(status), !answersNotFound, (try? load(request)) != nil { return }
    let header = CacheEntryHeader(
      format: CacheEntryHeader.formatVersion, request: request.canonical, status: status,
      fetchedAt: UTCTime.rfc3339(fetchedAt), bodyLength: body.count, bodyChecksum: XXH64.hex(body),
      pinned: pinned)
    var file = Array(header.line.utf8)
    file.append(0x0A)
    file.append(contentsOf: body)
    try Self.writeAtomically(file, to: path)
  }

  /// Deletes the entry for `request` if there is one.
  package func remove(_ request: some CachedRequest) {
    unlink(path(for: request))
  }

  /// Writes `bytes` to `path` through a temporary file in its folder (made when missing), renamed
  /// into place: a reader sees the old file or the new one, never half of it. `mode`: the new
  /// file's permissions.
  package static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644)
    throws(CacheError)
  {
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .unwritable(path: path, reason: "cannot create \(folder)")
    }
    var template = Array((folder + "/.tmp-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let failure = bytes.withUnsafeBytes { FileDescriptors.writeAll(descriptor, $0) }
    fchmod(descriptor, mode)
    close(descriptor)
    guard let failure = failure ?? (rename(temporary, path) == 0 ? nil : errno) else { return }
    unlink(temporary)
    throw .unwritable(path: path, reason: String(cString: strerror(failure)))
  }
}
