/// What `bookgen init` puts in a new catalog to show the way (two collections and a note),
/// which a first import replaces: each part still exactly as init wrote it is taken out of
/// catalog.yml; a part the owner changed is theirs now, and stays.
enum StarterContent {
  /// One part of the starter catalog: its lines as `Scaffold.catalog` writes them.
  struct Part {
    /// `the starter collection 'Favourites'`.
    var name: String
    var lines: [Substring]
    /// The line of its own (a description, the note) that shows the part is still there,
    /// changed elsewhere: a collection the owner made under the same name is not the starter.
    var signature: Substring
  }

  /// The collections and the sample `books:` entry, cut from the scaffold at their lines.
  static let parts: [Part] = {
    let lines = Scaffold.catalog.split(separator: "\n", omittingEmptySubsequences: false)
    func block(from first: String, until end: (Substring) -> Bool) -> [Substring] {
      guard let start = lines.firstIndex(where: { $0 == first }) else { return [] }
      let stop = lines[(start + 1)...].firstIndex(where: end) ?? lines.endIndex
      return Array(lines[start..<stop])
    }
    let classics = "  - title: \"Science Fiction Classics\""
    let favourites = "  - title: \"Favourites\""
    let parts = [
      ("the starter collection 'Science Fiction Classics'", block(from: classics) { $0 == favourites }, 3),
      ("the starter collection 'Favourites'", block(from: favourites) { $0.isEmpty }, 2),
      ("the sample note of 9780441013593", block(from: "  \"9780441013593\":") { !$0.hasPrefix("    ") }, 2),
    ]
    return parts.map { name, lines, signature in
      Part(name: name, lines: lines, signature: lines.indices.contains(signature) ? lines[signature] : "")
    }
  }()

  struct Outcome {
    var text: String
    /// Parts taken out, as init wrote them.
    var removed: [String] = []
    /// Parts the owner changed, kept.
    var kept: [String] = []
  }

  /// `text` without the starter parts still as init wrote them, and the ones there in another
  /// shape.
  static func removing(from text: String) -> Outcome {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)
    var outcome = Outcome(text: text)
    for part in parts where !part.lines.isEmpty {
      if let start = occurrence(of: part.lines, in: lines) {
        lines.removeSubrange(start..<(start + part.lines.count))
        outcome.removed.append(part.name)
      } else if !part.signature.isEmpty, occurrence(of: [part.signature], in: lines) != nil {
        outcome.kept.append(part.name)
      }
    }
    if !outcome.removed.isEmpty { outcome.text = lines.joined(separator: "\n") }
    return outcome
  }

  /// Where `block` begins in `lines`, line for line (a carriage return at a line's end aside).
  private static func occurrence(of block: [Substring], in lines: [Substring]) -> Int? {
    guard lines.count >= block.count else { return nil }
    func same(_ a: Substring, _ b: Substring) -> Bool {
      (a.hasSuffix("\r") ? a.dropLast() : a) == (b.hasSuffix("\r") ? b.dropLast() : b)
    }
    return (0...(lines.count - block.count)).first { start in
      zip(lines[start..<(start + block.count)], block).allSatisfy(same)
    }
  }

  /// `a`, `a and b`, `a, b and c`.
  static func listed(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
  }
}
