/// Receives an HTML tree in document order, from gumbo or from `SimpleHTML`; implemented by the
/// sanitizer and the text extractor.
protocol HTMLVisitor {
  /// What `enter` hands back to be given to `exit` once the element's children are done.
  associatedtype ExitToken

  /// Called for an element; returns nil to skip it and its children.
  mutating func enter(_ element: some HTMLElement) -> ExitToken?
  mutating func exit(_ token: ExitToken)
  /// Called for text with its character references decoded, as UTF-8 bytes.
  mutating func text(_ bytes: UnsafeBufferPointer<UInt8>)
}

/// An element as the visitors see it.
protocol HTMLElement {
  var role: ElementRole { get }
  /// The decoded value of the attribute `name` (lowercase), or nil when absent.
  func attribute(_ name: StaticString) -> String?
}
