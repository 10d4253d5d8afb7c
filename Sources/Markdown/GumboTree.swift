import CGumbo
import Glibc

/// A borrowed gumbo element, valid only during `GumboTree.walk`.
struct GumboElementRef: HTMLElement {
  fileprivate let element: UnsafeMutablePointer<GumboElement>

  /// The sanitizer's role for the element; elements outside the HTML namespace are only
  /// reachable inside `<svg>`/`<math>`, which are dropped, but are dropped here too.
  var role: ElementRole {
    if element.pointee.tag_namespace != GUMBO_NAMESPACE_HTML { return .drop }
    return ElementRole.of(element.pointee.tag)
  }

  /// The decoded value of the attribute `name` (lowercase), or nil when absent.
  func attribute(_ name: StaticString) -> String? {
    var attributes = element.pointee.attributes
    return name.withUTF8Buffer { nameBytes in
      nameBytes.withMemoryRebound(to: CChar.self) { cName in
        guard let attribute = gumbo_get_attribute(&attributes, cName.baseAddress) else { return nil }
        return String(cString: attribute.pointee.value)
      }
    }
  }
}

/// Parses HTML fragments with gumbo and walks the result without recursion, freeing it afterwards.
enum GumboTree {
  /// Parses `html` as the content of a `<body>` (how a browser treats `innerHTML`) and walks it.
  static func walk<Visitor: HTMLVisitor>(_ html: UnsafeBufferPointer<UInt8>, with visitor: inout Visitor) {
    var options = kGumboDefaultOptions
    options.fragment_context = GUMBO_TAG_BODY
    // Error records are never read; not collecting them saves time and memory.
    options.max_errors = 0
    guard
      let output = html.withMemoryRebound(
        to: CChar.self, { gumbo_parse_with_options(&options, $0.baseAddress, $0.count) })
    else { return }
    defer { gumbo_destroy_output(&options, output) }
    walkChildren(of: output.pointee.root, with: &visitor)
  }

  private static let unionOffset = MemoryLayout<GumboNode>.offset(of: \GumboNode.v)!

  /// A depth-first walk with an explicit stack: hostile input may nest thousands of elements deep
  /// and tasks run on threads with small stacks.
  private static func walkChildren<Visitor: HTMLVisitor>(
    of root: UnsafeMutablePointer<GumboNode>, with visitor: inout Visitor
  ) {
    var stack: [(children: GumboVector, next: Int, token: Visitor.ExitToken?)] = [
      (root.pointee.v.element.children, 0, nil)
    ]
    while !stack.isEmpty {
      let top = stack.count - 1
      let children = stack[top].children
      let index = stack[top].next
      guard index < Int(children.length) else {
        if let token = stack.removeLast().token { visitor.exit(token) }
        continue
      }
      stack[top].next = index + 1
      let node = children.data[index]!.assumingMemoryBound(to: GumboNode.self)
      switch node.pointee.type {
      case GUMBO_NODE_ELEMENT:
        // `v` is a C union, so the element sits at `v`'s own address.
        let element = GumboElementRef(
          element: (UnsafeMutableRawPointer(node) + unionOffset).assumingMemoryBound(to: GumboElement.self))
        if let token = visitor.enter(element) {
          stack.append((node.pointee.v.element.children, 0, token))
        }
      case GUMBO_NODE_TEXT, GUMBO_NODE_CDATA, GUMBO_NODE_WHITESPACE:
        let text = node.pointee.v.text.text!
        let count = strlen(text)
        text.withMemoryRebound(to: UInt8.self, capacity: count) {
          visitor.text(UnsafeBufferPointer(start: $0, count: count))
        }
      default:
        // Comments, templates' content and documents carry nothing a reader should see.
        break
      }
    }
  }
}
