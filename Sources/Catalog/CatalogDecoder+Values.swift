import Diagnostics
import Support

/// One key of a mapping with its value, after keys were checked to be unique strings.
struct Entry {
  var key: String
  var keyNode: YAMLNode
  var value: YAMLNode
}

/// A mapping's known keys, ready for typed reads; `path` names it in messages.
struct Fields {
  var path: String
  /// Where "missing required key" points: the key that holds this mapping, or its start.
  var anchor: SourceLocation
  var entries: [String: Entry]

  /// The value for `key`, treating an explicit null (`key:` or `key: ~`) like an absent key.
  func value(_ key: String) -> YAMLNode? {
    guard let value = entries[key]?.value, !value.isNull else { return nil }
    return value
  }

  func path(_ key: String) -> String { keyPath(path, key) }
}

extension CatalogDecoder {
  /// The entries of a mapping in document order; reports a node that is no mapping (`'path' must
  /// be <expected>`), non-string keys and duplicate keys.
  mutating func entries(of node: YAMLNode, path: String, expected: String = "a mapping") -> [Entry] {
    guard case .mapping(let pairs) = node.kind else {
      error("'\(path)' must be \(expected), got \(node.kindDescription)", at: node)
      return []
    }
    var result: [Entry] = []
    var seen: [String: SourceLocation] = [:]
    // Only a problem spells out where it is: a catalog of imported books has 100,000 keys.
    var place: String { path.isEmpty ? "" : " in '\(path)'" }
    for pair in pairs {
      guard let key = pair.key.scalar?.value else {
        error("keys\(place) must be strings, got \(pair.key.kindDescription)", at: pair.key.location)
        continue
      }
      if let first = seen[key] {
        error("duplicate key \(shown(key))\(place) (first at \(first))", at: pair.key)
        continue
      }
      seen[key] = pair.key.location
      if pair.value.scalar == nil, pair.value.location.line > pair.key.location.line {
        keysOfBlockValues[pair.value.location] = pair.key
      }
      result.append(Entry(key: key, keyNode: pair.key, value: pair.value))
    }
    return result
  }

  /// Reads a mapping whose keys must all be in `keys`; nil (and an error) if it is not a mapping.
  /// `aliases` suggest a key for words other tools use (`shelf` for `status`).
  mutating func fields(
    of node: YAMLNode, path: String, keys: [String], anchor: SourceLocation? = nil,
    ignoring ignoredPrefix: String? = nil, aliases: [String: String] = [:]
  ) -> Fields? {
    guard node.isMapping else {
      error("'\(path)' must be a mapping, got \(node.kindDescription)", at: node)
      return nil
    }
    var fields = Fields(path: path, anchor: anchor ?? node.location, entries: [:])
    for entry in entries(of: node, path: path) {
      if let ignoredPrefix, entry.key.hasPrefix(ignoredPrefix) { continue }
      guard keys.contains(entry.key) else {
        let place = path.isEmpty ? "" : " in '\(path)'"
        error(
          "unknown key \(shown(entry.key))\(place)", at: entry.keyNode,
          suggestion: aliases[entry.key] ?? NearestName.suggestion(for: entry.key, among: keys))
        continue
      }
      fields.entries[entry.key] = entry
    }
    return fields
  }

  /// Nested mapping under `key`: nil when absent or null, or when it is not a mapping (reported).
  mutating func fields(_ parent: Fields, _ key: String, keys: [String]) -> Fields? {
    guard let node = parent.value(key) else { return nil }
    return fields(of: node, path: parent.path(key), keys: keys, anchor: parent.entries[key]?.keyNode.location)
  }

  /// Reports a required key that is absent or null; returns its value otherwise.
  mutating func required(_ fields: Fields, _ key: String) -> YAMLNode? {
    if let value = fields.value(key) { return value }
    if let entry = fields.entries[key] {
      error("missing value for '\(fields.path(key))'", at: entry.keyNode)
    } else {
      error("missing required key '\(fields.path(key))'", at: fields.anchor)
    }
    return nil
  }

  /// A scalar's text, or nil (and an error naming `expected`) for a list, mapping or null.
  /// `path` and `expected` are spelled out only for the message.
  mutating func text(
    _ node: YAMLNode, path: @autoclosure () -> String, expected: @autoclosure () -> String = "a string"
  ) -> String? {
    if let scalar = node.scalar, !node.isNull { return scalar.value }
    error("'\(path())' must be \(expected()), got \(node.kindDescription)", at: node)
    return nil
  }

  mutating func string(_ fields: Fields, _ key: String) -> String? {
    guard let node = fields.value(key) else { return nil }
    return text(node, path: fields.path(key))
  }

  /// A required string that must not be blank.
  mutating func requiredString(_ fields: Fields, _ key: String) -> String? {
    guard required(fields, key) != nil else { return nil }
    return nonBlank(fields, key)
  }

  /// A string that, when given, must not be blank.
  mutating func nonBlank(_ fields: Fields, _ key: String) -> String? {
    guard let node = fields.value(key), let value = text(node, path: fields.path(key)) else { return nil }
    return nonEmpty(value, at: node, path: fields.path(key))
  }

  mutating func nonEmpty(_ value: String, at node: YAMLNode, path: @autoclosure () -> String) -> String? {
    if value.allSatisfy(\.isWhitespace) {
      error("'\(path())' must not be empty", at: node)
      return nil
    }
    return value
  }

  /// A string that `isValid` accepts; otherwise "'path' must be <expected>, got '…'".
  mutating func checked(
    _ fields: Fields, _ key: String, expected: @autoclosure () -> String,
    suggestion: (String) -> String? = { _ in nil }, isValid: (String) -> Bool
  ) -> String? {
    guard let node = fields.value(key) else { return nil }
    return checked(
      node, path: fields.path(key), expected: expected(), suggestion: suggestion, isValid: isValid)
  }

  mutating func checked(
    _ node: YAMLNode, path: @autoclosure () -> String, expected: @autoclosure () -> String,
    suggestion: (String) -> String? = { _ in nil }, isValid: (String) -> Bool
  ) -> String? {
    guard let value = text(node, path: path(), expected: expected()) else { return nil }
    guard isValid(value) else {
      error("'\(path())' must be \(expected()), got \(shown(value))", at: node, suggestion: suggestion(value))
      return nil
    }
    return value
  }

  /// One of a fixed set of words, with a did-you-mean hint for near misses.
  mutating func choice(_ fields: Fields, _ key: String, among choices: [String]) -> String? {
    guard let node = fields.value(key) else { return nil }
    return choice(node, path: fields.path(key), among: choices)
  }

  mutating func choice(_ node: YAMLNode, path: String, among choices: [String]) -> String? {
    checked(
      node, path: path, expected: "one of " + choices.map { "'\($0)'" }.joined(separator: ", "),
      suggestion: { NearestName.suggestion(for: $0, among: choices) }, isValid: choices.contains)
  }

  mutating func choice<Value: RawRepresentable & CaseIterable>(
    _ fields: Fields, _ key: String, as type: Value.Type
  ) -> Value? where Value.RawValue == String {
    choice(fields, key, among: Value.allCases.map(\.rawValue)).flatMap(Value.init(rawValue:))
  }

  /// A decimal integer in `range` (one of `CatalogRanges`), which the message names.
  mutating func integer(_ fields: Fields, _ key: String, in range: ClosedRange<Int>) -> Int? {
    let value = checked(fields, key, expected: "an integer from \(range.lowerBound) to \(range.upperBound)") {
      text in
      Int(text).map(range.contains) ?? false
    }
    return value.flatMap { Int($0) }
  }

  /// A finite decimal number in `range` (one of `CatalogRanges`); `unit` goes in the message.
  mutating func number(
    _ fields: Fields, _ key: String, in range: ClosedRange<Double>, unit: String? = nil
  ) -> Double? {
    let expected = {
      "a number\(unit.map { " of \($0)" } ?? "") from \(NumberText.shortest(range.lowerBound)) to "
        + NumberText.shortest(range.upperBound)
    }
    let value = checked(fields, key, expected: expected()) { text in
      Double(text).map(range.contains) ?? false
    }
    return value.flatMap { Double($0) }
  }

  /// The items of a list, each with the path messages name it by (`isbns[2]`); nil when absent
  /// or null, or when it is not a list (reported).
  mutating func list(_ fields: Fields, _ key: String) -> [(node: YAMLNode, path: String)]? {
    guard let node = fields.value(key) else { return nil }
    guard case .sequence(let items) = node.kind else {
      error("'\(fields.path(key))' must be a list, got \(node.kindDescription)", at: node)
      return nil
    }
    return items.enumerated().map { ($1, keyPath(fields.path(key), index: $0)) }
  }

  /// A list of strings; items that are not strings are reported and dropped.
  mutating func stringList(_ fields: Fields, _ key: String) -> [String]? {
    list(fields, key)?.compactMap { text($0.node, path: $0.path) }
  }
}
