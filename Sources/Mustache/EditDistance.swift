import Diagnostics

/// Did-you-mean suggestions for template and field names: `Diagnostics.NearestName`, the one
/// rule bookgen's catalog, CLI and templates share (Mustache's copy of it is gone).
enum EditDistance {
  /// The candidate nearest to `name`, if close enough to be a typo.
  static func nearest(to name: String, among candidates: some Sequence<String>) -> String? {
    NearestName.suggestion(for: name, among: candidates)
  }
}
