import Diagnostics

/// A set of named templates that include each other as partials and parents.
///
/// Built from sources held in memory (an embedded theme) or from files a caller read from a
/// folder (a site's `templates/`), or both: `overriding(_:)` lets one library replace another's
/// templates file by file. Partials resolve by name in the combined library, so a default
/// page picks up a site's own `partials/cover`.
public struct TemplateLibrary: Sendable {
  /// A template file already read from a folder (by a caller with its own rules for reading).
  public struct File: Sendable, Equatable {
    /// The path below the folder, `/`-separated: `partials/cover.mustache`.
    public var path: String
    public var contents: [UInt8]

    public init(path: String, contents: [UInt8]) {
      self.path = path
      self.contents = contents
    }
  }

  /// File extensions loaded from folders; a template's name is its relative path without one.
  public static let fileExtensions = ["mustache", "html", "htm"]

  /// The template name of the file at `path` below a templates folder (`partials/cover.mustache`
  /// → `partials/cover`); nil for hidden files and files without a template extension.
  public static func templateName(ofFile path: String) -> String? {
    guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
      let dot = path.lastIndex(of: "."), path.lastIndex(of: "/").map({ dot > $0 }) ?? true,
      fileExtensions.contains(String(path[path.index(after: dot)...]))
    else { return nil }
    return String(path[..<dot])
  }

  private let templates: [String: Template]

  /// A library of already parsed templates; a later template with the same name wins.
  public init(templates: [Template]) {
    var byName: [String: Template] = [:]
    for template in templates { byName[template.name] = template }
    self.templates = byName
  }

  /// Parses `sources` (name → source); files are shown as `displayPrefix/name.mustache`.
  public init(sources: [String: String], displayPrefix: String = "") throws(MustacheError) {
    var parsed: [Template] = []
    for name in sources.keys.sorted() {
      let fileName = TemplateLibrary.join(displayPrefix, name + ".mustache")
      parsed.append(try Template(source: sources[name]!, name: name, fileName: fileName))
    }
    self.init(templates: parsed)
  }

  /// Parses template files read from one folder, named by `templateName(ofFile:)` and shown in
  /// errors as `displayPrefix/path`; files that are not templates are ignored.
  public init(files: [File], displayPrefix: String) throws(MustacheError) {
    var names: [String: String] = [:]
    var templates: [Template] = []
    for file in files.sorted(by: { $0.path < $1.path }) {
      guard let name = TemplateLibrary.templateName(ofFile: file.path) else { continue }
      let fileName = TemplateLibrary.join(displayPrefix, file.path)
      if let other = names[name] {
        throw MustacheError(
          .duplicateTemplate(name: name, files: [other, fileName].sorted()), file: displayPrefix)
      }
      names[name] = fileName
      guard let source = String(validating: file.contents, as: UTF8.self) else {
        throw MustacheError(.unreadable(reason: "the file is not UTF-8 text"), file: fileName)
      }
      templates.append(try Template(source: source, name: name, fileName: fileName))
    }
    self.init(templates: templates)
  }

  /// This library's templates, falling back to `fallback` for names this one lacks.
  public func overriding(_ fallback: TemplateLibrary) -> TemplateLibrary {
    TemplateLibrary(templates: fallback.templates.merging(templates) { _, own in own })
  }

  private init(templates: [String: Template]) {
    self.templates = templates
  }

  /// The template named `name` (`partials/cover`), or nil.
  public func template(named name: String) -> Template? {
    templates[name]
  }

  /// All template names, sorted.
  public var templateNames: [String] {
    templates.keys.sorted()
  }

  /// Renders the template `name` with partials from this library.
  public func render(_ name: String, _ context: MustacheValue) throws(MustacheError) -> String {
    try template(required: name).render(context, partials: self)
  }

  /// Renders the template `name`, appending its UTF-8 bytes to `output` (see
  /// `Template.render(_:partials:into:)`).
  public func render(_ name: String, _ context: MustacheValue, into output: inout OutputBuffer)
    throws(MustacheError)
  {
    try template(required: name).render(context, partials: self, into: &output)
  }

  private func template(required name: String) throws(MustacheError) -> Template {
    guard let template = templates[name] else {
      let suggestion = NearestName.suggestion(for: name, among: templates.keys)
      throw MustacheError(.unknownTemplate(name: name, suggestion: suggestion), file: "")
    }
    return template
  }

  static func join(_ prefix: String, _ relative: String) -> String {
    if prefix.isEmpty { return relative }
    return prefix.hasSuffix("/") ? prefix + relative : prefix + "/" + relative
  }
}
