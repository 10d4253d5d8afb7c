/// What went wrong reading a body, whatever the reader threw: where, and a message.
extension JSONReader {
  /// `(offset, message)` of a syntax error, a type mismatch (at offset 0: the path says
  /// where) or anything else a decoder threw.
  package static func failure(_ error: any Error) -> (offset: Int, message: String) {
    switch error {
    case let error as JSONSyntaxError: (error.offset, error.message)
    case let error as JSONTypeMismatch: (0, "\(error.path) is \(error.found), expected \(error.expected)")
    default: (0, "\(error)")
    }
  }
}
