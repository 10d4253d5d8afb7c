/// A JSON value with object keys kept in insertion order, so output is deterministic.
package enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  /// A number already written as JSON text (`450`, `12.5`).
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  package static func == (a: JSONValue, b: JSONValue) -> Bool { a.rendered() == b.rendered() }

  /// A string, or null when absent.
  package static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

  /// Compact JSON. Strings escape `<`, `>`, `&`, U+2028 and U+2029 as `\uXXXX`, so the text is
  /// safe inside an HTML `<script>` element (`</script>` in a title cannot close it).
  package func rendered() -> String {
    var writer = JSONWriter()
    write(to: &writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  package func write(to writer: inout JSONWriter) {
    switch self {
    case .null: writer.literal("null")
    case .bool(let value): writer.literal(value ? "true" : "false")
    case .int(let value): writer.int(value)
    case .number(let text): writer.literal(text)
    case .string(let text): writer.string(text)
    case .array(let items):
      writer.beginArray()
      for item in items { item.write(to: &writer) }
      writer.endArray()
    case .object(let fields):
      writer.beginObject()
      for (key, value) in fields {
        writer.key(key)
        value.write(to: &writer)
      }
      writer.endObject()
    }
  }
}
