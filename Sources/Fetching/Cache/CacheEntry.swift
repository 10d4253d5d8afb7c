import Foundation
import Support

/// One cached response: the body bytes exactly as received, plus what was asked and when.
package struct CacheEntry: Sendable, Equatable {
  /// The canonical relative request (never holds the key).
  package var request: String
  package var status: Int
  package var fetchedAt: Date
  /// A recorded entry that never expires (the example site's): used however old it is, until
  /// `--refresh` fetches it again (and the new entry is an ordinary one).
  package var pinned: Bool = false
  /// The whole entry file; the body is `file[bodyStart...]` (kept as one buffer to avoid a copy).
  var file: [UInt8]
  var bodyStart: Int

  package var body: ArraySlice<UInt8> { file[bodyStart...] }
}

/// Why a cache entry could not be read or written.
package enum CacheError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The entry exists but is truncated or damaged; it is refetched.
  case corrupt(path: String, reason: String)
  case unreadable(path: String, reason: String)
  case unwritable(path: String, reason: String)

  package var description: String {
    switch self {
    case .corrupt(let path, let reason): "cache entry \(path) is corrupt (\(reason))"
    case .unreadable(let path, let reason): "cannot read cache entry \(path): \(reason)"
    case .unwritable(let path, let reason): "cannot write cache entry \(path): \(reason)"
    }
  }
}

/// The first line of an entry file.
struct CacheEntryHeader: Equatable {
  static let formatVersion = 1

  var format: Int
  var request: String
  var status: Int
  var fetchedAt: String
  var bodyLength: Int
  var bodyChecksum: String
  /// Written only when true (`"pinned":true`), so ordinary entries keep their bytes.
  var pinned = false

  /// One line of JSON, keys in a fixed order so equal entries are equal bytes.
  var line: String {
    "{\"format\":\(format),\"request\":\(Self.quoted(request)),\"status\":\(status),"
      + "\"fetched_at\":\(Self.quoted(fetchedAt)),\"body_length\":\(bodyLength),"
      + "\"body_xxh64\":\(Self.quoted(bodyChecksum))" + (pinned ? ",\"pinned\":true}" : "}")
  }

  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

extension CacheEntryHeader {
  /// Reads the header line; nil when it is not one of ours.
  init?(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
    var reader = JSONReader(buffer, range: range)
    var format: Int?
    var request: String?
    var status: Int?
    var fetchedAt: String?
    var bodyLength: Int?
    var checksum: String?
    var pinned = false
    do {
      try reader.object("header") { reader, key in
        switch key {
        case "format": format = try reader.int("format")
        case "request": request = try reader.string("request")
        case "status": status = try reader.int("status")
        case "fetched_at": fetchedAt = try reader.string("fetched_at")
        case "body_length": bodyLength = try reader.int("body_length")
        case "body_xxh64": checksum = try reader.string("body_xxh64")
        case "pinned": pinned = try reader.bool("pinned") ?? false
        default: try reader.skipValue()
        }
      }
    } catch {
      return nil
    }
    guard let format, let request, let status, let fetchedAt, let bodyLength, let checksum else { return nil }
    self.init(
      format: format, request: request, status: status, fetchedAt: fetchedAt, bodyLength: bodyLength,
      bodyChecksum: checksum, pinned: pinned)
  }
}
