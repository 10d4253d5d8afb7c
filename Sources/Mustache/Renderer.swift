import Glibc

/// Walks a node tree, appending to one byte buffer; the context stack holds values, not copies.
struct Renderer: ~Copyable {
  /// Partials (and parents) nested deeper than this stop the render with an error.
  static let partialDepthLimit = 64
  /// Sections, partials and blocks nested deeper than this at run time stop the render, well
  /// before a task's call stack would overflow (100 sections per file times 64 partials would).
  static let depthLimit = 512
  /// Bytes a page may have (32 MiB): checked at every value, loop iteration and partial, so a
  /// loop nested too deep or a huge value stops with an error instead of running for minutes.
  static let outputLimit = 32 << 20

  private let provider: TemplateLibrary?
  private var buffer: OutputBuffer
  /// The buffer's length before this render: the output limit counts what comes after.
  private let base: Int
  private var stack: ContiguousArray<MustacheValue>
  /// Block overrides in effect; the outermost parent's choice wins.
  private var overrides: [String: Override] = [:]
  /// Template names from the root to the partial being rendered, for recursion errors.
  private var chain: [String]
  /// How many sections, partials and blocks enclose the node being rendered.
  private var depth = 0
  /// Templates already looked up for static partial tags (nil: none has that name): a page
  /// includes the same few partials many times (a card per book), and asking the provider
  /// hashes the name each time.
  private var resolved: [(partial: Node.Partial, template: Template?)] = []

  private struct Override {
    var nodes: [Node]
    var template: Template.Storage
  }

  init(
    provider: TemplateLibrary?, root: Template.Storage, context: MustacheValue,
    buffer: consuming OutputBuffer
  ) {
    self.provider = provider
    stack = [context]
    chain = [root.name]
    self.buffer = buffer
    base = self.buffer.count
  }

  /// The buffer, with what the render appended.
  consuming func finish() -> OutputBuffer {
    buffer
  }

  mutating func render(_ nodes: [Node], in template: Template.Storage, indent: [UInt8]) throws(MustacheError)
  {
    // `nodes` keeps every tag alive, so the loop borrows them unretained: binding each node read
    // out of the array would retain and release it on every visit (a quarter of render time).
    for index in nodes.indices {
      switch nodes[index].unretained {
      case .text(let text):
        try Renderer.borrow(text) { (text) throws(MustacheError) in appendText(text, indent: indent) }
      case .variable(let variable):
        try Renderer.borrow(variable) { (variable) throws(MustacheError) in
          if variable.lineStart { buffer.append(indent) }
          guard let value = lookup(variable.name) else { return }
          appendValue(value, escaped: variable.escaped)
          try checkSize(at: variable.offset, in: template)
        }
      case .section(let section):
        try Renderer.borrow(section) { (section) throws(MustacheError) in
          if section.lineStart { buffer.append(indent) }
          try renderSection(section, in: template, indent: indent)
        }
      case .partial(let partial):
        try Renderer.borrow(partial) { (partial) throws(MustacheError) in
          if partial.lineStart { buffer.append(indent) }
          guard let included = try resolve(partial) else { return }
          try renderIncluded(included, at: partial, in: template, indent: indent)
        }
      case .parent(let parent):
        try Renderer.borrow(parent) { (parent) throws(MustacheError) in
          try renderParent(parent, in: template, indent: indent)
        }
      case .block(let block):
        try Renderer.borrow(block) { (block) throws(MustacheError) in
          if block.lineStart { buffer.append(indent) }
          try renderBlock(block, in: template, indent: indent)
        }
      }
    }
  }

  /// Calls `body` with the object `tag` refers to, neither retaining nor releasing it.
  @inline(__always)
  private static func borrow<Tag: AnyObject>(
    _ tag: Unmanaged<Tag>, _ body: (Tag) throws(MustacheError) -> Void
  ) throws(MustacheError) {
    do {
      try tag._withUnsafeGuaranteedRef(body)
    } catch {
      // `_withUnsafeGuaranteedRef` rethrows untyped; `body` only throws MustacheError.
      throw error as! MustacheError
    }
  }

  private mutating func renderParent(_ parent: Node.Parent, in template: Template.Storage, indent: [UInt8])
    throws(MustacheError)
  {
    if parent.partial.lineStart { buffer.append(indent) }
    guard let included = try resolve(parent.partial) else { return }
    if parent.overrides.isEmpty {
      try renderIncluded(included, at: parent.partial, in: template, indent: indent)
      return
    }
    let saved = overrides
    for (name, nodes) in parent.overrides where overrides[name] == nil {
      overrides[name] = Override(nodes: nodes, template: template)
    }
    try renderIncluded(included, at: parent.partial, in: template, indent: indent)
    overrides = saved
  }

  private mutating func renderSection(
    _ section: Node.Section, in template: Template.Storage, indent: [UInt8]
  ) throws(MustacheError) {
    try enter(at: section.offset, in: template)
    defer { depth -= 1 }
    let value = lookup(section.name) ?? .null
    if section.inverted {
      if !value.isTruthy { try render(section.children, in: template, indent: indent) }
      return
    }
    guard value.isTruthy else { return }
    if case .list(let items) = value {
      // Indices, not `for item in items`: the iterator would retain the list and every item.
      for index in items.indices {
        try checkSize(at: section.offset, in: template)
        stack.append(items[index])
        try render(section.children, in: template, indent: indent)
        stack.removeLast()
      }
    } else {
      stack.append(value)
      try render(section.children, in: template, indent: indent)
      stack.removeLast()
    }
  }

  private mutating func renderBlock(
    _ block: Node.Block, in template: Template.Storage, indent: [UInt8]
  ) throws(MustacheError) {
    try enter(at: block.offset, in: template)
    defer { depth -= 1 }
    let override = overrides.isEmpty ? nil : overrides[block.name]
    let nodes = override?.nodes ?? block.children
    let source = override?.template ?? template
    guard let siteIndent = block.siteIndent else {
      // Inline: overriding content keeps its own lines; default content is this file's lines.
      try render(nodes, in: source, indent: override == nil ? indent : [])
      return
    }
    let start = buffer.count
    try render(nodes, in: source, indent: indent.isEmpty ? siteIndent : indent + siteIndent)
    if block.wholeLines, buffer.count > start, buffer.last != UInt8(ascii: "\n") {
      buffer.append(UInt8(ascii: "\n"))
    }
  }

  /// The template a partial or parent tag names; nil when there is none, or a dynamic name
  /// resolves to nothing. The spec renders a missing partial or parent as nothing; bookgen's
  /// lint reports it in a site's templates.
  ///
  /// Declared throwing though it does not throw: around a throwing call the render loop
  /// compiles slightly tighter (callgrind over `mustache-bench` shows it).
  private mutating func resolve(_ partial: Node.Partial) throws(MustacheError) -> Template? {
    guard let dynamic = partial.dynamic else {
      for index in resolved.indices where resolved[index].partial === partial {
        return resolved[index].template
      }
      let found = provider?.template(named: partial.name)
      // The tag is kept with its template, so its identity cannot pass to another tag mid-render.
      if resolved.count < 32 { resolved.append((partial, found)) }
      return found
    }
    // The name is the value as `{{name}}` would show it: a number names a template too.
    guard let name = lookup(dynamic)?.text, !name.isEmpty else { return nil }
    return provider?.template(named: name)
  }

  private mutating func renderIncluded(
    _ included: Template, at partial: Node.Partial, in template: Template.Storage, indent: [UInt8]
  ) throws(MustacheError) {
    try enter(at: partial.offset, in: template)
    chain.append(included.name)
    defer {
      chain.removeLast()
      depth -= 1
    }
    if chain.count > Renderer.partialDepthLimit + 1 {
      throw template.text.error(
        .recursionTooDeep(chain: chain, limit: Renderer.partialDepthLimit), at: partial.offset)
    }
    try checkSize(at: partial.offset, in: template)
    // A partial on a line of its own indents every line it renders; inline, it adds nothing.
    let inner = partial.indent.map { indent.isEmpty ? $0 : indent + $0 } ?? []
    try render(included.storage.nodes, in: included.storage, indent: inner)
  }

  /// Throws once the output has passed `outputLimit`, at the tag being rendered.
  @inline(__always)
  private func checkSize(at offset: Int, in template: Template.Storage) throws(MustacheError) {
    if buffer.count - base > Renderer.outputLimit {
      throw template.text.error(.outputTooLarge(chain: chain, limit: Renderer.outputLimit), at: offset)
    }
  }

  private mutating func enter(at offset: Int, in template: Template.Storage) throws(MustacheError) {
    depth += 1
    if depth > Renderer.depthLimit {
      throw template.text.error(.renderTooDeep(chain: chain, limit: Renderer.depthLimit), at: offset)
    }
  }

  // MARK: Context

  private func lookup(_ name: Node.Name) -> MustacheValue? {
    guard let first = name.first else { return stack.last }
    guard let value = find(first, name.firstSymbol) else { return nil }
    return name.rest.isEmpty ? value : Renderer.member(name, of: value)
  }

  /// The innermost frame's member `key` (`symbol`: its interned number).
  private func find(_ key: String, _ symbol: Int32) -> MustacheValue? {
    var index = stack.count - 1
    while index >= 0 {
      // `member(of: stack[index])` borrows the frame; binding `case .map(let fields)` here
      // would copy (retain and release) every map the name is looked for in.
      if let value = Renderer.member(key, symbol, of: stack[index]) { return value }
      index -= 1
    }
    return nil
  }

  /// The value at the dotted path of `name` after its first part, below `value`.
  private static func member(_ name: Node.Name, of value: MustacheValue) -> MustacheValue? {
    var value = value
    for index in name.rest.indices {
      guard let next = member(name.rest[index], name.restSymbols[index], of: value) else { return nil }
      value = next
    }
    return value
  }

  /// `fields[key]`, by scanning when the map is small: comparing a few short keys is cheaper
  /// than hashing the key, and a miss in every enclosing frame would hash it again each time.
  /// An object's field is read at the slot its shape gives the key's symbol.
  @inline(__always)
  private static func member(_ key: String, _ symbol: Int32, of value: borrowing MustacheValue)
    -> MustacheValue?
  {
    // A `switch`, not `guard case`: only a switch can bind the payload of a borrowed value.
    switch value {
    case .object(let object):
      guard let slot = object.shape.slot(ofSymbol: symbol) else { return nil }
      return object.field(at: slot)
    case .map(let fields):
      guard fields.count <= 8 else { return fields[key] }
      var index = fields.startIndex
      while index != fields.endIndex {
        if fields.keys[index] == key { return fields.values[index] }
        fields.formIndex(after: &index)
      }
      return nil
    case .null, .bool, .number, .string, .utf8, .list:
      return nil
    }
  }

  // MARK: Output

  private mutating func appendText(_ text: Node.Text, indent: [UInt8]) {
    if indent.isEmpty {
      buffer.append(text.bytes)
      return
    }
    if text.lineStart { buffer.append(indent) }
    // Every line break but a final one is followed by the indentation; memchr finds them.
    text.bytes.withUnsafeBufferPointer { bytes in
      guard let base = bytes.baseAddress else { return }
      var start = 0
      while start < bytes.count, let found = memchr(base + start, 0x0A, bytes.count - start) {
        let end = base.distance(to: UnsafePointer(found.assumingMemoryBound(to: UInt8.self))) + 1
        buffer.append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        if end < bytes.count { buffer.append(indent) }
        start = end
      }
      if start < bytes.count {
        buffer.append(UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
      }
    }
  }

  private mutating func appendValue(_ value: MustacheValue, escaped: Bool) {
    switch value {
    case .string(let string):
      if escaped { HTMLEscape.append(string, to: &buffer) } else { buffer.append(utf8: string) }
    case .utf8(let bytes):
      bytes.withUnsafeBufferPointer { bytes in
        if escaped { HTMLEscape.append(bytes, to: &buffer) } else { buffer.append(bytes) }
      }
    case .number, .bool:
      buffer.append(utf8: value.text)
    case .null, .list, .map, .object:
      break
    }
  }
}
