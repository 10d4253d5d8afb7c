extension Template {
  /// Every name in this template (following partials, parents and blocks) that cannot resolve
  /// against `fields`, located and with the nearest valid name; unknown partials too.
  public func lint(fields: FieldSchema, partials: (any PartialProvider)? = nil) -> [MustacheDiagnostic] {
    var linter = Linter(provider: partials, root: self, fields: fields)
    linter.lint(storage.nodes, in: storage)
    return linter.sortedFindings()
  }
}

extension TemplateLibrary {
  /// Lints the template `name` against the fields its page type offers.
  public func lint(_ name: String, fields: FieldSchema) -> [MustacheDiagnostic] {
    guard let template = template(named: name) else {
      let suggestion = EditDistance.nearest(to: name, among: templateNames)
      return [MustacheError(.unknownTemplate(name: name, suggestion: suggestion), file: "")]
    }
    return template.lint(fields: fields, partials: self)
  }
}

/// Walks templates like the renderer does, with schemas in place of values on the stack.
struct Linter {
  private let provider: (any PartialProvider)?
  private var stack: [FieldSchema]
  private var overrides: [String: (nodes: [Node], template: Template.Storage)] = [:]
  /// Templates being linted, innermost last: a partial already on the path is not re-entered.
  private var chain: [String]
  private var findings: [MustacheDiagnostic] = []
  private var seen: Set<String> = []
  /// Names of blocks that took an override since the current parent tag was entered.
  private var usedBlocks: Set<String> = []

  init(provider: (any PartialProvider)?, root: Template, fields: FieldSchema) {
    self.provider = provider
    stack = [fields]
    chain = [root.name]
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
        let schema = resolve(section.name, at: section.offset, in: template) ?? .any
        if section.inverted {
          lint(section.children, in: template)
        } else {
          stack.append(schema.sectionContext)
          lint(section.children, in: template)
          stack.removeLast()
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
      let suggestion = EditDistance.nearest(to: partial.name, among: provider?.templateNames ?? [])
      report(
        template.text.error(.unknownPartial(name: partial.name, suggestion: suggestion), at: partial.offset))
      return
    }
    guard !chain.contains(included.name) else { return }
    chain.append(included.name)
    lint(included.storage.nodes, in: included.storage)
    chain.removeLast()
  }

  /// The schema `name` resolves to, or nil after reporting it.
  private mutating func resolve(_ name: Node.Name, at offset: Int, in template: Template.Storage)
    -> FieldSchema?
  {
    guard let first = name.parts.first else { return stack.last }
    var found: FieldSchema?
    search: for frame in stack.reversed() {
      switch frame {
      case .any:
        return .any
      case .object(let fields):
        if let schema = fields[first] {
          found = schema
          break search
        }
      case .scalar, .list:
        continue
      }
    }
    guard var schema = found else {
      let visible = Set(stack.flatMap { $0.fields.map { Array($0.keys) } ?? [] })
      let suggestion = EditDistance.nearest(to: first, among: visible)
      report(template.text.error(.unknownField(name: first, scope: nil, suggestion: suggestion), at: offset))
      return nil
    }
    for (position, part) in name.parts.enumerated().dropFirst() {
      switch schema {
      case .any:
        return .any
      case .object(let fields):
        if let next = fields[part] {
          schema = next
          continue
        }
        let suggestion = EditDistance.nearest(to: part, among: fields.keys)
        let scope = name.parts.prefix(position).joined(separator: ".")
        report(
          template.text.error(.unknownField(name: part, scope: scope, suggestion: suggestion), at: offset))
        return nil
      case .scalar, .list:
        let scope = name.parts.prefix(position).joined(separator: ".")
        report(template.text.error(.unknownField(name: part, scope: scope, suggestion: nil), at: offset))
        return nil
      }
    }
    return schema
  }

  private mutating func report(_ finding: MustacheDiagnostic) {
    if seen.insert(finding.headline).inserted { findings.append(finding) }
  }
}
