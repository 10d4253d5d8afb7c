import Mustache
import Synchronization
import Testing

/// An object that counts the fields read from it: `name` and `count` present, `lang` absent.
private final class Counted: MustacheObject, @unchecked Sendable {
  static let fields = MustacheShape(["name", "count", "lang"])
  let reads = Mutex(0)

  init() { super.init(shape: Self.fields) }

  override func field(at slot: Int) -> MustacheValue? {
    reads.withLock { $0 += 1 }
    switch slot {
    case 0: return "N <1>"
    case 1: return 3
    default: return nil
    }
  }
}

/// Fields are made when read, once per read; an absent one falls through to the enclosing
/// context, as a key missing from a map does.
@Test func anObjectsFieldsAreMadeWhenReadAndAbsentOnesFallThrough() throws {
  let object = Counted()
  let output = try render(
    "{{#item}}{{name}} {{count}} {{lang}}{{/item}} {{item.name}}", ["item": .object(object), "lang": "en"])
  #expect(output == "N &lt;1&gt; 3 en N &lt;1&gt;")
  #expect(object.reads.withLock { $0 } == 4)
  #expect(MustacheValue.object(object) == ["name": "N <1>", "count": 3])
  #expect(MustacheValue.object(object)["lang"] == nil)
  #expect(FieldSchema(sample: .object(object)) == .object(["name": .scalar, "count": .scalar]))
}

/// One buffer takes render after render; a failed render leaves what was there before it.
@Test func rendersAppendToAReusedBufferAndAFailureLeavesItAsItWas() throws {
  let page = try Template(source: "<p>{{.}}</p>", name: "page")
  var output = OutputBuffer(capacity: 4)
  try page.render("a & b", into: &output)
  try page.render("c", into: &output)
  #expect(output.string() == "<p>a &amp; b</p><p>c</p>")
  output.removeAll()
  try page.render("d", into: &output)
  #expect(output.string() == "<p>d</p>")
  let looping = try Template(source: "x{{>looping}}", name: "looping")
  let library = TemplateLibrary(templates: [looping])
  #expect(throws: MustacheError.self) { try looping.render(nil, partials: library, into: &output) }
  #expect(output.string() == "<p>d</p>")
}
