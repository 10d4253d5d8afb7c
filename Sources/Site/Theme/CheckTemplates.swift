import Diagnostics
import Mustache

/// Lints the theme a site would build with (its `templates/` over the default theme) for
/// `bookgen check`: syntax errors, unknown partials and names no field of the page type offers.
/// `bookgen build` and `serve` run the same lint before rendering a page: the engine renders
/// an unknown partial or field as nothing, as the spec says, so this is what catches a typo.
///
/// Each page template is checked against the fields its page type really gets, taken from the
/// contexts of a sample site in which every optional field is present once and absent once;
/// `book.extra` holds `extraNames`, the names the catalog's `extra:` values use.
package func checkTemplates(templatesDirectory: String?, extraNames: Set<String> = []) -> [Diagnostic] {
  let renderer: ThemeRenderer
  do {
    renderer = try ThemeRenderer(theme: Theme.load(directory: templatesDirectory))
  } catch {
    return error.diagnostics
  }
  return renderer.lint(extraNames: extraNames)
}

extension ThemeRenderer {
  /// Names no field of the page type offers, and partials no template provides, in every page
  /// template and what it includes: what `check` reports and what fails a build.
  func lint(extraNames: Set<String> = []) -> [Diagnostic] {
    let samples = SampleSite.contexts(extraNames: extraNames)
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
