/// The seam between page contexts and the template engine.
protocol TemplateRendering: Sendable {
  /// Renders the page template `name` (no extension) with `context`, as UTF-8 bytes.
  func render(_ name: String, _ context: ContextValue) throws(SiteError) -> [UInt8]
}
