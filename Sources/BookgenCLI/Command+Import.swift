import Catalog
import Diagnostics
import Fetching
import Foundation
import Import
import Support

extension CommandContext {
  /// `bookgen import [FORMAT] FILE`: the export into its own YAML file beside the catalog, which
  /// catalog.yml then includes (one line added when it does not yet).
  func importExport(_ options: ImportCommandOptions) async throws {
    var pipeline = Pipeline(self, command: .import, steps: 3)
    let catalog = try await pipeline.step("Loading catalog", stage: "loading the catalog") {
      try loadCatalog(options.catalog, needsCollections: false)
    }
    let (plan, spent) = try await pipeline.step("Reading \(options.file)", stage: "reading the export") {
      try await importPlan(options, catalog: catalog)
    }
    let name = options.outputName(for: plan.format)
    let result = try await pipeline.step("Writing \(name)", stage: "writing \(name)") {
      try writeImport(plan, name: name, catalog: catalog, options: options)
    }
    reportImport(plan, result, name: name, catalog: options.catalog.path, offline: options.offline)
    if let spent, spent.notSearched > 0 {
      console.warning(
        "\(NumberText.count(spent.notSearched, "row")) not searched by title: the request budget ran out "
          + "(importing again searches them)")
    }
    if let spent, spent.refused > 0 {
      let sources = catalog.sources.filter(spent.refusingSources.contains).map(\.displayName)
      console.warning(
        "\(NumberText.count(spent.refused, "row")) not searched by title: \(sources.joined(separator: " and ")) "
          + "refused (HTTP 429) or could not be reached (importing again searches them)")
    }
    console.status(
      "Imported \(NumberText.count(plan.entries.count, "book")) from \(options.file) into \(name) "
        + "in \(pipeline.elapsed) s")
  }

  /// The export read, and its rows keyed (by title searches unless `--offline`); with what the
  /// searches spent and left (nil offline).
  private func importPlan(_ options: ImportCommandOptions, catalog: Catalog)
    async throws -> (ImportPlan, Spent.Record?)
  {
    let export = try readExport(options)
    let outputName = options.outputName(for: export.format)
    let ownFile = catalog.includes.first { $0.name == outputName }
    let slug = Slug.make(
      ((outputName as NSString).lastPathComponent as NSString).deletingPathExtension, alphabet: .ascii,
      maximumLength: nil)
    var request = ImportRequest(export: export, collectionSlug: slug.isEmpty ? export.format.rawValue : slug)
    request.shelves = options.shelves
    let taken = catalog.collections.map(\.slug).filter { !(ownFile?.collectionSlugs.contains($0) ?? false) }
    guard !taken.contains(request.collectionSlug) else {
      throw Diagnostic.error(
        "the catalog has a collection '\(request.collectionSlug)' already: the import's collection takes its "
          + "slug from the file's name, so choose another with --output")
    }
    request.takenCollectionSlugs = Set(taken)
    request.takenShelfSlugs = Set(catalog.shelves.map(\.slug)).subtracting(ownFile?.shelfSlugs ?? [])
    for (key, entry) in catalog.books {
      guard let imported = entry.imported, imported.source == export.format,
        imported.matchedBy == .title,
        let source = imported.matchSource
      else { continue }
      request.previousMatches[imported.id] = BookMatch(key: key, source: source)
    }
    guard !options.offline else { return (try await ExportImporter.plan(request, matcher: nil), nil) }
    let fetchOptions = FetchOptions(
      cacheDirectory: catalog.cacheDirectory, jobs: options.jobs, maxRequests: options.maxRequests,
      environment: environment.variables)
    let progress: (any FetchProgress)? =
      console.verbosity > .quiet && environment.standardErrorIsTerminal
      ? FetchReporter(write: environment.standardError.write, live: true) : nil
    let matcher = TitleMatcher(catalog: catalog, options: fetchOptions, progress: progress)
    let cache = ResponseCache(directory: fetchOptions.cacheDirectory)
    try? cache.claimFolder()
    let plan = try await holdingCacheLock(cache) { try await ExportImporter.plan(request, matcher: matcher) }
    let spent = matcher.spent.last
    if let spent {
      spent.warnings.forEach(console.diagnostic)
      if progress == nil { console.detail(spent.statistics.summary(warnings: spent.warnings.count)) }
    }
    return (plan, spent)
  }

  /// The export named: a Calibre library folder (or its metadata.db) read from its database,
  /// any other file from its bytes.
  private func readExport(_ options: ImportCommandOptions) throws -> ReadExport {
    let path = environment.resolve(options.file)
    if options.columns == nil,
      let library = try ExportReader.readLibrary(
        at: path, shown: options.file, format: options.format, dateOrder: options.dateOrder)
    {
      return library
    }
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(path, limit: Self.exportLimit)
    } catch {
      throw ImportError.file(path: options.file, reason: error.reason)
    }
    return try ExportReader.read(
      bytes, file: options.file, format: options.format, dateOrder: options.dateOrder,
      columns: options.columns)
  }

  /// The most read from an export: 64 MiB is a library of 100,000 books with reviews.
  static let exportLimit = FileLimit(bytes: 64 << 20, what: "an export")

  /// What writing changed, and the catalog as it loads afterwards.
  struct ImportWrite {
    var addedInclude: Bool
    var catalog: Catalog
    /// What a first import did with the catalog's starter parts.
    var starter: StarterContent.Outcome?
  }

  /// Writes the file and the include line, then loads the catalog again; when it no longer
  /// loads, both files are put back as they were and its problems are the error.
  private func writeImport(_ plan: ImportPlan, name: String, catalog: Catalog, options: ImportCommandOptions)
    throws -> ImportWrite
  {
    let catalogPath = environment.resolve(options.catalog.path)
    let path = (catalog.directory as NSString).appendingPathComponent(name)
    // A folder of the name that is a link out of the project is not the catalog's folder.
    let folder = ((path as NSString).deletingLastPathComponent as NSString).resolvingSymlinksInPath
    let project = (catalog.directory as NSString).resolvingSymlinksInPath
    guard folder == project || folder.hasPrefix(project.hasSuffix("/") ? project : project + "/") else {
      throw Diagnostic.error(
        "\(name) would be written outside the catalog's folder (through a linked folder)")
    }
    let previous = try? FileReader.read(path, limit: CatalogLoader.fileLimit)
    if let previous, !previous.starts(with: Array(ImportFileWriter.header.utf8)) {
      throw Diagnostic.error(
        "\(name) exists and was not written by 'bookgen import': it is kept as it is; choose another file with --output"
      )
    }
    let catalogBytes = try FileReader.read(catalogPath, limit: CatalogLoader.fileLimit)
    let catalogText = String(decoding: catalogBytes, as: UTF8.self)
    // A first import takes out what `bookgen init` put in to show the way, when still as written.
    let isFirstImport = !catalog.books.values.contains { $0.imported != nil }
    let starter = isFirstImport ? StarterContent.removing(from: catalogText) : nil
    let withoutStarter = starter?.text ?? catalogText
    let withInclude = try CatalogLoader.addingInclude(name, to: withoutStarter, file: options.catalog.path)
    let newCatalog = withInclude ?? (withoutStarter != catalogText ? withoutStarter : nil)
    copyCovers(plan, into: project)
    try writeFile(Array(plan.text.utf8), to: path, atomically: true)
    if let newCatalog { try writeFile(Array(newCatalog.utf8), to: catalogPath, atomically: false) }
    do {
      return ImportWrite(
        addedInclude: withInclude != nil, catalog: try loadCatalog(options.catalog), starter: starter)
    } catch {
      if let previous {
        try? writeFile(previous, to: path, atomically: true)
      } else {
        try? FileManager.default.removeItem(atPath: path)
      }
      if newCatalog != nil { try? writeFile(catalogBytes, to: catalogPath, atomically: false) }
      throw error
    }
  }

  /// Copies each book's cover image from the export into the site's folder, where its entry
  /// says (`covers/calibre/<id>.jpg`), so that the site may show it: a file already there (the
  /// owner's, or an earlier import's) is never replaced, and nothing is written through a
  /// folder linked out of the project. A cover that cannot be copied is a warning; its book
  /// shows its title card.
  private func copyCovers(_ plan: ImportPlan, into project: String) {
    var copied = 0
    for entry in plan.entries {
      guard let source = entry.row.coverFile, let copy = entry.row.coverCopy else { continue }
      let target = (project as NSString).appendingPathComponent(copy)
      let folder = (target as NSString).deletingLastPathComponent
      if PathKind.of(target) != .missing { continue }
      // `covers` and `covers/calibre` must be real folders (or not yet there): a link could lead out.
      let parents = [(folder as NSString).deletingLastPathComponent, folder]
      guard parents.allSatisfy({ [.folder, .missing].contains(PathKind.of($0)) }) else {
        console.warning("\(copy) would be written through a linked folder or over a file: not copied")
        continue
      }
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let bytes = try FileReader.read(source, limit: CatalogRules.coverFileLimit)
        try Data(bytes).write(to: URL(fileURLWithPath: target), options: .withoutOverwriting)
        copied += 1
      } catch {
        console.warning("cannot copy the cover \(source) to \(copy): \(error)")
      }
    }
    if copied > 0 {
      console.detail("Copied \(NumberText.count(copied, "cover image")) into the site's folder")
    }
  }

  /// `atomically`: through a temporary file and a rename (the import's own file); otherwise in
  /// place, so that a catalog that is a link or has its own permissions stays so.
  private func writeFile(_ bytes: [UInt8], to path: String, atomically: Bool) throws {
    do {
      let folder = (path as NSString).deletingLastPathComponent
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      if atomically {
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
      } else {
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(bytes))
      }
    } catch {
      throw CommandError.fileSystem(operation: "write", path: environment.shown(path), underlying: error)
    }
  }

  /// What the owner should look at: how the file was read, rows found by title, rows nothing
  /// matched, rows sharing a book, rows that are no entry, and keys where catalog.yml's value
  /// is used instead of the import's.
  private func reportImport(
    _ plan: ImportPlan, _ result: ImportWrite, name: String, catalog: String, offline: Bool
  ) {
    func row(_ entry: ImportPlan.Entry) -> String {
      let authors = entry.row.authors.isEmpty ? "" : " by " + entry.row.authors.joined(separator: ", ")
      return "\(entry.row.position.shown(in: plan.csvName)): \(entry.row.title)\(authors)"
    }
    func rounded(_ entry: ImportPlan.Entry) -> String {
      guard entry.row.isbnLostDigits, let isbn = entry.row.unusableISBN else { return "" }
      return " (ISBN \(YAMLText.quoted(isbn)) rounded)"
    }
    if plan.encoding != .utf8 {
      note("\(plan.csvName) is not UTF-8: read as \(plan.encoding.rawValue)")
    }
    if plan.repairedText > 0 {
      note(
        "\(NumberText.count(plan.repairedText, "field")) had been saved in the wrong encoding (such as 'Ã©' "
          + "for 'é'): put back")
    }
    reportDateOrder(plan.dateOrder, file: plan.csvName)
    let lost = plan.lostISBNs
    if let first = lost.first {
      let example = YAMLText.quoted(first.row.unusableISBN ?? "")
      let one = lost.count == 1
      console.warning(
        (one
          ? "the ISBN \(example) of \(first.row.position.shown(in: plan.csvName)) was rounded by a spreadsheet and "
            + "lost its last digits, so the row "
            + (offline ? "keeps the export's id" : "was looked up by title")
          : "\(NumberText.count(lost.count, "ISBN")) such as \(example) were rounded by a spreadsheet and lost "
            + "their last digits, so their rows "
            + (offline ? "keep the export's id" : "were looked up by title")
            + " (marked below)")
          + "; export the file again, or format the column as text before saving it")
    }
    let found = plan.matchedByTitle
    if !found.isEmpty {
      console.status("Found by title and author (check them: 'matched_by: title' in \(name)):")
      for entry in found {
        console.status(
          "  \(row(entry)) → \(entry.key)\(entry.matchWasKept ? " (as before)" : "")\(rounded(entry))")
      }
    }
    let unmatched = plan.unmatched
    if !unmatched.isEmpty {
      console.status("Kept without source data (no usable ISBN, no book found by title):")
      for entry in unmatched { console.status("  \(row(entry)) → \(entry.key)\(rounded(entry))") }
    }
    if !plan.duplicates.isEmpty {
      console.status("Rows whose book an earlier row has, kept under their export's id:")
      for (duplicate, first) in plan.duplicates {
        console.status(
          "  \(duplicate.position.shown(in: plan.csvName)): \(duplicate.title) (same book as "
            + "\(first.shortDescription))")
      }
    }
    if !plan.skipped.isEmpty {
      console.warning("\(NumberText.count(plan.skipped.count, "row")) not imported:")
      for skipped in plan.skipped {
        let title = skipped.title.map { " \($0):" } ?? ""
        console.status("  \(skipped.position.shown(in: plan.csvName)):\(title) \(skipped.reason)")
      }
    }
    let undated = plan.unreadDates
    if !undated.isEmpty {
      let count = undated.reduce(0) { $0 + $1.row.unreadDates.count }
      console.warning(
        "\(NumberText.count(count, "date")) not read: left out of their entries and kept as comments in "
          + "\(name); write them in catalog.yml")
      for entry in undated {
        for unread in entry.row.unreadDates {
          console.status("  \(row(entry)): \(unread.column) \(YAMLText.quoted(unread.text))")
        }
      }
    }
    let conflicts = result.catalog.conflicts.filter { $0.ignored.file.hasSuffix(name) }
    if !conflicts.isEmpty {
      // The value kept may be the owner's, in the catalog, or another import's, in its file.
      let winners =
        conflicts.allSatisfy { $0.kept.file == catalog }
        ? "Your entries in \(catalog)" : "Entries in other files"
      console.status("\(winners) win over the import's (the import's value is not used):")
      for conflict in conflicts {
        console.status(
          "  \(conflict.kept): '\(conflict.key)' of \(conflict.book) (the import's: \(conflict.ignored))")
      }
    }
    if let starter = result.starter, !starter.removed.isEmpty {
      console.status(
        "Removed from \(catalog), as 'bookgen init' wrote them: " + StarterContent.listed(starter.removed))
    }
    if let starter = result.starter, !starter.kept.isEmpty {
      note(
        "kept \(StarterContent.listed(starter.kept)) in \(catalog): you changed "
          + (starter.kept.count == 1 ? "it" : "them") + " since 'bookgen init' wrote "
          + (starter.kept.count == 1 ? "it" : "them") + "; delete what you no longer want")
    }
    if result.addedInclude { console.status("Added \(name) to 'include' in \(catalog)") }
  }

  /// How the file's numeric dates were read, said once.
  private func reportDateOrder(_ finding: DateOrderFinding, file: String) {
    switch finding {
    case .notNeeded, .given: break
    case .inferred(let order, let example, let position):
      note(
        "dates read as \(order.spelled): \(position.shown(in: file)) has \(example), which can only be "
          + "read so (--date-order sets it)")
    case .undecided(let example, let position, let count):
      console.warning(
        "\(NumberText.count(count, "date")) such as \(example) (\(position.shown(in: file))) could be "
          + "month/day/year or day/month/year, and no date in the file tells: they are left out; import "
          + "again with --date-order mdy or --date-order dmy")
    case .conflicting(let monthFirst, let monthFirstAt, let dayFirst, let dayFirstAt, let count):
      console.warning(
        "the file's dates disagree: \(monthFirst) (\(monthFirstAt.shown(in: file))) is month/day/year, "
          + "\(dayFirst) (\(dayFirstAt.shown(in: file))) day/month/year; \(NumberText.count(count, "date")) "
          + "that could be either are left out (--date-order sets the order)")
    }
  }
}

extension CommandContext {
  /// `note: …`, silenced by `--quiet`.
  fileprivate func note(_ text: String) { console.diagnostic(Diagnostic(.note, text)) }
}
