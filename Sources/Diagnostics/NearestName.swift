/// Suggestions for typos: "did you mean 'collections'?" — the one rule for the catalog, the CLI,
/// the site's strings and the template engine.
package enum NearestName {
  /// The candidate closest to `name` by edit distance, if it is close enough to be a likely typo:
  /// about one edit per three characters, at least one, at most three. Names are compared
  /// case-insensitively and by characters, so a composed and a decomposed `é` are one letter;
  /// of two as close, the alphabetically first is suggested.
  package static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
    let lowered = Array(name.lowercased())
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(lowered, Array(candidate.lowercased()))
      if let current = best,
        current.distance < distance || (current.distance == distance && current.name <= candidate)
      {
        continue
      }
      best = (candidate, distance)
    }
    guard let best else { return nil }
    return best.distance <= min(3, max(1, lowered.count / 3)) ? best.name : nil
  }

  /// `" (did you mean 'x'?)"` or the empty string, for messages that are not `Diagnostic`s.
  package static func hint(for name: String, among candidates: some Sequence<String>) -> String {
    guard let match = suggestion(for: name, among: candidates) else { return "" }
    return " (did you mean '\(match)'?)"
  }

  /// Damerau–Levenshtein distance (optimal string alignment): a swap counts as one edit.
  package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previousPrevious[j - 2] + 1)
        }
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
