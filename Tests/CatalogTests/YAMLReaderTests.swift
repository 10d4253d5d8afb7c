import Diagnostics
import Testing

@testable import Catalog

@Suite struct YAMLReaderTests {
  private func at(_ line: Int, _ column: Int) -> Diagnostics.SourceLocation {
    Diagnostics.SourceLocation(file: "t.yml", line: line, column: column)
  }

  private func scalar(
    _ value: String, _ line: Int, _ column: Int, length: Int, style: YAMLScalar.Style = .plain
  ) -> YAMLNode {
    YAMLNode(.scalar(YAMLScalar(value, style: style)), at: at(line, column), length: length)
  }

  @Test func blockMappingWithLocations() throws {
    let node = try YAMLReader.parse("site:\n  title: 'My Books'\n  n: 24\n", file: "t.yml")
    let inner = YAMLNode(
      .mapping([
        YAMLPair(
          key: scalar("title", 2, 3, length: 5),
          value: scalar("My Books", 2, 10, length: 10, style: .singleQuoted)),
        YAMLPair(key: scalar("n", 3, 3, length: 1), value: scalar("24", 3, 6, length: 2)),
      ]), at: at(2, 3))
    #expect(
      node == YAMLNode(.mapping([YAMLPair(key: scalar("site", 1, 1, length: 4), value: inner)]), at: at(1, 1))
    )
  }

  @Test func flowStyleAndScalarStyles() throws {
    let text = """
      list: [a, "b\\tc", 'it''s']
      map: {k: v}
      lit: |
        line one
        line two
      fold: >
        one
        two
      """
    let node = try #require(try YAMLReader.parse(text, file: "t.yml"))
    guard case .mapping(let pairs) = node.kind else {
      Issue.record("not a mapping")
      return
    }
    let values = pairs.map(\.value)
    guard case .sequence(let items) = values[0].kind else {
      Issue.record("not a list")
      return
    }
    #expect(
      items.map(\.scalar) == [
        YAMLScalar("a"), YAMLScalar("b\tc", style: .doubleQuoted), YAMLScalar("it's", style: .singleQuoted),
      ])
    #expect(values[1].isMapping)
    #expect(values[2].scalar == YAMLScalar("line one\nline two\n", style: .literal))
    #expect(values[3].scalar == YAMLScalar("one two", style: .folded))
  }

  @Test func resolvesAliasesAndMergeKeys() throws {
    let text = """
      base: &base {order_by: newest, max_results: 10}
      q: &q intitle:dune
      a:
        <<: *base
        max_results: 20
        q: *q
      """
    let node = try #require(try YAMLReader.parse(text, file: "t.yml"))
    guard case .mapping(let pairs) = node.kind, case .mapping(let merged) = pairs[2].value.kind else {
      Issue.record("not mappings")
      return
    }
    #expect(merged.map { $0.key.scalar!.value } == ["max_results", "q", "order_by"])
    #expect(merged.map { $0.value.scalar!.value } == ["20", "intitle:dune", "newest"])
  }

  @Test func keepsTagsAndNeverConvertsNumbers() throws {
    let node = try #require(try YAMLReader.parse("- !!str 0123\n- 9780306406157\n- ~\n", file: "t.yml"))
    guard case .sequence(let items) = node.kind else {
      Issue.record("not a list")
      return
    }
    #expect(items[0].scalar == YAMLScalar("0123", tag: "tag:yaml.org,2002:str"))
    #expect(items[1].scalar == YAMLScalar("9780306406157"))
    #expect(items.map(\.isNull) == [false, false, true])
  }

  @Test func emptyDocumentsAreNil() throws {
    #expect(try YAMLReader.parse("", file: "t.yml") == nil)
    #expect(try YAMLReader.parse("# only a comment\n\n", file: "t.yml") == nil)
    #expect(try YAMLReader.parse("---\n...\n", file: "t.yml") == nil)
  }

  @Test func toleratesBOMAndCRLF() throws {
    let node = try YAMLReader.parse("\u{FEFF}a: 1\r\nb: 2\r\n", file: "t.yml")
    let expected = YAMLNode(
      .mapping([
        YAMLPair(key: scalar("a", 1, 1, length: 1), value: scalar("1", 1, 4, length: 1)),
        YAMLPair(key: scalar("b", 2, 1, length: 1), value: scalar("2", 2, 4, length: 1)),
      ]), at: at(1, 1))
    #expect(node == expected)
  }

  @Test(
    arguments: [
      (
        "site:\n  title: x\n bad: y\n",
        "t.yml:3:2: error: invalid YAML: this line does not line up with the keys above it: keys of one mapping start "
          + "in the same column (did not find expected key, while parsing a block mapping at line 1, column 1)"
      ),
      (
        "a: [1, 2\nb: 3\n",
        "t.yml:2:2: error: invalid YAML: the '[' opened at line 1, column 4 is never closed, or an item lacks its ',' "
          + "(did not find expected ',' or ']', while parsing a flow sequence at line 1, column 4)"
      ),
      (
        "a: 'unterminated\n",
        "t.yml:2:1: error: invalid YAML: the quote opened at line 1, column 4 is never closed (found unexpected end of "
          + "stream, while scanning a quoted scalar at line 1, column 4)"
      ),
      ("a: *nothing\n", "t.yml:1:4: error: unknown alias '*nothing': no anchor '&nothing' before it"),
      (
        "a: 1\n---\nb: 2\n",
        "t.yml:2:1: error: t.yml must hold a single YAML document; remove this second one"
      ),
      (
        "a:\n  <<: [1]\n",
        "t.yml:2:7: error: the merge key '<<' needs a mapping or a list of mappings, got a list"
      ),
    ])
  func reportsErrorsWhereLibyamlDoes(text: String, headline: String) {
    let error = #expect(throws: Diagnostic.self) { try YAMLReader.parse(text, file: "t.yml") }
    #expect(error?.headline == headline)
  }

  @Test func scalarsLoseTheControlCharactersNoPageMayHold() throws {
    let node = try YAMLReader.parse(#"{"t\0": "a\0b\ec\ad\x7Fe\x85\tf", k: 'g\0'}"#, file: "t.yml")
    guard case .mapping(let pairs)? = node?.kind else {
      Issue.record("not a mapping: \(String(describing: node))")
      return
    }
    #expect(pairs.map { $0.key.scalar?.value } == ["t", "k"])
    #expect(pairs.map { $0.value.scalar?.value } == ["abcde\tf", #"g\0"#])
  }

  /// 70,000 levels used to overflow the stack when the tree was released; 40,000 took seconds.
  @Test(arguments: [65, 1_000, 70_000])
  func nestingDeeperThanTheLimitIsALocatedError(levels: Int) {
    let text = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
    let error = #expect(throws: Diagnostic.self) { try YAMLReader.parse(text, file: "t.yml") }
    #expect(
      error?.headline
        == "t.yml:1:65: error: lists and mappings nest more than 64 levels deep; catalog.yml needs a few")
  }

  @Test func nestingUpToTheLimitIsRead() throws {
    let text = "a: " + String(repeating: "[", count: 63) + "x" + String(repeating: "]", count: 63)
    var node = try #require(try YAMLReader.parse(text, file: "t.yml"))
    var levels = 0
    while true {
      switch node.kind {
      case .mapping(let pairs): node = pairs[0].value
      case .sequence(let items): node = items[0]
      case .scalar: break
      }
      if node.scalar != nil { break }
      levels += 1
    }
    #expect(levels == 63 && node.scalar?.value == "x")
  }

  /// An alias copies its anchor's whole subtree: nesting it deep again counts too.
  @Test func aliasesCannotNestPastTheLimit() {
    let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
    let text =
      "a: &a \(deep)\nb: " + String(repeating: "[", count: 30) + "*a" + String(repeating: "]", count: 30)
    let error = #expect(throws: Diagnostic.self) { try YAMLReader.parse(text, file: "t.yml") }
    #expect(
      error?.headline
        == "t.yml:2:34: error: lists and mappings nest more than 64 levels deep; catalog.yml needs a few")
  }

  /// A few kilobytes of anchors must not stand for gigabytes of text.
  @Test func capsTheTextAliasesExpandTo() {
    let big = String(repeating: "x", count: 1 << 20)
    let text = "a: &a \(big)\nb: [" + Array(repeating: "*a", count: 17).joined(separator: ", ") + "]"
    let error = #expect(throws: Diagnostic.self) { try YAMLReader.parse(text, file: "t.yml") }
    #expect(
      error?.headline
        == "t.yml:2:69: error: aliases expand to more than 16 MiB of text; the document is too large or recursive"
    )
  }

  /// The commonest mistakes get plain words before libyaml's description.
  @Test(
    arguments: [
      (
        "site:\n\ttitle: x\n",
        "t.yml:2:1: error: invalid YAML: YAML does not allow tabs for indentation: indent with spaces (found "
          + "character that cannot start any token, while scanning for the next token at line 2, column 1)"
      ),
      (
        "site:\n  title: x\n\tlanguage: en\n",
        "t.yml:3:1: error: invalid YAML: YAML does not allow tabs for indentation: indent with spaces (found a "
          + "tab character that violates indentation, while scanning a plain scalar at line 2, column 10)"
      ),
      (
        "site:\n  title: Dune: Messiah # a book\n",
        "t.yml:2:14: error: invalid YAML: a value containing ': ' must be quoted: title: \"Dune: Messiah\" "
          + "(mapping values are not allowed in this context)"
      ),
      (
        "collections:\n  - title: He said \"hi\": yes\n",
        "t.yml:2:24: error: invalid YAML: a value containing ': ' must be quoted: title: 'He said \"hi\": yes' "
          + "(mapping values are not allowed in this context)"
      ),
      (
        "site:\n  title: x\n    language: en\n",
        "t.yml:3:13: error: invalid YAML: this line is indented more than the key above it: keys of one "
          + "mapping must line up (mapping values are not allowed in this context)"
      ),
      (
        "collections:\n  - title: a\n   slug: b\n",
        "t.yml:3:4: error: invalid YAML: this line does not line up: the items of the list starting at line 2 "
          + "each start with '- ' in column 3 (did not find expected '-' indicator, while parsing a block "
          + "collection at line 2, column 3)"
      ),
    ])
  func plainWordsForCommonMistakes(text: String, headline: String) {
    let error = #expect(throws: Diagnostic.self) { try YAMLReader.parse(text, file: "t.yml") }
    #expect(error?.headline == headline)
  }

  @Test func capsAliasExpansion() {
    var lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for level in 1...9 {
      let previous = level == 1 ? "a" : "l\(level - 1)"
      lines.append(
        "l\(level): &l\(level) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
    }
    let error = #expect(throws: Diagnostic.self) {
      try YAMLReader.parse(lines.joined(separator: "\n"), file: "t.yml")
    }
    #expect(
      error?.message == "aliases expand to more than 1000000 nodes; the document is too large or recursive")
  }
}
