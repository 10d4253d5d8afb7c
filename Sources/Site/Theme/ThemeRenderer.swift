import Mustache

/// Renders pages with the Mustache engine: the default theme, overridden by the site's folder.
struct ThemeRenderer: TemplateRendering {
  let library: TemplateLibrary

  /// Parses every template once; a syntax error anywhere fails here, before any page is written.
  init(theme: Theme) throws(SiteError) {
    do {
      let defaults = try TemplateLibrary(sources: theme.defaultTemplates, displayPrefix: "templates")
      if let directory = theme.siteDirectory {
        let site = try TemplateLibrary(files: theme.siteTemplates, displayPrefix: directory)
        library = site.overriding(defaults)
      } else {
        library = defaults
      }
    } catch {
      throw .template(error)
    }
  }

  func render(_ name: String, _ context: ContextValue, into page: inout OutputBuffer) throws(SiteError) {
    do {
      try library.render(name, context, into: &page)
    } catch {
      throw .template(error)
    }
  }
}

extension ThemeRenderer {
  /// Every template a page rendered with `name` may include, itself among them, following
  /// includes of includes; nil when one is included by a name the context gives (then any
  /// template may be).
  func templates(reachableFrom name: String) -> Set<String>? {
    var found: Set<String> = [name]
    var pending = [name]
    while let next = pending.popLast() {
      guard let template = library.template(named: next) else { continue }
      let included = template.includedNames
      if included.dynamic { return nil }
      for name in included.names where found.insert(name).inserted { pending.append(name) }
    }
    return found
  }
}
