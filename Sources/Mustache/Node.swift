/// One element of a parsed template. Children live in arrays, so the enum needs no boxing.
enum Node: Sendable {
  case text(Text)
  case variable(Variable)
  case section(Section)
  case partial(Partial)
  case parent(Parent)
  case block(Block)

  /// Literal text. `lineStart` marks text that begins a source line, where a partial's
  /// indentation goes.
  struct Text: Sendable {
    var bytes: [UInt8]
    var lineStart: Bool
  }

  /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (raw).
  struct Variable: Sendable {
    var name: Name
    var escaped: Bool
    var offset: Int
    var lineStart: Bool
  }

  /// `{{#name}}…{{/name}}` or, inverted, `{{^name}}…{{/name}}`.
  struct Section: Sendable {
    var name: Name
    var inverted: Bool
    var children: [Node]
    var offset: Int
    var lineStart: Bool
  }

  /// `{{>name}}` or `{{>*dynamic}}`; `indent` is set when the tag stands alone on its line.
  struct Partial: Sendable {
    var name: String
    var dynamic: Name?
    var indent: [UInt8]?
    var offset: Int
    var lineStart: Bool
  }

  /// `{{<name}}{{$block}}…{{/block}}{{/name}}`: a partial with blocks overridden.
  struct Parent: Sendable {
    var partial: Partial
    var overrides: [String: [Node]]

    var name: String { partial.name }
    var dynamic: Name? { partial.dynamic }
  }

  /// `{{$name}}default{{/name}}`: a place a parent's caller may fill.
  struct Block: Sendable {
    var name: String
    var children: [Node]
    /// The indentation content gets here, set when the opening tag stands alone on its line.
    var siteIndent: [UInt8]?
    /// Opening and closing tags both stand alone: the content renders as whole lines.
    var wholeLines: Bool
    var offset: Int
    var lineStart: Bool
  }

  /// A dotted name split at the dots; `.` (the implicit iterator) has no parts.
  struct Name: Sendable {
    var text: String
    var parts: [String]

    init(_ text: String) {
      self.text = text
      parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    var isImplicit: Bool { parts.isEmpty }
  }

  /// Calls `body` for every node, depth first, without recursion on the call stack.
  static func visit(_ nodes: [Node], _ body: (Node) -> Void) {
    var pending: [[Node]] = [nodes]
    while let list = pending.popLast() {
      for node in list {
        body(node)
        switch node {
        case .section(let section): pending.append(section.children)
        case .block(let block): pending.append(block.children)
        case .parent(let parent):
          for key in parent.overrides.keys.sorted() { pending.append(parent.overrides[key]!) }
        case .text, .variable, .partial: break
        }
      }
    }
  }
}
