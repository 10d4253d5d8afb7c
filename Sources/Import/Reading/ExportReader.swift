import Catalog

/// An export read and recognised: its rows as named fields, the app that wrote it, and how its
/// dates are read.
package struct ReadExport: Sendable {
  /// As messages name the file.
  package var file: String
  package var format: ImportSource
  package var table: ExportTable
  /// The order of the file's numeric dates, and how it was found.
  package var dateOrder: DateOrderFinding
}

/// Reads an export's bytes: their encoding, then the rows, then which app wrote them (unless
/// the owner said), then the order of their dates.
package enum ExportReader {
  /// `format` nil: recognised by the file's columns. `dateOrder` nil: told by the file's dates.
  /// `columns`: which columns hold what in a CSV of no known app's (`--columns`).
  package static func read(
    _ bytes: [UInt8], file: String, format: ImportSource? = nil, dateOrder: DateOrder? = nil,
    columns: ColumnChoice? = nil
  ) throws(ImportError) -> ReadExport {
    let text = try ExportText.decode(bytes, file: file)
    if LibraryThingJSON.looksLikeJSON(text.bytes) {
      guard format == nil || format == .librarything, columns == nil else {
        throw .unreadable(
          file: file, line: 1,
          reason: "the file is JSON: bookgen reads LibraryThing's JSON export, and CSV from the other apps")
      }
      var table = try LibraryThingJSON.read(text.bytes, file: file)
      table.encoding = text.encoding
      return try recognised(table, file: file, format: .librarything, dateOrder: dateOrder)
    }
    var table = try CSVReader.read(text.bytes, file: file)
    table.encoding = text.encoding
    if let columns {
      table = try columns.applied(to: table, file: file)
      return try recognised(table, file: file, format: .csv, dateOrder: dateOrder)
    }
    guard format != .csv else { throw .columnsNeeded(file: file, columns: table.columns) }
    return try recognised(table, file: file, format: format, dateOrder: dateOrder)
  }

  /// A Calibre library (its folder, or its `metadata.db`), read from its database; nil when
  /// `path` is no library.
  package static func readLibrary(
    at path: String, shown: String, format: ImportSource?, dateOrder: DateOrder?
  ) throws(ImportError) -> ReadExport? {
    guard format == nil || format == .calibre, let database = CalibreLibrary.database(at: path) else {
      return nil
    }
    let table = try CalibreLibrary.read(database: database, shown: shown)
    return try recognised(table, file: shown, format: .calibre, dateOrder: dateOrder)
  }

  /// A table read by any reader, recognised.
  static func recognised(
    _ table: ExportTable, file: String, format asked: ImportSource?, dateOrder: DateOrder?
  ) throws(ImportError) -> ReadExport {
    let index = table.index
    let detected = ImportSource.detect(index)
    let found = detected.count == 1 ? detected.first : nil
    let format: ImportSource
    if asked == .csv {
      format = .csv
    } else if let asked {
      guard asked.spec.identifyingColumns.contains(where: index.contains) else {
        if let found { throw .otherFormat(file: file, found: found, asked: asked) }
        throw .noBookColumn(file: file, format: asked, columns: table.columns)
      }
      // The file is plainly another app's: its columns fit that one better.
      if let found, found != asked,
        asked.spec.knownColumns.intersection(index.names).count
          < found.spec.knownColumns.intersection(index.names).count
      {
        throw .otherFormat(file: file, found: found, asked: asked)
      }
      format = asked
    } else {
      guard detected.count < 2 else {
        throw .ambiguousFormat(file: file, formats: detected, columns: table.columns)
      }
      guard let found else { throw .unknownFormat(file: file, columns: table.columns) }
      format = found
    }
    var survey = DateOrderSurvey()
    let dateColumns = format.spec.dateColumns.compactMap { index.positions[$0] }
    if dateOrder == nil, !dateColumns.isEmpty {
      for record in table.records {
        for position in dateColumns { survey.survey(record.fields[position], at: record.position) }
      }
    }
    return ReadExport(file: file, format: format, table: table, dateOrder: survey.finding(given: dateOrder))
  }
}
