import Support

/// LibraryThing's JSON export (one object per book, keyed by its id) read into the columns of
/// its tab-separated export, so one mapping serves both.
enum LibraryThingJSON {
  /// The columns the books become, in this order.
  static let columns = [
    "Book Id", "Title", "Primary Author", "Primary Author Role", "Secondary Author", "Secondary Author Roles",
    "Publication", "Date", "Review", "Rating", "Comment", "Private Comment", "Media", "Page Count",
    "Date Started", "Date Read", "Acquired", "Tags", "Collections", "ISBN", "ISBNs", "Entry Date", "Series",
    "Work id",
  ]

  /// Whether `bytes` (UTF-8, trimmed of a BOM) look like the export: an object.
  static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
    bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
  }

  /// The books as rows, each at the line its key is on.
  static func read(_ bytes: [UInt8], file: String) throws(ImportError) -> ExportTable {
    do {
      return try bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        reader.skipPreamble()
        var records: [ExportRecord] = []
        var line = 1
        var counted = 0
        try reader.object("books") { reader, key in
          // Each book's line, counted on from the previous one's.
          let position = min(reader.position, buffer.count)
          line += buffer[counted..<position].count(where: { $0 == UInt8(ascii: "\n") })
          counted = position
          let value = try Self.value(&reader, depth: 0)
          guard case .object(let fields) = value else {
            throw ImportError.unreadable(
              file: file, line: line,
              reason: "book \(key.string) is \(value.kind), not an object: not a LibraryThing export")
          }
          records.append(ExportRecord(position: .line(line), fields: Self.row(fields, key: key.string)))
        }
        reader.skipSpace()
        guard reader.atEnd else { throw reader.syntaxError("text after the export's object") }
        return ExportTable(columns: columns, records: records)
      }
    } catch let error as ImportError {
      throw error
    } catch {
      let (offset, message) = JSONReader.failure(error)
      let line = bytes.prefix(offset).count(where: { $0 == UInt8(ascii: "\n") }) + 1
      throw .unreadable(file: file, line: line, reason: "not a LibraryThing JSON export: \(message)")
    }
  }

  /// One book's fields in `columns`' order.
  private static func row(_ fields: [(String, Value)], key: String) -> [String] {
    var byName: [String: Value] = [:]
    for (name, value) in fields where byName[name] == nil { byName[name] = value }
    func text(_ name: String) -> String { byName[name]?.text ?? "" }
    let people =
      byName["authors"]?.items.compactMap { person -> (name: String, role: String)? in
        guard case .object(let parts) = person else { return nil }
        let name = parts.first { $0.0 == "lf" }?.1.text ?? parts.first { $0.0 == "fl" }?.1.text ?? ""
        return name.isEmpty ? nil : (name, parts.first { $0.0 == "role" }?.1.text ?? "")
      } ?? []
    let primary = people.first
    let secondary = people.dropFirst()
    let media =
      byName["format"]?.items.compactMap { item -> String? in
        guard case .object(let parts) = item else { return item.text }
        return parts.first { $0.0 == "text" }?.1.text
      } ?? []
    let id = text("books_id").isEmpty ? key : text("books_id")
    return [
      id, text("title"), primary?.name ?? text("primaryauthor"), primary?.role ?? "",
      secondary.map(\.name).joined(separator: "|"), secondary.map(\.role).joined(separator: "|"),
      text("publication"), text("date"), text("review"), text("rating"), text("comment"),
      text("privatecomment"),
      media.joined(separator: ", "), text("pages"), text("datestarted"), text("dateread"),
      text("dateacquired"),
      list(byName["tags"]), list(byName["collections"]), text("originalisbn"), list(byName["isbn"]),
      text("entrydate"), text("series"), text("workcode"),
    ]
  }

  /// The strings of a list (or of an object's values, as LibraryThing writes some lists),
  /// joined with commas.
  private static func list(_ value: Value?) -> String {
    (value?.items ?? []).compactMap { $0.text.isEmpty ? nil : $0.text }.joined(separator: ", ")
  }

  /// A JSON value as the export holds them.
  indirect enum Value {
    case text(String)
    case list([Value])
    case object([(String, Value)])
    case none

    /// A string or a number as text; empty for anything else.
    var text: String {
      if case .text(let text) = self { return text }
      return ""
    }

    /// A list's items, an object's values (`{"0": "…", "2": "…"}`), or a single value alone.
    var items: [Value] {
      switch self {
      case .list(let items): items
      case .object(let fields): fields.map(\.1)
      case .text: [self]
      case .none: []
      }
    }

    var kind: String {
      switch self {
      case .text: "a string"
      case .list: "a list"
      case .object: "an object"
      case .none: "null"
      }
    }
  }

  /// Deeper than any book of the export nests (authors in a list, ddc codes in an object).
  private static let depthLimit = 16

  private static func value(_ reader: inout JSONReader, depth: Int) throws -> Value {
    guard depth < depthLimit else { throw reader.syntaxError("values nested deeper than \(depthLimit)") }
    switch try reader.peek() {
    case UInt8(ascii: "{"):
      var fields: [(String, Value)] = []
      try reader.object("book") { reader, key in
        fields.append((key.string, try value(&reader, depth: depth + 1)))
      }
      return .object(fields)
    case UInt8(ascii: "["):
      var items: [Value] = []
      try reader.array("book") { reader, _ in items.append(try value(&reader, depth: depth + 1)) }
      return .list(items)
    case UInt8(ascii: "\""):
      return .text(try reader.readString())
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      return .text((try reader.bool("book")) == true ? "true" : "false")
    case UInt8(ascii: "n"):
      _ = try reader.consumeNull()
      return .none
    default:
      let number = try reader.double("book") ?? 0
      return .text(NumberText.shortest(number))
    }
  }
}
