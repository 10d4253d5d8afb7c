import Diagnostics
import Support

/// Walks a catalog's YAML tree into the model; a bad value is reported and skipped, never the
/// end, so one run shows the owner everything to fix.
struct CatalogDecoder {
  let file: String
  private let lines: [Substring]
  var diagnostics: [Diagnostic] = []
  /// Keys whose value is a block list or mapping starting on a later line, by the value's
  /// position: a wrong type there is reported at the key, which is where the reader looks.
  var keysOfBlockValues: [SourceLocation: YAMLNode] = [:]
  /// Positions later stages warn about (`books:` keys, `site.base_url`).
  var places = CatalogPlaces()
  /// Each `status` written, checked once every file's shelves are known.
  var statuses: [(slug: String, node: YAMLNode, path: String)] = []
  /// The site's folder, where `cover:` image files are looked for.
  var directory = "."
  /// The stamp of each `cover:` image file when it was checked.
  var coverFileStamps: [String: FileStamp] = [:]

  init(file: String, text: String) {
    self.file = file
    lines = Self.lines(of: text)
  }

  /// The lines of catalog text as libyaml counts them, without a byte order mark.
  static func lines(of text: String) -> [Substring] {
    var text = Substring(text)
    if text.first == "\u{FEFF}" { text = text.dropFirst() }
    // libyaml breaks lines at "\n", "\r\n" and a lone "\r"; scanned as bytes, since an imported
    // library's file has a hundred thousand lines and splitting by Character is slow.
    var lines: [Substring] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    var index = start
    while index != bytes.endIndex {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
        bytes.formIndex(after: &index)
        continue
      }
      lines.append(text[start..<index])
      bytes.formIndex(after: &index)
      if byte == UInt8(ascii: "\r"), index != bytes.endIndex, bytes[index] == UInt8(ascii: "\n") {
        bytes.formIndex(after: &index)
      }
      start = index
    }
    lines.append(text[start...])
    return lines
  }

  /// Diagnostics in source order; problems at one position keep the order they were found in.
  var sortedDiagnostics: [Diagnostic] {
    diagnostics.enumerated().sorted { a, b in
      switch (a.element.location, b.element.location) {
      case (let x?, let y?) where x != y: return x < y
      case (nil, _?): return true
      case (_?, nil): return false
      default: return a.offset < b.offset
      }
    }.map(\.element)
  }

  /// The text of a 1-based line, with anything that looks like an API key blanked out;
  /// nil for an empty line (a caret under nothing helps no one).
  func sourceLine(_ line: Int) -> String? {
    guard line >= 1, line <= lines.count, !lines[line - 1].isEmpty else { return nil }
    return Redaction.redactingKeys(String(lines[line - 1]))
  }

  mutating func error(
    _ message: String, at location: SourceLocation, length: Int = 1, suggestion: String? = nil
  ) {
    diagnostics.append(
      .error(
        message, at: location, sourceLine: sourceLine(location.line), length: length, suggestion: suggestion))
  }

  mutating func error(_ message: String, at node: YAMLNode, suggestion: String? = nil) {
    let site = node.scalar == nil ? keysOfBlockValues[node.location] ?? node : node
    error(message, at: site.location, length: site.length, suggestion: suggestion)
  }

  /// Reports at `node` and replaces its text in the shown source line, for secrets.
  mutating func redactedError(_ message: String, at node: YAMLNode) {
    let index = node.location.line - 1
    guard lines.indices.contains(index) else {
      return diagnostics.append(.error(message, at: node.location))
    }
    var line = Array(lines[index])
    let start = min(line.count, node.location.column - 1)
    let end = min(line.count, start + node.length)
    line.replaceSubrange(start..<end, with: Redaction.placeholder)
    let shownLine = Redaction.redactingKeys(String(line))
    diagnostics.append(
      .error(message, at: node.location, sourceLine: shownLine, length: Redaction.placeholder.count))
  }

  /// Where `node` is, for a warning after loading.
  func place(of node: YAMLNode) -> CatalogPlace {
    CatalogPlace(location: node.location, sourceLine: sourceLine(node.location.line), length: node.length)
  }

  /// Adds the source line to a diagnostic made elsewhere (a YAML syntax error).
  func withSourceLine(_ diagnostic: Diagnostic) -> Diagnostic {
    var diagnostic = diagnostic
    if let location = diagnostic.location { diagnostic.sourceLine = sourceLine(location.line) }
    return diagnostic
  }
}

/// A value as it may appear inside a message: quoted, shortened, never showing an API key.
func shown(_ text: String) -> String {
  var text = Redaction.redactingKeys(text)
  if text.count > 60 { text = text.prefix(57) + "..." }
  return "'\(text.replacing("\n", with: "\\n"))'"
}

/// Joins key paths the way messages print them: `site.title`, `collections[0].queries[1]`.
func keyPath(_ parent: String, _ key: String) -> String {
  parent.isEmpty ? key : "\(parent).\(key)"
}

func keyPath(_ parent: String, index: Int) -> String {
  "\(parent)[\(index)]"
}
