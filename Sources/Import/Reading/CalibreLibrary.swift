import CSQLite
import Foundation
import Support

/// A Calibre library folder read directly: its `metadata.db`, through SQLite, into the columns
/// of Calibre's CSV catalog, so one mapping serves both. The database is opened read-only
/// (`mode=ro`: a shared lock while a query runs, never one for writing, no journal created);
/// where even that cannot be had (a read-only folder beside a WAL database), as immutable
/// (no lock at all). Calibre itself may stay open, though a book it is saving may be missed.
enum CalibreLibrary {
  /// The columns the books become: Calibre's catalog's names.
  static let columns = [
    "id", "uuid", "title", "authors", "author_sort", "isbn", "identifiers", "rating", "timestamp", "pubdate",
    "series", "series_index", "tags", "publisher", "comments", "formats", "cover", "#read", "#date_read",
  ]

  /// The most a database may weigh: a library of 100,000 books with long descriptions is a few
  /// hundred MB.
  static let sizeLimit = 2 << 30
  /// The most of one text kept (a description): longer ones are cut at a character's end.
  static let textLimit = 64 << 10

  /// `path`'s `metadata.db` when it is a Calibre library folder, or `path` when it is the file.
  static func database(at path: String) -> String? {
    switch PathKind.of(path, followingLinks: true) {
    case .folder:
      let file = (path.hasSuffix("/") ? path : path + "/") + "metadata.db"
      return PathKind.of(file, followingLinks: true) == .file ? file : nil
    case .file:
      return path.hasSuffix("metadata.db") || isSQLite(path) ? path : nil
    default:
      return nil
    }
  }

  /// Whether the file begins as every SQLite database does.
  private static func isSQLite(_ path: String) -> Bool {
    guard let handle = fopen(path, "rb") else { return false }
    defer { fclose(handle) }
    var header = [UInt8](repeating: 0, count: 16)
    return fread(&header, 1, 16, handle) == 16 && header == Array("SQLite format 3\0".utf8)
  }

  /// The library's books, one row each at `.record(id)`; `shown` names the file in messages.
  static func read(database path: String, shown: String) throws(ImportError) -> ExportTable {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw .file(path: shown, reason: "it is not a regular file")
    }
    guard Int(info.st_size) <= sizeLimit else {
      throw .file(
        path: shown, reason: "it is larger than \(sizeLimit >> 30) GiB: not a Calibre library's database")
    }
    let connection = try Connection(path: path, shown: shown)
    return try connection.books(
      libraryFolder: ((path as NSString).deletingLastPathComponent as NSString).standardizingPath)
  }

  /// One read-only connection, closed when it goes.
  private final class Connection {
    let handle: OpaquePointer
    let shown: String

    init(path: String, shown: String) throws(ImportError) {
      self.shown = shown
      var opened: OpaquePointer?
      for mode in ["mode=ro", "immutable=1"] {
        if let opened { sqlite3_close_v2(opened) }
        opened = nil
        let uri = "file:" + Self.uriPath(path) + "?" + mode
        guard sqlite3_open_v2(uri, &opened, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK,
          let opened
        else { continue }
        // Nothing this connection runs may write, nor trust the database's own SQL (views,
        // triggers) with functions or virtual tables.
        bookgen_sqlite3_distrust(opened)
        sqlite3_exec(opened, "PRAGMA query_only = 1", nil, nil, nil)
        // A database another program holds can still be read: the first query says.
        if sqlite3_exec(opened, "SELECT count(*) FROM sqlite_master", nil, nil, nil) == SQLITE_OK {
          handle = opened
          return
        }
      }
      let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open it"
      if let opened { sqlite3_close_v2(opened) }
      throw .unreadable(file: shown, line: 1, reason: "not a Calibre library's database: \(message)")
    }

    deinit { sqlite3_close_v2(handle) }

    /// `%`, `?` and `#` escaped, as a `file:` URI's path needs.
    static func uriPath(_ path: String) -> String {
      path.replacing("%", with: "%25").replacing("?", with: "%3f").replacing("#", with: "%23")
    }

    /// Every row of `sql`, each column as text (nil for NULL), cut at `textLimit`.
    func rows(_ sql: String) throws(ImportError) -> [[String?]] {
      var statement: OpaquePointer?
      guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
        throw failure()
      }
      defer { sqlite3_finalize(statement) }
      let count = Int(sqlite3_column_count(statement))
      var rows: [[String?]] = []
      while true {
        let step = sqlite3_step(statement)
        if step == SQLITE_DONE { return rows }
        guard step == SQLITE_ROW else { throw failure() }
        rows.append(
          (0..<Int32(count)).map { column in
            guard sqlite3_column_type(statement, column) != SQLITE_NULL,
              let text = sqlite3_column_text(statement, column)
            else { return nil }
            let length = min(Int(sqlite3_column_bytes(statement, column)), textLimit)
            return String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self)
          })
      }
    }

    /// Whether the database has `table`.
    func has(_ table: String) throws(ImportError) -> Bool {
      try !rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '\(table)'").isEmpty
    }

    private func failure() -> ImportError {
      .unreadable(
        file: shown, line: 1,
        reason:
          "cannot read the library: \(String(cString: sqlite3_errmsg(handle))) (close Calibre and try again)")
    }

    /// The books in id order, as `CalibreLibrary.columns`.
    func books(libraryFolder: String) throws(ImportError) -> ExportTable {
      guard try has("books") else {
        throw .unreadable(
          file: shown, line: 1, reason: "it has no table of books: not a Calibre library's database")
      }
      let books = try rows(
        "SELECT id, uuid, title, author_sort, isbn, timestamp, pubdate, series_index, path, has_cover FROM books "
          + "ORDER BY id")
      var linked: [String: [String: [String]]] = [:]
      let links: [(column: String, table: String, sql: String)] = [
        (
          "authors", "books_authors_link",
          "SELECT l.book, a.name FROM books_authors_link l JOIN authors a ON a.id = l.author ORDER BY l.book, l.id"
        ),
        (
          "tags", "books_tags_link",
          "SELECT l.book, t.name FROM books_tags_link l JOIN tags t ON t.id = l.tag ORDER BY l.book, t.name"
        ),
        (
          "series", "books_series_link",
          "SELECT l.book, s.name FROM books_series_link l JOIN series s ON s.id = l.series"
        ),
        (
          "publisher", "books_publishers_link",
          "SELECT l.book, p.name FROM books_publishers_link l JOIN publishers p ON p.id = l.publisher"
        ),
        (
          "rating", "books_ratings_link",
          "SELECT l.book, r.rating FROM books_ratings_link l JOIN ratings r ON r.id = l.rating"
        ),
        (
          "identifiers", "identifiers", "SELECT book, type || ':' || val FROM identifiers ORDER BY book, type"
        ),
        ("comments", "comments", "SELECT book, text FROM comments"),
        ("formats", "data", "SELECT book, lower(format) FROM data ORDER BY book, format"),
      ]
      for link in links where try has(link.table) {
        for row in try rows(link.sql) {
          guard let book = row[0], let value = row[1] else { continue }
          linked[link.column, default: [:]][book, default: []].append(value)
        }
      }
      try customColumns(into: &linked)
      let fence = FileFence(folder: libraryFolder, name: "the Calibre library")
      let records = books.map { book -> ExportRecord in
        let id = book[0] ?? ""
        func joined(_ column: String, _ separator: String) -> String {
          linked[column]?[id]?.joined(separator: separator) ?? ""
        }
        let rating =
          linked["rating"]?[id]?.first.flatMap(Int.init).map { NumberText.shortest(Double($0) / 2) } ?? ""
        var cover = ""
        if book[9] == "1", let folder = book[8], Self.isInside(folder),
          (try? fence.check(folder + "/cover.jpg", limit: FileLimit(bytes: 64 << 20, what: "a cover"))) != nil
        {
          cover = (libraryFolder as NSString).appendingPathComponent(folder + "/cover.jpg")
        }
        let fields: [String] = [
          id, book[1] ?? "", book[2] ?? "", joined("authors", " & "), book[3] ?? "", book[4] ?? "",
          joined("identifiers", ","), rating, book[5] ?? "", book[6] ?? "",
          joined("series", ""), linked["series"]?[id] == nil ? "" : (book[7] ?? ""), joined("tags", ", "),
          joined("publisher", ""),
          ReviewMarkdown.markdown(from: joined("comments", "\n"), newlinesBreak: false) ?? "",
          joined("formats", ", "), cover,
          joined("#read", ""), joined("#date_read", ""),
        ]
        return ExportRecord(position: .record(id), fields: fields)
      }
      return ExportTable(columns: CalibreLibrary.columns, records: records)
    }

    /// The custom columns most libraries have for reading: `#read` (yes/no) and `#date_read`.
    private func customColumns(into linked: inout [String: [String: [String]]]) throws(ImportError) {
      guard try has("custom_columns") else { return }
      for row in try rows(
        "SELECT id, label, datatype FROM custom_columns WHERE label IN ('read', 'date_read')")
      {
        guard let number = row[0].flatMap(Int.init), let label = row[1] else { continue }
        let table = "custom_column_\(number)"
        guard try has(table) else { continue }
        for value in try rows("SELECT book, value FROM \(table)") {
          guard let book = value[0], var text = value[1] else { continue }
          if row[2] == "bool" { text = text == "1" ? "true" : "false" }
          linked["#" + label, default: [:]][book, default: []].append(text)
        }
      }
    }

    /// A book's folder as the database names it: relative, and never out of the library.
    static func isInside(_ path: String) -> Bool {
      !path.isEmpty && !path.hasPrefix("/") && !path.contains("\0")
        && !path.split(separator: "/").contains { $0 == ".." || $0 == "." }
    }
  }
}
