import Diagnostics

extension Template {
  /// Every name in this template (following partials, parents and blocks) that cannot resolve
  /// against `fields`, located and with the nearest valid name; unknown partials too.
  public func lint(fields: FieldSchema, partials: TemplateLibrary? = nil) -> [MustacheDiagnostic] {
    var linter = Linter(provider: partials, root: self, fields: fields)
    linter.lint(storage.nodes, in: storage)
    return linter.sortedFindings()
  }
}

extension TemplateLibrary {
  /// Lints the template `name` against the fields its page type offers.
  public func lint(_ name: String, fields: FieldSchema) -> [MustacheDiagnostic] {
    guard let template = template(named: name) else {
      let suggestion = NearestName.suggestion(for: name, among: templateNames)
      return [MustacheError(.unknownTemplate(name: name, suggestion: suggestion), file: "")]
    }
    return template.lint(fields: fields, partials: self)
  }
}

/// Walks templates like the renderer does, with schemas in place of values on the stack.
///
/// A template reached again from itself is followed only while the recursion goes deeper
/// into the data: between its last two entries some section must have found its value in a
/// frame pushed within the recursion. Otherwise every level would see the same values, and
/// the render could never end: that is reported (`endlessRecursion`). A level through data
/// of unknown shape (`.any`) is not followed.
struct Linter {
  /// One template on the path, and the stack's height when it was entered.
  private struct Entry {
    var name: String
    var depth: Int
  }

  /// Includes a lint follows in all, so recursions through deep data stay cheap to lint.
  static let includeBudget = 10_000

  private let provider: TemplateLibrary?
  private var stack: [FieldSchema]
  /// For each frame of `stack`, the index of the frame its section's name was found in (-1 for
  /// the page's own fields).
  private var origins: [Int] = [-1]
  private var overrides: [String: (nodes: [Node], template: Template.Storage)] = [:]
  /// Templates being linted, innermost last.
  private var chain: [Entry]
  private var includes = 0
  private var findings: [MustacheDiagnostic] = []
  private var seen: Set<String> = []
  /// Names of blocks that took an override since the current parent tag was entered.
  private var usedBlocks: Set<String> = []

  init(provider: TemplateLibrary?, root: Template, fields: FieldSchema) {
    self.provider = provider
    stack = [fields]
    chain = [Entry(name: root.name, depth: 1)]
  }

  func sortedFindings() -> [MustacheDiagnostic] {
    findings.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
  }

  mutating func lint(_ nodes: [Node], in template: Template.Storage) {
    for node in nodes {
      switch node {
      case .text:
        break
      case .variable(let variable):
        _ = resolve(variable.name, at: variable.offset, in: template)
      case .section(let section):
        let found = resolve(section.name, at: section.offset, in: template)
        if section.inverted {
          lint(section.children, in: template)
        } else {
          stack.append((found?.schema ?? .any).sectionContext)
          origins.append(found?.frame ?? -1)
          lint(section.children, in: template)
          stack.removeLast()
          origins.removeLast()
        }
      case .partial(let partial):
        include(partial, in: template)
      case .parent(let parent):
        let saved = overrides
        for (name, nodes) in parent.overrides where overrides[name] == nil {
          overrides[name] = (nodes, template)
        }
        let outerUsed = usedBlocks
        usedBlocks = []
        include(parent.partial, in: template)
        // Overrides no block used are still the user's code: check them where they are written.
        for name in parent.overrides.keys.sorted() where !usedBlocks.contains(name) {
          lint(parent.overrides[name]!, in: template)
        }
        usedBlocks.formUnion(outerUsed)
        overrides = saved
      case .block(let block):
        if let override = overrides[block.name] {
          usedBlocks.insert(block.name)
          lint(override.nodes, in: override.template)
        } else {
          lint(block.children, in: template)
        }
      }
    }
  }

  private mutating func include(_ partial: Node.Partial, in template: Template.Storage) {
    if let dynamic = partial.dynamic {
      _ = resolve(dynamic, at: partial.offset, in: template)
      return
    }
    guard let included = provider?.template(named: partial.name) else {
      let suggestion = NearestName.suggestion(for: partial.name, among: provider?.templateNames ?? [])
      report(
        template.text.error(.unknownPartial(name: partial.name, suggestion: suggestion), at: partial.offset))
      return
    }
    if chain.contains(where: { $0.name == included.name }) {
      guard followsRecursion(into: included.name, at: partial.offset, in: template) else { return }
    }
    includes += 1
    guard includes <= Self.includeBudget else { return }
    chain.append(Entry(name: included.name, depth: stack.count))
    lint(included.storage.nodes, in: included.storage)
    chain.removeLast()
  }

  /// Whether to lint `name` again, already on the path; reports an endless recursion.
  private mutating func followsRecursion(
    into name: String, at offset: Int, in template: Template.Storage
  ) -> Bool {
    let entries = chain.indices.filter { chain[$0].name == name }
    let last = chain[entries[entries.count - 1]].depth
    let pushed = last..<stack.count
    if pushed.contains(where: { stack[$0] == .any }) { return false }
    // The sections since the last entry must have found their values in frames pushed since
    // the entry before (the data one level up); the first repeat is followed to see that.
    let before = entries.count > 1 ? chain[entries[entries.count - 2]].depth : nil
    let sameData = before.map { before in pushed.allSatisfy { origins[$0] < before } } ?? false
    if pushed.isEmpty || sameData {
      let cycle = chain[entries[0]...].map(\.name) + [name]
      report(template.text.error(.endlessRecursion(chain: cycle), at: offset))
      return false
    }
    return chain.count <= Renderer.partialDepthLimit
  }

  /// The schema `name` resolves to and the index of the frame it was found in, or nil after
  /// reporting it.
  private mutating func resolve(_ name: Node.Name, at offset: Int, in template: Template.Storage)
    -> (schema: FieldSchema, frame: Int)?
  {
    guard let first = name.parts.first else { return stack.last.map { ($0, stack.count - 1) } }
    // The innermost frame that has the name, or takes any.
    guard let frameIndex = stack.indices.last(where: { stack[$0] == .any || stack[$0].fields?[first] != nil })
    else {
      let visible = Set(stack.flatMap { $0.fields.map { Array($0.keys) } ?? [] })
      let suggestion = NearestName.suggestion(for: first, among: visible)
      report(template.text.error(.unknownField(name: first, scope: nil, suggestion: suggestion), at: offset))
      return nil
    }
    guard var schema = stack[frameIndex].fields?[first] else { return (.any, frameIndex) }
    for (position, part) in name.parts.enumerated().dropFirst() {
      if schema == .any { return (.any, frameIndex) }
      if let next = schema.fields?[part] {
        schema = next
        continue
      }
      let suggestion = schema.fields.flatMap { NearestName.suggestion(for: part, among: $0.keys) }
      let scope = name.parts.prefix(position).joined(separator: ".")
      report(template.text.error(.unknownField(name: part, scope: scope, suggestion: suggestion), at: offset))
      return nil
    }
    return (schema, frameIndex)
  }

  private mutating func report(_ finding: MustacheDiagnostic) {
    if seen.insert(finding.headline).inserted { findings.append(finding) }
  }
}
