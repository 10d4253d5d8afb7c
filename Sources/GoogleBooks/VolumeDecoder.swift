import Fetching
import Support

/// Something wrong with one volume of a body: why it was skipped (the rest of its page is
/// kept), or a value left out of it.
package struct VolumeNote: Error, Sendable, Equatable, CustomStringConvertible {
  /// Position in `items`; nil for a single-volume body.
  package var index: Int?
  package var id: String?
  package var reason: String

  /// `items[3] (id 'abc'): volumeInfo.pageCount is a string, expected a number`.
  package var description: String {
    var name = index.map { "items[\($0)]" } ?? "volume"
    if let id { name += " (id '\(id)')" }
    return "\(name): \(reason)"
  }
}

/// The volumes of one response body.
package struct DecodedResponse: Sendable, Equatable {
  package var volumes: [Volume] = []
  package var skipped: [VolumeNote] = []
  /// Values left out of kept volumes for being out of range (`dropped saleInfo.retailPrice.amount:
  /// …`) or cut short (`cut volumeInfo.description …`).
  package var notes: [VolumeNote] = []
  /// Items past the `maxItems` the body was decoded with: never read, never used.
  package var ignoredItems: Int = 0
}

/// Decodes Google Books response bodies into `Volume`s with a hand-written UTF-8 pull parser.
package enum VolumeDecoder {
  /// Decodes `body`; items past `maxItems` (what the request asked for) are left unread.
  package static func decode(_ body: [UInt8], maxItems: Int? = nil) throws(BodyDecodingError)
    -> DecodedResponse
  {
    try decode(body[...], maxItems: maxItems)
  }

  /// With a `memo`, items decoded already are taken from it (see `VolumeMemo`). Throws Google's
  /// `{"error": …}` body as `.apiError`.
  package static func decode(_ body: ArraySlice<UInt8>, maxItems: Int? = nil, memo: VolumeMemo? = nil)
    throws(BodyDecodingError) -> DecodedResponse
  {
    try body.withUnsafeBufferPointer { buffer throws(BodyDecodingError) in
      try decode(buffer, maxItems: maxItems, memo: memo)
    }
  }

  private static func decode(_ buffer: UnsafeBufferPointer<UInt8>, maxItems: Int?, memo: VolumeMemo?)
    throws(BodyDecodingError) -> DecodedResponse
  {
    let body: ResponseBody
    var ignoredItems = 0
    do {
      body = try ResponseBody.read(buffer, maxItems: maxItems, ignoredItems: &ignoredItems, memo: memo)
    } catch {
      let (offset, message) = JSONReader.failure(error)
      throw .invalidJSON(offset: offset, message: message)
    }
    var response = DecodedResponse(ignoredItems: ignoredItems)
    let outcomes: [ResponseBody.ItemOutcome]
    switch body {
    case .error(let apiError):
      throw .apiError(apiError)
    case .volume(let range):
      var reader = JSONReader(buffer, range: range)
      do {
        outcomes = [try ResponseBody.readItem(&reader, index: nil)]
      } catch {
        throw .invalidJSON(offset: error.offset, message: error.message)
      }
    case .page(let items):
      outcomes = items
    }
    response.volumes.reserveCapacity(outcomes.count)
    for outcome in outcomes {
      switch outcome {
      case .success(let item):
        response.volumes.append(item.volume)
        response.notes += item.notes
      case .failure(let skipped): response.skipped.append(skipped)
      }
    }
    return response
  }
}
