import CYaml
import Diagnostics
import Support

/// Parses YAML with libyaml: the first document only, aliases resolved within limits, `<<` merge
/// keys applied, syntax errors at the position libyaml gives.
package enum YAMLReader {
  /// Most nodes that aliases may add in total; stops "billion laughs" documents early.
  static let aliasExpansionLimit = 1_000_000
  /// Most bytes of scalar text that aliases may add in total (16 MiB): a few kilobytes of
  /// anchors must not stand for gigabytes of text.
  static let aliasTextLimit = 16 << 20
  /// Most lists and mappings open inside each other, aliases included. Checked as libyaml's
  /// events arrive, before any deep tree exists: releasing one 70,000 levels deep overflowed
  /// the stack. A catalog needs five or six.
  package static let depthLimit = 64

  /// Parses `text`, as `file` in diagnostics; nil when the document holds only comments or space.
  package static func parse(_ text: String, file: String) throws(Diagnostic) -> YAMLNode? {
    var bytes = Array(text.utf8)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
      throw Diagnostic.error("cannot initialise the YAML parser (out of memory)")
    }
    defer { yaml_parser_delete(&parser) }
    let result: Result<YAMLNode?, Diagnostic> = bytes.withUnsafeBufferPointer { buffer in
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      var builder = TreeBuilder(file: file)
      do throws(Diagnostic) {
        while true {
          var event = yaml_event_t()
          guard yaml_parser_parse(&parser, &event) == 1 else {
            return .failure(syntaxError(parser, file: file, text: text))
          }
          defer { yaml_event_delete(&event) }
          if try builder.handle(event) { return .success(builder.root) }
        }
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private static func syntaxError(_ parser: yaml_parser_t, file: String, text: String) -> Diagnostic {
    let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
    let mark = parser.problem_mark
    let context = parser.context.map { String(cString: $0) }
    var detail = problem
    if let context {
      let mark = parser.context_mark
      detail += " (\(context) at line \(mark.line + 1), column \(mark.column + 1))"
    }
    let failure = YAMLSyntaxHint.Failure(
      problem: problem, line: mark.line + 1, column: mark.column + 1, context: context,
      contextLine: parser.context_mark.line + 1, contextColumn: parser.context_mark.column + 1)
    let lines = CatalogDecoder.lines(of: text)
    var message = "invalid YAML: \(detail)"
    if let hint = YAMLSyntaxHint.hint(for: failure, lines: lines) {
      let place =
        context.map { ", \($0) at line \(failure.contextLine), column \(failure.contextColumn)" } ?? ""
      message = "invalid YAML: \(hint) (\(problem)\(place))"
    }
    return Diagnostic.error(
      message, at: SourceLocation(file: file, line: mark.line + 1, column: mark.column + 1))
  }
}

/// Turns the libyaml event stream into nodes; one open container per stack entry.
private struct TreeBuilder {
  private struct Container {
    var isMapping: Bool
    var location: SourceLocation
    var anchor: String?
    /// For mappings: keys and values alternate.
    var children: [YAMLNode] = []
  }

  let file: String
  private(set) var root: YAMLNode?
  private var stack: [Container] = []
  private var anchors: [String: YAMLNode] = [:]
  private var expanded = 0
  private var expandedText = 0
  private var documents = 0

  init(file: String) {
    self.file = file
  }

  /// Consumes one event; returns true when parsing is finished.
  mutating func handle(_ event: yaml_event_t) throws(Diagnostic) -> Bool {
    let location = SourceLocation(
      file: file, line: event.start_mark.line + 1, column: event.start_mark.column + 1)
    switch event.type {
    case YAML_STREAM_END_EVENT:
      return true
    case YAML_DOCUMENT_START_EVENT:
      documents += 1
      if documents > 1 {
        throw Diagnostic.error(
          "\(file) must hold a single YAML document; remove this second one", at: location)
      }
    case YAML_SCALAR_EVENT:
      let data = event.data.scalar
      // Escapes such as "\0" or "\e" make control characters no page or feed may hold.
      let value = ControlCharacters.removingForbidden(string(data.value, length: data.length))
      let scalar = YAMLScalar(value, style: style(data.style), tag: optionalString(data.tag))
      let sameLine = event.end_mark.line == event.start_mark.line
      let length = sameLine ? event.end_mark.column - event.start_mark.column : 1
      let node = YAMLNode(.scalar(scalar), at: location, length: length)
      if let anchor = optionalString(data.anchor) { anchors[anchor] = node }
      try add(node)
    case YAML_ALIAS_EVENT:
      let name = optionalString(event.data.alias.anchor) ?? ""
      guard let node = anchors[name] else {
        throw Diagnostic.error("unknown alias '*\(name)': no anchor '&\(name)' before it", at: location)
      }
      expanded += node.nodeCount
      if expanded > YAMLReader.aliasExpansionLimit {
        throw Diagnostic.error(
          "aliases expand to more than \(YAMLReader.aliasExpansionLimit) nodes; the document is "
            + "too large or recursive", at: location)
      }
      expandedText += node.textBytes
      if expandedText > YAMLReader.aliasTextLimit {
        throw Diagnostic.error(
          "aliases expand to more than \(ByteCount.text(YAMLReader.aliasTextLimit)) of text; the document is "
            + "too large or recursive", at: location)
      }
      try checkDepth(stack.count + node.depth, at: location)
      try add(node)
    case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
      try checkDepth(stack.count + 1, at: location)
      let isMapping = event.type == YAML_MAPPING_START_EVENT
      let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
      stack.append(Container(isMapping: isMapping, location: location, anchor: optionalString(anchor)))
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      let container = stack.removeLast()
      let kind: YAMLNode.Kind =
        container.isMapping ? .mapping(try merged(container.children)) : .sequence(container.children)
      let node = YAMLNode(kind, at: container.location)
      if let anchor = container.anchor { anchors[anchor] = node }
      try add(node)
    default:
      break
    }
    return false
  }

  private func checkDepth(_ depth: Int, at location: SourceLocation) throws(Diagnostic) {
    guard depth > YAMLReader.depthLimit else { return }
    throw Diagnostic.error(
      "lists and mappings nest more than \(YAMLReader.depthLimit) levels deep; catalog.yml needs a few",
      at: location)
  }

  private mutating func add(_ node: YAMLNode) throws(Diagnostic) {
    if stack.isEmpty {
      // An empty document yields one null scalar; keep nil so callers can say "empty".
      root = node.isNull ? nil : node
    } else {
      stack[stack.count - 1].children.append(node)
    }
  }

  /// Pairs keys with values and applies `<<` merge keys: explicit keys win over merged ones,
  /// and earlier merge sources win over later ones.
  private func merged(_ children: [YAMLNode]) throws(Diagnostic) -> [YAMLPair] {
    var explicit: [YAMLPair] = []
    var sources: [YAMLNode] = []
    var index = 0
    while index + 1 < children.count {
      let pair = YAMLPair(key: children[index], value: children[index + 1])
      index += 2
      if let key = pair.key.scalar, key.value == "<<", key.style == .plain {
        switch pair.value.kind {
        case .mapping: sources.append(pair.value)
        case .sequence(let items) where items.allSatisfy(\.isMapping): sources.append(contentsOf: items)
        default:
          throw Diagnostic.error(
            "the merge key '<<' needs a mapping or a list of mappings, got \(pair.value.kindDescription)",
            at: pair.value.location, length: pair.value.length)
        }
      } else {
        explicit.append(pair)
      }
    }
    guard !sources.isEmpty else { return explicit }
    var seen = Set(explicit.compactMap { $0.key.scalar?.value })
    var result = explicit
    for source in sources {
      guard case .mapping(let pairs) = source.kind else { continue }
      for pair in pairs {
        guard let key = pair.key.scalar?.value else { continue }
        if seen.insert(key).inserted { result.append(pair) }
      }
    }
    return result
  }

  private func style(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
    switch style {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: return .literal
    case YAML_FOLDED_SCALAR_STYLE: return .folded
    default: return .plain
    }
  }

  private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String {
    guard let pointer else { return "" }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
  }

  private func optionalString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
  }
}

extension YAMLNode {
  var isMapping: Bool {
    if case .mapping = kind { return true }
    return false
  }
}
