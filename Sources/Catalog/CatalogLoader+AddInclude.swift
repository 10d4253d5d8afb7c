import Diagnostics

/// Adding a file to catalog.yml's `include:` without rewriting anything the owner wrote: the
/// text changes only where the name goes (one line appended, or the name put into the list).
extension CatalogLoader {
  /// `text` with `name` in its `include:`; nil when it is there already. Throws when the
  /// catalog does not parse, or its top level is not in block style (no place is then safe).
  package static func addingInclude(_ name: String, to text: String, file: String) throws(CatalogError)
    -> String?
  {
    let decoder = CatalogDecoder(file: file, text: text)
    let root = try document(text, decoder: decoder)
    let lineEnd = text.utf8.contains(13) ? "\r\n" : "\n"
    let entry = YAMLText.scalar(name)
    guard let root else { return text + "include: [\(entry)]" + lineEnd }
    guard case .mapping(let pairs) = root.kind, pairs.allSatisfy({ $0.key.location.column == 1 }) else {
      throw .invalid([
        .error(
          "cannot add '\(name)' to 'include': the top level of \(file) is not written one key per line; "
            + "add 'include: [\(entry)]' yourself", at: root.location)
      ])
    }
    guard let include = pairs.first(where: { $0.key.scalar?.value == "include" })?.value, !include.isNull
    else {
      let separator = text.isEmpty || text.utf8.last == 10 || text.utf8.last == 13 ? "" : lineEnd
      return text + separator + "include: [\(entry)]" + lineEnd
    }
    var lines = TextLines(text)
    switch include.kind {
    case .scalar(let scalar):
      if scalar.value == name { return nil }
      lines.insert(
        ", \(entry)]", line: include.location.line, column: include.location.column + include.length)
      lines.insert("[", line: include.location.line, column: include.location.column)
    case .sequence(let items):
      if items.contains(where: { $0.scalar?.value == name }) { return nil }
      let isFlow = lines.character(line: include.location.line, column: include.location.column) == "["
      if isFlow {
        if let last = items.last {
          lines.insert(", \(entry)", line: last.location.line, column: last.location.column + last.length)
        } else {
          lines.insert(entry, line: include.location.line, column: include.location.column + 1)
        }
      } else if let last = items.last {
        let prefix = lines.prefix(line: last.location.line, column: last.location.column)
        lines.insertLine(prefix + entry, after: last.location.line, lineEnd: lineEnd)
      }
    case .mapping:
      throw .invalid([
        decoder.withSourceLine(
          .error("'include' must be a list of file names, got a mapping", at: include.location))
      ])
    }
    return lines.text
  }
}

/// Text as lines that can take insertions at a (1-based) line and column counted in Unicode
/// scalars, as libyaml counts them; line breaks are kept as they were.
private struct TextLines {
  private var lines: [(text: [Unicode.Scalar], end: String)] = []

  init(_ text: String) {
    var current: [Unicode.Scalar] = []
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\n" || scalar == "\r" else {
        current.append(scalar)
        continue
      }
      let isCRLF = scalar == "\r" && scalars.first == "\n"
      if isCRLF { scalars.removeFirst() }
      lines.append((current, isCRLF ? "\r\n" : String(scalar)))
      current = []
    }
    lines.append((current, ""))
  }

  mutating func insert(_ text: String, line: Int, column: Int) {
    guard lines.indices.contains(line - 1) else { return }
    let index = min(max(0, column - 1), lines[line - 1].text.count)
    lines[line - 1].text.insert(contentsOf: text.unicodeScalars, at: index)
  }

  func character(line: Int, column: Int) -> Unicode.Scalar? {
    guard lines.indices.contains(line - 1), lines[line - 1].text.indices.contains(column - 1) else {
      return nil
    }
    return lines[line - 1].text[column - 1]
  }

  /// The line's text before `column`.
  func prefix(line: Int, column: Int) -> String {
    guard lines.indices.contains(line - 1) else { return "" }
    var text = ""
    text.unicodeScalars.append(contentsOf: lines[line - 1].text.prefix(max(0, column - 1)))
    return text
  }

  mutating func insertLine(_ text: String, after line: Int, lineEnd: String) {
    guard lines.indices.contains(line - 1) else { return }
    // The line it follows may be the last, without a break of its own.
    if lines[line - 1].end.isEmpty { lines[line - 1].end = lineEnd }
    lines.insert((Array(text.unicodeScalars), lineEnd), at: line)
  }

  var text: String {
    var result = ""
    for (line, end) in lines {
      result.unicodeScalars.append(contentsOf: line)
      result += end
    }
    return result
  }
}
