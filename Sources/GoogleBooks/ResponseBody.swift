import Fetching
import Support

/// What a response body holds, read in one pass over the top-level object.
///
/// Items are decoded as they are met, so a 40-volume page is scanned once. An `error` key wins
/// over anything else in the body, so an error body is never mistaken for an empty page.
enum ResponseBody {
  case error(APIErrorBody)
  case page([ItemOutcome])
  /// A bare `books#volume` (from `GET volumes/{id}`): the object's byte range.
  case volume(Range<Int>)

  /// Throws `JSONSyntaxError`/`JSONTypeMismatch` for truncated or non-JSON text. Items past
  /// `maxItems` are skipped unread and counted in `ignoredItems`.
  static func read(
    _ buffer: UnsafeBufferPointer<UInt8>, maxItems: Int?, ignoredItems: inout Int, memo: VolumeMemo?
  ) throws -> ResponseBody {
    var reader = JSONReader(buffer)
    reader.skipPreamble()
    let start = reader.position
    var error: APIErrorBody?
    var items: [ItemOutcome] = []
    var hasID = false
    guard try reader.peek() == UInt8(ascii: "{") else {
      throw reader.syntaxError("the body is not a JSON object")
    }
    try reader.object("response") { reader, key in
      switch key {
      case "error": error = try APIErrorBody(reading: &reader)
      case "items":
        try reader.array("items") { reader, index in
          if let maxItems, index >= maxItems {
            ignoredItems += 1
            try reader.skipValue()
          } else {
            items.append(try readItem(&reader, index: index, memo: memo))
          }
        }
      case "id":
        hasID = true
        try reader.skipValue()
      default: try reader.skipValue()
      }
    }
    let end = reader.position
    reader.skipSpace()
    guard reader.atEnd else { throw reader.syntaxError("unexpected data after the JSON object") }
    if let error { return .error(error) }
    if hasID && items.isEmpty { return .volume(start..<end) }
    return .page(items)
  }

  /// A volume with notes on values left out of it or cut short, or the reason it was skipped.
  typealias ItemOutcome = Result<(volume: Volume, notes: [VolumeNote]), VolumeNote>

  /// One element of `items`: a volume, or the reason it was skipped (the reader then stands
  /// after the element). Syntax errors are not recoverable and propagate.
  /// With a `memo`, an item decoded before (the same bytes) is taken from it, not decoded again.
  static func readItem(_ reader: inout JSONReader, index: Int?, memo: VolumeMemo? = nil)
    throws(JSONSyntaxError)
    -> ItemOutcome
  {
    reader.skipSpace()
    let start = reader.position
    reader.notes.removeAll()
    var known: UInt64?
    // Skipping is a fraction of decoding: the bytes' digest finds an item already decoded. A
    // syntax error is left to the decoding below, which reports it as it always has. An item
    // whose id (read from its first members) no entry has is decoded straight away: skipping
    // it would be a second pass over every new volume's bytes.
    if let memo, peekID(&reader).map(memo.mayHold) ?? true {
      reader.position = start
      if (try? reader.skipValue()) != nil {
        let digest = reader.digest(from: start)
        if let entry = memo.entry(digest: digest, length: reader.position - start) {
          let notes = entry.notes.map { VolumeNote(index: index, id: entry.volume.id, reason: $0) }
          return .success((entry.volume, notes))
        }
        known = digest
      }
    }
    reader.position = start
    do {
      var volume = try Volume(reading: &reader)
      // The skip before took the digest already; hashing the bytes again would be a second pass.
      let digest = known ?? reader.digest(from: start)
      volume.sourceDigest = digest
      let notes = reader.notes.map { VolumeNote(index: index, id: volume.id, reason: $0) }
      // Decoding reads the object to its end, as skipping it does: the same bytes and length.
      memo?.store(.init(volume: volume, notes: reader.notes, length: reader.position - start), digest: digest)
      return .success((volume, notes))
    } catch let error as JSONSyntaxError {
      throw error
    } catch {
      reader.position = start
      try reader.skipValue()
      let range = start..<reader.position
      let buffer = UnsafeBufferPointer(start: reader.base, count: reader.end)
      let reason: String
      if let mismatch = error as? JSONTypeMismatch {
        reason =
          mismatch.path == "id"
          ? "it has no id" : "\(mismatch.path) is \(mismatch.found), expected \(mismatch.expected)"
      } else {
        reason = "\(error)"
      }
      return .failure(VolumeNote(index: index, id: lenientID(buffer, range: range), reason: reason))
    }
  }

  /// The item's top-level `id` when it comes before any object or array member (Google writes
  /// `kind`, `id`, `etag` first); nil when it does not, or the item is not an object that
  /// reads. Moves the reader: the caller puts it back.
  private static func peekID(_ reader: inout JSONReader) -> String? {
    guard (try? reader.peek()) == UInt8(ascii: "{") else { return nil }
    reader.position += 1
    while let key = try? reader.readKey(), (try? reader.expect(UInt8(ascii: ":"))) != nil,
      let byte = try? reader.peek(), byte != UInt8(ascii: "{"), byte != UInt8(ascii: "[")
    {
      if case "id" = key { return byte == UInt8(ascii: "\"") ? (try? reader.string("id")) ?? nil : nil }
      guard (try? reader.skipValue()) != nil, (try? reader.peek()) == UInt8(ascii: ",") else { return nil }
      reader.position += 1
    }
    return nil
  }

  /// The top-level `id` of a volume that failed to decode, for the warning that names it.
  private static func lenientID(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> String? {
    var reader = JSONReader(buffer, range: range)
    var id: String?
    _ = try? reader.object("volume") { reader, key in
      switch key {
      case "id": id = try? reader.string("id")
      default: try reader.skipValue()
      }
    }
    return id.flatMap { $0.isEmpty ? nil : $0 }
  }
}
