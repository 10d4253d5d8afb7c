/// One element of a parsed template. Children live in arrays, so the enum needs no boxing.
///
/// Every case holds an immutable class, so that visiting a node costs one retain, not one per
/// field, and the renderer can borrow it without any (`unretained`).
enum Node: Sendable {
  case text(Text)
  case variable(Variable)
  case section(Section)
  case partial(Partial)
  case parent(Parent)
  case block(Block)

  /// Literal text. `lineStart` marks text that begins a source line, where a partial's
  /// indentation goes.
  final class Text: Sendable {
    let bytes: [UInt8]
    let lineStart: Bool

    init(bytes: [UInt8], lineStart: Bool) {
      self.bytes = bytes
      self.lineStart = lineStart
    }
  }

  /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (raw).
  final class Variable: Sendable {
    let name: Name
    let escaped: Bool
    let offset: Int
    let lineStart: Bool

    init(name: Name, escaped: Bool, offset: Int, lineStart: Bool) {
      self.name = name
      self.escaped = escaped
      self.offset = offset
      self.lineStart = lineStart
    }
  }

  /// `{{#name}}…{{/name}}` or, inverted, `{{^name}}…{{/name}}`.
  final class Section: Sendable {
    let name: Name
    let inverted: Bool
    let children: [Node]
    let offset: Int
    let lineStart: Bool

    init(name: Name, inverted: Bool, children: [Node], offset: Int, lineStart: Bool) {
      self.name = name
      self.inverted = inverted
      self.children = children
      self.offset = offset
      self.lineStart = lineStart
    }

    func with(children: [Node]) -> Section {
      Section(name: name, inverted: inverted, children: children, offset: offset, lineStart: lineStart)
    }
  }

  /// `{{>name}}` or `{{>*dynamic}}`; `indent` is set when the tag stands alone on its line.
  final class Partial: Sendable {
    let name: String
    let dynamic: Name?
    let indent: [UInt8]?
    let offset: Int
    let lineStart: Bool

    init(name: String, dynamic: Name?, indent: [UInt8]?, offset: Int, lineStart: Bool) {
      self.name = name
      self.dynamic = dynamic
      self.indent = indent
      self.offset = offset
      self.lineStart = lineStart
    }

    func with(indent: [UInt8]?) -> Partial {
      Partial(name: name, dynamic: dynamic, indent: indent, offset: offset, lineStart: lineStart)
    }
  }

  /// `{{<name}}{{$block}}…{{/block}}{{/name}}`: a partial with blocks overridden.
  final class Parent: Sendable {
    let partial: Partial
    let overrides: [String: [Node]]

    init(partial: Partial, overrides: [String: [Node]]) {
      self.partial = partial
      self.overrides = overrides
    }

    var name: String { partial.name }
    var dynamic: Name? { partial.dynamic }
  }

  /// `{{$name}}default{{/name}}`: a place a parent's caller may fill.
  final class Block: Sendable {
    let name: String
    let children: [Node]
    /// The indentation content gets here, set when the opening tag stands alone on its line.
    let siteIndent: [UInt8]?
    /// Opening and closing tags both stand alone: the content renders as whole lines.
    let wholeLines: Bool
    let offset: Int
    let lineStart: Bool

    init(name: String, children: [Node], siteIndent: [UInt8]?, wholeLines: Bool, offset: Int, lineStart: Bool)
    {
      self.name = name
      self.children = children
      self.siteIndent = siteIndent
      self.wholeLines = wholeLines
      self.offset = offset
      self.lineStart = lineStart
    }

    func with(children: [Node], siteIndent: [UInt8]?) -> Block {
      Block(
        name: name, children: children, siteIndent: siteIndent, wholeLines: wholeLines, offset: offset,
        lineStart: lineStart)
    }
  }

  /// A dotted name split at the dots; `.` (the implicit iterator) has no parts.
  /// Each part carries its symbol, the number shapes find it by (`MustacheShape`).
  struct Name: Sendable {
    var first: String?
    var rest: [String]
    var firstSymbol: Int32
    var restSymbols: [Int32]

    init(_ text: String) {
      let parts =
        text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      first = parts.first
      rest = Array(parts.dropFirst())
      firstSymbol = first.map(Symbols.shared.intern) ?? -1
      restSymbols = rest.map(Symbols.shared.intern)
    }

    var parts: [String] { first.map { [$0] + rest } ?? [] }
  }

  /// A node's object without a reference count, for the renderer's inner loop: reading a node
  /// out of its array and binding its object would retain and release it on every visit.
  /// Only valid while the array holding the node is alive.
  enum Unretained {
    case text(Unmanaged<Text>)
    case variable(Unmanaged<Variable>)
    case section(Unmanaged<Section>)
    case partial(Unmanaged<Partial>)
    case parent(Unmanaged<Parent>)
    case block(Unmanaged<Block>)
  }

  var unretained: Unretained {
    switch self {
    case .text(let text): return .text(.passUnretained(text))
    case .variable(let variable): return .variable(.passUnretained(variable))
    case .section(let section): return .section(.passUnretained(section))
    case .partial(let partial): return .partial(.passUnretained(partial))
    case .parent(let parent): return .parent(.passUnretained(parent))
    case .block(let block): return .block(.passUnretained(block))
    }
  }
}
