import Mustache

/// The seam between page contexts and the template engine.
protocol TemplateRendering: Sendable {
  /// Renders the page template `name` (no extension) with `context`, appending its UTF-8 bytes
  /// to `page`.
  func render(_ name: String, _ context: ContextValue, into page: inout OutputBuffer) throws(SiteError)
}
