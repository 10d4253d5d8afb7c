/// Turns tokens into a node tree: applies the standalone-line rules, then matches sections
/// with an explicit stack, so deeply nested input cannot overflow the call stack.
struct Parser {
  /// Sections, parents and blocks nested deeper than this are an error.
  static let nestingLimit = 100

  let text: SourceText

  private var bytes: [UInt8] { text.bytes }

  init(text: SourceText) {
    self.text = text
  }

  mutating func parse() throws(MustacheError) -> [Node] {
    var lexer = Lexer(text: text)
    var tokens = try lexer.tokenize()
    markStandaloneLines(&tokens)
    return try buildTree(tokens)
  }

  // MARK: Standalone lines

  /// A line holding only whitespace and non-output tags (sections, comments, partials…) is
  /// removed whole; its indentation is kept for partials, parents and blocks.
  private func markStandaloneLines(_ tokens: inout [Token]) {
    var lineStart = 0
    for index in tokens.indices {
      let token = tokens[index]
      let endsLine = token.isText && bytes[token.end - 1] == UInt8(ascii: "\n")
      if endsLine || index == tokens.count - 1 {
        markLine(lineStart...index, in: &tokens)
        lineStart = index + 1
      }
    }
  }

  private func markLine(_ range: ClosedRange<Int>, in tokens: inout [Token]) {
    var tags = 0
    for index in range {
      let token = tokens[index]
      switch token.kind {
      case .text: if !isBlank(token) { return }
      case .variable, .raw: return
      default: tags += 1
      }
    }
    guard tags > 0 else { return }
    let first = tokens[range.lowerBound]
    let indent = first.isText ? first.start..<first.end : first.start..<first.start
    var last = range.lowerBound
    for index in range {
      if tokens[index].isText {
        tokens[index].removed = true
      } else {
        tokens[index].standalone = true
        tokens[index].indent = indent
        last = index
      }
    }
    tokens[last].lastOnLine = true
  }

  /// Spaces and tabs, optionally ending in `\n` or `\r\n`.
  private func isBlank(_ token: Token) -> Bool {
    var end = token.end
    if bytes[end - 1] == UInt8(ascii: "\n") {
      end -= 1
      if end > token.start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    }
    for index in token.start..<end
    where bytes[index] != UInt8(ascii: " ") && bytes[index] != UInt8(ascii: "\t") {
      return false
    }
    return true
  }

  // MARK: Tree

  private struct Frame {
    var token: Token
    var children: [Node] = []
  }

  private func buildTree(_ tokens: [Token]) throws(MustacheError) -> [Node] {
    var stack = [Frame(token: Token(kind: .section, start: 0, end: 0))]
    for token in tokens {
      switch token.kind {
      case .text:
        if !token.removed { appendText(token, to: &stack[stack.count - 1].children) }
      case .variable, .raw:
        let variable = Node.Variable(
          name: Node.Name(token.name), escaped: token.kind == .variable, offset: token.start,
          lineStart: isLineStart(token))
        stack[stack.count - 1].children.append(.variable(variable))
      case .comment, .delimiters:
        // Nothing to render, but a partial's indentation still belongs at the start of the line.
        if isLineStart(token) {
          stack[stack.count - 1].children.append(.text(Node.Text(bytes: [], lineStart: true)))
        }
      case .partial:
        stack[stack.count - 1].children.append(.partial(partial(token)))
      case .section, .inverted, .parent, .block:
        if stack.count > Parser.nestingLimit {
          throw text.error(.nestingTooDeep(limit: Parser.nestingLimit), at: token.start)
        }
        stack.append(Frame(token: token))
      case .close:
        guard stack.count > 1 else { throw text.error(.unexpectedClose(name: token.name), at: token.start) }
        let frame = stack.removeLast()
        guard frame.token.name == token.name else { throw mismatch(frame.token, token) }
        stack[stack.count - 1].children.append(node(for: frame, closedBy: token))
      }
    }
    if stack.count > 1 {
      let open = stack[stack.count - 1].token
      throw text.error(.unclosedSection(name: open.name), at: open.start)
    }
    return stack[0].children
  }

  private func mismatch(_ open: Token, _ close: Token) -> MustacheError {
    var error = text.error(.mismatchedClose(opened: open.name, closed: close.name), at: open.start)
    let place = text.locate(close.start)
    error.note = MustacheError.Note(
      message: "'\(close.name)' closed here", line: place.line, column: place.column,
      sourceLine: place.sourceLine)
    return error
  }

  private func isLineStart(_ token: Token) -> Bool {
    !token.standalone && (token.start == 0 || bytes[token.start - 1] == UInt8(ascii: "\n"))
  }

  private func appendText(_ token: Token, to children: inout [Node]) {
    if case .text(let previous) = children.last {
      let joined = previous.bytes + bytes[token.start..<token.end]
      children[children.count - 1] = .text(Node.Text(bytes: joined, lineStart: previous.lineStart))
    } else {
      let lineStart = token.start == 0 || bytes[token.start - 1] == UInt8(ascii: "\n")
      children.append(.text(Node.Text(bytes: Array(bytes[token.start..<token.end]), lineStart: lineStart)))
    }
  }

  private func partial(_ token: Token) -> Node.Partial {
    let dynamic = token.name.hasPrefix("*") ? Node.Name(String(token.name.dropFirst())) : nil
    return Node.Partial(
      name: token.name, dynamic: dynamic,
      indent: token.standalone ? Array(bytes[token.indent]) : nil, offset: token.start,
      lineStart: isLineStart(token))
  }

  private func node(for frame: Frame, closedBy close: Token) -> Node {
    let open = frame.token
    switch open.kind {
    case .parent:
      var overrides: [String: [Node]] = [:]
      for case .block(let block) in frame.children where overrides[block.name] == nil {
        overrides[block.name] = block.children
      }
      return .parent(Node.Parent(partial: partial(open), overrides: overrides))
    case .block:
      return .block(block(frame, closedBy: close))
    default:
      let section = Node.Section(
        name: Node.Name(open.name), inverted: open.kind == .inverted, children: frame.children,
        offset: open.start, lineStart: isLineStart(open))
      return .section(section)
    }
  }

  /// A block whose opening tag stands alone takes its indentation from its content's first
  /// line (or, when empty, from the tag): that indentation is removed here and added back
  /// wherever the block's content is finally placed.
  private func block(_ frame: Frame, closedBy close: Token) -> Node.Block {
    let open = frame.token
    var children = frame.children
    var siteIndent: [UInt8]?
    if open.standalone {
      siteIndent = Array(bytes[open.indent])
      if open.lastOnLine, let intrinsic = Parser.leadingIndent(children) {
        siteIndent = intrinsic
        if !intrinsic.isEmpty { Parser.dedent(&children, by: intrinsic) }
      }
    }
    return Node.Block(
      name: open.name, children: children, siteIndent: siteIndent,
      wholeLines: open.standalone && close.standalone, offset: open.start, lineStart: isLineStart(open))
  }

  private static func leadingIndent(_ children: [Node]) -> [UInt8]? {
    guard let first = children.first else { return nil }
    guard case .text(let text) = first, text.lineStart else { return [] }
    return Array(text.bytes.prefix(while: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }))
  }

  /// Removes `prefix` from the start of every source line in `nodes`.
  static func dedent(_ nodes: inout [Node], by prefix: [UInt8]) {
    for index in nodes.indices {
      switch nodes[index] {
      case .text(let text):
        let dedented = dedentLines(text.bytes, by: prefix, atStart: text.lineStart)
        nodes[index] = .text(Node.Text(bytes: dedented, lineStart: text.lineStart))
      case .section(let section):
        var children = section.children
        dedent(&children, by: prefix)
        nodes[index] = .section(section.with(children: children))
      case .partial(let partial):
        nodes[index] = .partial(partial.with(indent: partial.indent.map { dropPrefix(prefix, from: $0) }))
      case .parent(let parent):
        var overrides = parent.overrides
        for key in overrides.keys { dedent(&overrides[key]!, by: prefix) }
        let partial = parent.partial.with(indent: parent.partial.indent.map { dropPrefix(prefix, from: $0) })
        nodes[index] = .parent(Node.Parent(partial: partial, overrides: overrides))
      case .block(let block):
        var children = block.children
        dedent(&children, by: prefix)
        nodes[index] = .block(
          block.with(children: children, siteIndent: block.siteIndent.map { dropPrefix(prefix, from: $0) }))
      case .variable:
        break
      }
    }
  }

  private static func dedentLines(_ bytes: [UInt8], by prefix: [UInt8], atStart: Bool) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    var lineStarts = atStart
    while index < bytes.count {
      if lineStarts {
        var matched = 0
        while matched < prefix.count, index + matched < bytes.count, bytes[index + matched] == prefix[matched]
        {
          matched += 1
        }
        index += matched
        lineStarts = false
        continue
      }
      result.append(bytes[index])
      lineStarts = bytes[index] == UInt8(ascii: "\n")
      index += 1
    }
    return result
  }

  private static func dropPrefix(_ prefix: [UInt8], from indent: [UInt8]) -> [UInt8] {
    indent.starts(with: prefix) ? Array(indent.dropFirst(prefix.count)) : indent
  }
}
