import Diagnostics
import Mustache

/// Lints the theme a site would build with (its `templates/` over the default theme) for
/// `bookgen check`: syntax errors, unknown partials and names no field of the page type offers.
/// `bookgen build` and `serve` run the same lint before rendering a page: the engine renders
/// an unknown partial or field as nothing, as the spec says, so this is what catches a typo.
///
/// Each page template is checked against the fields its page type really gets, taken from the
/// contexts of a sample site in which every optional field is present once and absent once.
public func checkTemplates(templatesDirectory: String?) -> [Diagnostic] {
  let renderer: ThemeRenderer
  do {
    renderer = try ThemeRenderer(theme: Theme.load(directory: templatesDirectory))
  } catch {
    return error.diagnostics
  }
  return renderer.lint()
}

extension ThemeRenderer {
  /// Names no field of the page type offers, and partials no template provides, in every page
  /// template and what it includes: what `check` reports and what fails a build.
  func lint() -> [Diagnostic] {
    let samples = SampleSite.contexts()
    var diagnostics: [Diagnostic] = []
    var seen: Set<String> = []
    for name in PageJob.templateNames {
      let fields = FieldSchema(samples: samples[name] ?? [])
      for finding in library.lint(name, fields: fields) {
        // Partials shared by several pages report the same finding once.
        for diagnostic in finding.diagnostics where seen.insert(diagnostic.description).inserted {
          diagnostics.append(diagnostic)
        }
      }
    }
    return diagnostics
  }
}

extension SiteError {
  /// The error as located diagnostics (a template error keeps its position and note).
  public var diagnostics: [Diagnostic] {
    switch self {
    case .template(let error): return error.diagnostics
    case .templates(let list): return list
    case .unreadableFile(let path, let reason):
      return [Diagnostic.error("cannot read the file: \(reason)", at: SourceLocation(file: path))]
    default:
      return [
        Diagnostic.error(description.hasPrefix("error: ") ? String(description.dropFirst(7)) : description)
      ]
    }
  }
}

extension MustacheError {
  /// The error, then its note, as Diagnostics values.
  var diagnostics: [Diagnostic] {
    let location =
      file.isEmpty
      ? nil : line > 0 ? SourceLocation(file: file, line: line, column: column) : SourceLocation(file: file)
    var result = [Diagnostic.error(message, at: location, sourceLine: line > 0 ? sourceLine : nil)]
    if let note {
      result.append(
        Diagnostic(
          .note, note.message, at: SourceLocation(file: file, line: note.line, column: note.column),
          sourceLine: note.sourceLine))
    }
    return result
  }
}
