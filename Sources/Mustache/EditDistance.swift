/// Did-you-mean suggestions from the edit distance between names.
enum EditDistance {
  /// The candidate nearest to `name`, if close enough to be a typo: about one edit per three
  /// characters, at least one, at most three.
  static func nearest(to name: String, among candidates: some Sequence<String>) -> String? {
    let target = Array(name.lowercased().unicodeScalars)
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let distance = between(target, Array(candidate.lowercased().unicodeScalars))
      if let current = best,
        current.distance < distance || (current.distance == distance && current.name <= candidate)
      {
        continue
      }
      best = (candidate, distance)
    }
    guard let best else { return nil }
    return best.distance <= min(3, max(1, target.count / 3)) ? best.name : nil
  }

  /// Levenshtein distance where swapping two neighbours counts as one edit.
  static func between(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}
