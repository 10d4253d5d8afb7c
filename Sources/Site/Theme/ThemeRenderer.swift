/// Renders pages with the Mustache engine (wired in once the engine lands).
struct ThemeRenderer: TemplateRendering {
  init(theme: Theme) throws(SiteError) {
    throw .templates([.error("the Mustache engine is not available in this build")])
  }

  func render(_ name: String, _ context: ContextValue) throws(SiteError) -> String {
    throw .templates([.error("the Mustache engine is not available in this build")])
  }
}
