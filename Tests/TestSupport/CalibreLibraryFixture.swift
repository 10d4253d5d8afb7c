import CSQLite
import Foundation

/// A Calibre library folder made for a test: `metadata.db` from an SQL script in Calibre's own
/// schema (`Tests/ImportTests/Fixtures/calibre-library.sql`), and the book folders and covers
/// it names, one of them a link out of the library.
public enum CalibreLibraryFixture {
  public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("ImportTests/Fixtures/calibre-library.sql")

  /// `root/Calibre Library` with its database; `root/outside` holds a cover out of the library.
  public static func make(in root: String) throws -> String {
    let library = root + "/Calibre Library"
    let files = FileManager.default
    let witchcraft = library + "/Seanan McGuire/That Ain't Witchcraft (1)"
    try files.createDirectory(atPath: witchcraft, withIntermediateDirectories: true)
    try Data([0xFF, 0xD8, 0xFF]).write(to: URL(fileURLWithPath: witchcraft + "/cover.jpg"))
    // Book 2 has a cover in the database but none on disk.
    try files.createDirectory(
      atPath: library + "/Terry Pratchett/Good Omens (2)", withIntermediateDirectories: true)
    // Book 3's folder is `../../outside`, book 4's a link out of the library: both have covers.
    try files.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
    try Data([0xFF, 0xD8]).write(to: URL(fileURLWithPath: root + "/outside/cover.jpg"))
    try files.createDirectory(atPath: library + "/Unknown", withIntermediateDirectories: true)
    try files.createSymbolicLink(
      atPath: library + "/Unknown/Linked Away (4)", withDestinationPath: root + "/outside")
    try execute(try String(contentsOf: script, encoding: .utf8), in: library + "/metadata.db")
    return library
  }

  /// Runs `sql` in the database at `path` (created when missing).
  public static func execute(_ sql: String, in path: String) throws {
    var db: OpaquePointer?
    defer { sqlite3_close(db) }
    guard sqlite3_open(path, &db) == SQLITE_OK, sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
      throw FixtureError(message: db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)")
    }
  }

  /// Runs `body` while another connection, as Calibre saving a book, holds the database's write
  /// lock with `sql` written but not committed; then commits it (throwing when it cannot).
  public static func whileWriting<T>(_ sql: String, in path: String, _ body: () throws -> T) throws -> T {
    var db: OpaquePointer?
    defer { sqlite3_close(db) }
    func run(_ statement: String) throws {
      guard sqlite3_exec(db, statement, nil, nil, nil) == SQLITE_OK else {
        throw FixtureError(message: db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)")
      }
    }
    guard sqlite3_open(path, &db) == SQLITE_OK else { throw FixtureError(message: "cannot open \(path)") }
    try run("BEGIN IMMEDIATE")
    try run(sql)
    let result = try body()
    try run("COMMIT")
    return result
  }

  public struct FixtureError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }
}
