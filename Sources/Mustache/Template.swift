/// A parsed Mustache template: parse once, render many times, from any number of tasks.
public struct Template: Sendable {
  /// The name partial tags use: `book`, `partials/cover`.
  public var name: String { storage.name }
  /// The file as shown in errors: `templates/book.mustache`.
  public var fileName: String { storage.fileName }

  let storage: Storage

  /// Parses `source`; `name` is the template's name, also shown in errors unless `fileName` is given.
  public init(source: String, name: String, fileName: String? = nil) throws(MustacheError) {
    let text = SourceText(bytes: Array(source.utf8), file: fileName ?? name)
    var parser = Parser(text: text)
    let nodes = try parser.parse()
    storage = Storage(name: name, text: text, nodes: nodes)
  }

  /// Renders with `context` at the bottom of the context stack, looking partials up in `partials`.
  public func render(
    _ context: MustacheValue, partials: TemplateLibrary? = nil
  ) throws(MustacheError) -> String {
    var output = OutputBuffer(capacity: max(16_384, storage.text.bytes.count * 2))
    try render(context, partials: partials, into: &output)
    return output.string()
  }

  /// Renders like `render(_:partials:)`, appending the UTF-8 bytes to `output`: one buffer
  /// reused for page after page keeps its memory. On error `output` is left as it was.
  public func render(
    _ context: MustacheValue, partials: TemplateLibrary? = nil, into output: inout OutputBuffer
  ) throws(MustacheError) {
    let start = output.count
    var renderer = Renderer(provider: partials, root: storage, context: context, buffer: output)
    var failure: MustacheError?
    do {
      try renderer.render(storage.nodes, in: storage, indent: [])
    } catch {
      failure = error
    }
    output = renderer.finish()
    if let failure {
      output.truncate(to: start)
      throw failure
    }
  }

  /// The immutable parsed form, shared by every copy of the template.
  final class Storage: Sendable {
    let name: String
    let text: SourceText
    let nodes: [Node]

    var fileName: String { text.file }

    init(name: String, text: SourceText, nodes: [Node]) {
      self.name = name
      self.text = text
      self.nodes = nodes
    }
  }
}

/// A template's bytes and display name, turning byte offsets into line, column and source line.
struct SourceText: Sendable {
  let bytes: [UInt8]
  let file: String

  /// Line and column (1-based, column in Unicode scalars) of `offset`, with that line's text.
  func locate(_ offset: Int) -> (line: Int, column: Int, sourceLine: String) {
    var line = 1
    var lineStart = 0
    for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    var column = 1
    for index in lineStart..<min(offset, bytes.count) where bytes[index] & 0xC0 != 0x80 {
      column += 1
    }
    var lineEnd = lineStart
    while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
    if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
    return (line, column, String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self))
  }

  func error(_ kind: MustacheError.Kind, at offset: Int) -> MustacheError {
    let place = locate(offset)
    return MustacheError(
      kind, file: file, line: place.line, column: place.column, sourceLine: place.sourceLine)
  }
}

extension Template {
  /// The templates this one includes by name (`{{> name}}`, `{{< name}}`), in its own text,
  /// its sections, blocks and the blocks it overrides; `dynamic` when it also includes one
  /// whose name comes from the context (`{{>*name}}`), which no reading of the text can tell.
  public var includedNames: (names: Set<String>, dynamic: Bool) {
    var names: Set<String> = []
    var dynamic = false
    func visit(_ nodes: [Node]) {
      for node in nodes {
        switch node {
        case .text, .variable: break
        case .section(let section): visit(section.children)
        case .block(let block): visit(block.children)
        case .partial(let partial):
          if partial.dynamic != nil { dynamic = true } else { names.insert(partial.name) }
        case .parent(let parent):
          if parent.dynamic != nil { dynamic = true } else { names.insert(parent.name) }
          for nodes in parent.overrides.values { visit(nodes) }
        }
      }
    }
    visit(storage.nodes)
    return (names, dynamic)
  }
}
