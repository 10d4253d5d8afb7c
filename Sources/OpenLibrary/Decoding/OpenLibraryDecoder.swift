import Catalog
import Fetching
import Support

/// Decodes Open Library bodies with the pull reader, by the kind of request that asked.
package enum OpenLibraryDecoder {
  package static func decode(_ body: [UInt8], for request: OpenLibraryRequest) throws(BodyDecodingError)
    -> OpenLibraryResponse
  {
    try decode(body[...], for: request)
  }

  package static func decode(_ body: ArraySlice<UInt8>, for request: OpenLibraryRequest)
    throws(BodyDecodingError) -> OpenLibraryResponse
  {
    try body.withUnsafeBufferPointer { buffer throws(BodyDecodingError) in try decode(buffer, for: request) }
  }

  private static func decode(_ buffer: UnsafeBufferPointer<UInt8>, for request: OpenLibraryRequest)
    throws(BodyDecodingError) -> OpenLibraryResponse
  {
    var reader = JSONReader(buffer)
    reader.skipPreamble()
    do {
      guard try reader.peek() == UInt8(ascii: "{") else {
        throw reader.syntaxError("the body is not a JSON object")
      }
      var envelope = Envelope()
      let answer: OpenLibraryAnswer
      switch request.kind {
      case .books(let bibkeys):
        answer = .books(try BooksEntry.readAll(&reader, bibkeys: Set(bibkeys), envelope: &envelope))
      case .edition(let id):
        let record = try EditionRecord.read(&reader, envelope: &envelope)
        answer = try envelope.answer(record, asked: id, wrap: OpenLibraryAnswer.edition)
      case .work(let id):
        let record = try WorkRecord.read(&reader, envelope: &envelope)
        answer = try envelope.answer(record, asked: id, wrap: OpenLibraryAnswer.work)
      case .author(let id):
        let record = try AuthorRecord.read(&reader, envelope: &envelope)
        answer = try envelope.answer(record, asked: id, wrap: OpenLibraryAnswer.author)
      case .workEditions:
        let (entries, total) = try EditionRecord.readPage(&reader, envelope: &envelope)
        answer = .editions(entries, total: total)
      case .search:
        let (docs, total) = try SearchDoc.readPage(&reader, envelope: &envelope)
        answer = .search(docs, total: total)
      }
      reader.skipSpace()
      guard reader.atEnd else { throw reader.syntaxError("unexpected data after the JSON object") }
      if let error = envelope.error { throw BodyDecodingError.apiError(error) }
      return OpenLibraryResponse(answer, notes: reader.notes)
    } catch let error as BodyDecodingError {
      throw error
    } catch {
      let (offset, message) = JSONReader.failure(error)
      throw .invalidJSON(offset: offset, message: message)
    }
  }
}

/// The top-level keys every Open Library body may hold besides its record's: the record's
/// `type` and a redirect's `location`, and the error shapes.
struct Envelope {
  var type: String?
  var location: String?
  var errorReason: String?
  var errorKey: String?
  var status: Int?
  var message: String?

  /// Reads `key` when it is one of the envelope's; false when it belongs to the record.
  mutating func read(_ reader: inout JSONReader, _ key: JSONKey) throws -> Bool {
    switch key {
    case "type":
      type = try reader.lenient("type") { try $0.key("type") }
    case "location": location = try reader.lenientString("location")
    case "error":
      // An error body's `error` is a string; any other shape is not an error.
      if try reader.peek() == UInt8(ascii: "\"") {
        errorReason = try reader.string("error")
      } else {
        try reader.skipValue()
      }
    case "status": status = try reader.lenientInt("status", in: 100...599)
    case "message": message = try reader.lenientString("message")
    default:
      return false
    }
    return true
  }

  /// The error body's content, when the body is one: an `error` string, or a `status` of 400
  /// or more with a `message` (the rate limiter's JSON).
  var error: APIErrorBody? {
    if let errorReason {
      // `notfound` is a code; `q parameter must be at least 3 characters` a sentence.
      guard !errorReason.contains(" ") else { return APIErrorBody(message: errorReason) }
      return APIErrorBody(message: errorKey ?? message, reasons: [errorReason])
    }
    if let status, status >= 400 {
      return APIErrorBody(code: status, message: message)
    }
    return nil
  }

  /// A record's answer: the redirect or deletion its `type` says, else the record, which must
  /// carry the id asked for (or, for a redirect's target, any id of the kind).
  func answer<Record>(
    _ record: Record?, asked: OpenLibraryID, wrap: (Record) -> OpenLibraryAnswer
  ) throws -> OpenLibraryAnswer {
    switch type {
    case "/type/redirect":
      guard let location, let target = OpenLibraryID(location, kind: asked.kind) else { return .gone }
      return .redirect(to: target)
    case "/type/delete":
      return .gone
    default:
      guard error == nil else { return .gone }
      guard let record else {
        throw JSONTypeMismatch(path: "key", expected: "an Open Library id", found: "none")
      }
      return wrap(record)
    }
  }
}
