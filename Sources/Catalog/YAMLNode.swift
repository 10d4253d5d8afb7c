import Diagnostics

/// One node of a parsed YAML document, where it was written; aliases are resolved and merge keys
/// (`<<: *defaults`) applied already, so only these three kinds exist.
package struct YAMLNode: Sendable, Equatable {
  package enum Kind: Sendable, Equatable {
    case scalar(YAMLScalar)
    case sequence([YAMLNode])
    case mapping([YAMLPair])
  }

  package var kind: Kind
  /// Where the node starts (1-based line and column, as libyaml marks it plus one).
  package var location: SourceLocation
  /// How many characters the node spans on its first line; at least 1 (for carets).
  package var length: Int
  /// Nodes in this subtree, counting itself; bounds alias expansion.
  var nodeCount: Int
  /// UTF-8 bytes of the scalars in this subtree; bounds the text aliases expand to.
  var textBytes: Int
  /// Levels of lists and mappings in this subtree (0 for a scalar); bounds nesting through aliases.
  var depth: Int

  package init(_ kind: Kind, at location: SourceLocation, length: Int = 1) {
    self.kind = kind
    self.location = location
    self.length = max(1, length)
    switch kind {
    case .scalar(let scalar):
      (nodeCount, textBytes, depth) = (1, scalar.value.utf8.count, 0)
    case .sequence(let items):
      (nodeCount, textBytes, depth) = (1, 0, 1)
      for item in items { add(item) }
    case .mapping(let pairs):
      (nodeCount, textBytes, depth) = (1, 0, 1)
      for pair in pairs {
        add(pair.key)
        add(pair.value)
      }
    }
  }

  private mutating func add(_ child: YAMLNode) {
    nodeCount += child.nodeCount
    textBytes += child.textBytes
    depth = max(depth, child.depth + 1)
  }

  /// The scalar, or nil for a sequence or mapping.
  package var scalar: YAMLScalar? {
    if case .scalar(let scalar) = kind { return scalar }
    return nil
  }

  /// True for an empty plain scalar, `~` and `null` (the YAML core schema's null).
  package var isNull: Bool {
    guard let scalar, scalar.style == .plain, scalar.tag == nil else { return false }
    switch scalar.value {
    case "", "~", "null", "Null", "NULL": return true
    default: return false
    }
  }

  /// "a string", "a list", "a mapping" or "null": what a user sees in "got …".
  var kindDescription: String {
    switch kind {
    case .scalar: return isNull ? "null" : "a string"
    case .sequence: return "a list"
    case .mapping: return "a mapping"
    }
  }
}

/// A scalar's text as written after YAML unescaping, without the control characters no page or
/// feed may hold (`"\0"`, `"\e"`…); never converted to a number.
package struct YAMLScalar: Sendable, Equatable {
  package enum Style: Sendable, Equatable {
    case plain
    case singleQuoted
    case doubleQuoted
    /// `|` block.
    case literal
    /// `>` block.
    case folded
  }

  package var value: String
  package var style: Style
  /// Explicit tag such as `tag:yaml.org,2002:str` (written `!!str`), or nil.
  package var tag: String?

  package init(_ value: String, style: Style = .plain, tag: String? = nil) {
    self.value = value
    self.style = style
    self.tag = tag
  }
}

/// One `key: value` entry of a mapping, in document order.
package struct YAMLPair: Sendable, Equatable {
  package var key: YAMLNode
  package var value: YAMLNode
}
