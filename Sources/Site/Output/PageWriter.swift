import Catalog
import Mustache
import SearchIndex

/// Renders pages and places each one in the staging folder as soon as it is rendered.
struct PageWriter: Sendable {
  let update: OutputUpdate
  let contexts: PageContexts
  let renderer: any TemplateRendering
  /// The site's `static/` files, copied to the output root.
  var statics: StaticFiles?
  /// Whether each page's reads of books are recorded (`BookReads`, in `Tally.reads`).
  var recordsReads = false

  /// Pages per task: large enough to amortise task overhead, small enough to balance cores.
  static let batchSize = 32

  /// What the files of one batch (or the whole site) came to.
  struct Tally: Sendable {
    var entries: [String: OutputManifest.Entry] = [:]
    var bytes = 0
    /// The books each page read, by path, when the writer records them.
    var reads: [String: [Int32]] = [:]
    /// Files whose bytes differ from the current output's, and their bytes.
    var written = 0
    var bytesWritten = 0
    /// Time the tasks spent on Markdown and descriptions, on contexts and templates, and on
    /// hashing and writing files (summed over tasks; the stages overlap in wall time).
    var markdown = Duration.zero
    var templates = Duration.zero
    var write = Duration.zero

    mutating func add(
      _ path: String, _ result: (entry: OutputManifest.Entry, placement: OutputUpdate.Placement)
    ) {
      entries[path] = result.entry
      bytes += result.entry.size
      switch result.placement {
      case .written:
        written += 1
        bytesWritten += result.entry.size
      case .unchanged: break
      }
    }

    mutating func merge(_ other: consuming Tally) {
      // The smaller table into the larger: merging the pages' 10,000 entries into the assets'
      // few grew and rehashed it several times. `other`'s entries win either way.
      var newer = other.entries
      other.entries = [:]
      if newer.count > entries.count {
        swap(&entries, &newer)
        entries.merge(newer) { kept, _ in kept }
      } else {
        entries.merge(newer) { _, new in new }
      }
      reads.merge(other.reads) { _, new in new }
      bytes += other.bytes
      written += other.written
      bytesWritten += other.bytesWritten
      markdown += other.markdown
      templates += other.templates
      write += other.write
    }
  }

  /// The relative file path of every page and asset, checked to stay inside the output.
  static func paths(of jobs: [PageJob], assets: some Sequence<String>) throws(SiteError) -> (
    pages: [String], assets: [String: String]
  ) {
    var pages: [String] = []
    pages.reserveCapacity(jobs.count)
    for job in jobs { pages.append(try OutputFolder.relativePath(for: job.path)) }
    var assetPaths: [String: String] = [:]
    for asset in assets {
      let parts = ["assets"] + asset.split(separator: "/").map(String.init)
      assetPaths[asset] = try OutputFolder.relativePath(
        for: SitePath(Array(parts.dropLast()), fileName: parts.last!))
    }
    return (pages, assetPaths)
  }

  /// Places the theme's assets under `assets/…`.
  func writeAssets(_ assets: [String: [UInt8]], paths: [String: String]) throws(SiteError) -> Tally {
    var tally = Tally()
    for (name, bytes) in assets.sorted(by: { $0.key < $1.key }) {
      let path = paths[name]!
      let result = try bytes.withSiteBytes { buffer throws(SiteError) in try update.place(path, buffer) }
      tally.add(path, result)
    }
    return tally
  }

  /// Copies `static/` to the output root, through the same placing as every other file, so
  /// unchanged files are linked and files removed from `static/` leave the output.
  func writeStaticFiles() throws(SiteError) -> Tally {
    var tally = Tally()
    guard let statics else { return tally }
    for path in statics.paths {
      try update.makeParentFolders(of: path)
      let result = try statics.bytes(of: path).withSiteBytes { buffer throws(SiteError) in
        try update.place(path, buffer)
      }
      tally.add(path, result)
    }
    return tally
  }

  /// Whether the generated file at `path` is left to `static/` (its `robots.txt`); an error
  /// when a static file is in its way.
  private func yieldsToStatic(_ path: String) throws(SiteError) -> Bool {
    guard let statics else { return false }
    if statics.replaces(path) { return true }
    if let clash = statics.collision(with: path) {
      throw .staticCollision(path: StaticFiles.shown(clash), generated: path)
    }
    return false
  }

  /// The checked relative file path of a generated file such as `opds/index.xml`: the path
  /// itself, once each of its components is a plain name (`OutputFolder.isSafeComponent`).
  /// Checked on the bytes: a `SitePath` of `String`s per file would be most of placing a search file.
  static func relativePath(of file: String) throws(SiteError) -> String {
    for component in file.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    where !OutputFolder.isSafeComponent(component) {
      throw .pathOutsideOutput(file)
    }
    return file
  }

  /// Places files made outside the templates (feeds, sitemap, search index) at their paths.
  func writeFiles(_ files: some Sequence<(String, [UInt8])>, into tally: inout Tally) throws(SiteError) {
    for (path, bytes) in files { try place(path, bytes, into: &tally) }
  }

  /// Places one file made outside the templates, once `update` holds its folder. Stops first
  /// when the task is cancelled (serve's next edit overtakes these files): `tally` then holds
  /// what was placed.
  private func place(_ path: String, _ bytes: [UInt8], into tally: inout Tally) throws(SiteError) {
    try Task.checkCancellationAsSiteError()
    tally.add(path, try bytes.withSiteBytes { buffer throws(SiteError) in try update.place(path, buffer) })
  }

  /// Places the discovery files (feeds, OPDS, sitemap) one by one, as they are made: at 100,000
  /// books they would take hundreds of megabytes held together.
  func writeDiscoveryFiles(
    model: SiteModel, jobs: [PageJob], settings: SiteSettings, options: DiscoveryOptions,
    into tally: inout Tally
  ) throws(SiteError) {
    try DiscoveryFiles.forEachFile(
      model: model, jobs: jobs, settings: settings, urls: contexts.urls, strings: contexts.strings,
      options: options, facts: contexts.seo.facts
    ) { file throws(SiteError) in
      let path = try PageWriter.relativePath(of: file.path)
      if try yieldsToStatic(path) { return }
      try update.makeParentFolders(of: path)
      try place(path, file.bytes, into: &tally)
    }
  }

  /// Makes and places the search index (`search/…`), file by file. The builder calls it once the
  /// pages are written, so that its postings and the pages in flight are not in memory at once.
  func writeSearchIndex(model: SiteModel, into tally: inout Tally) throws(SiteError) {
    // Files come folder by folder (`search/d/`, `search/t/`…): each folder is made once.
    var folder: Substring?
    try SiteSearch.forEachFile(model: model, facts: contexts.seo.facts, strings: contexts.strings) {
      (file) throws(SiteError) in
      let path = try PageWriter.relativePath(of: file.path)
      let parent = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[..<$0] }
      if parent != folder {
        try update.makeParentFolders(of: path)
        folder = parent
      }
      try place(path, file.bytes, into: &tally)
    }
  }

  /// Renders and places the pages, at most `concurrency` batches at a time.
  func writePages(_ jobs: [PageJob], paths: [String], concurrency: Int) async throws(SiteError) -> Tally {
    let batches = stride(from: 0, to: jobs.count, by: PageWriter.batchSize).map {
      $0..<min(jobs.count, $0 + PageWriter.batchSize)
    }
    do {
      return try await withThrowingTaskGroup(of: Tally.self) { group in
        var pending = batches.makeIterator()
        for _ in 0..<concurrency {
          guard let batch = pending.next() else { break }
          group.addTask { try self.write(jobs[batch], paths: paths) }
        }
        var total = Tally()
        total.entries.reserveCapacity(jobs.count)
        while let tally = try await group.next() {
          total.merge(tally)
          if let batch = pending.next() { group.addTask { try self.write(jobs[batch], paths: paths) } }
        }
        return total
      }
    } catch let error as SiteError {
      throw error
    } catch {
      throw .io(operation: "render", path: update.root, reason: String(describing: error))
    }
  }

  private func write(_ batch: ArraySlice<PageJob>, paths: [String]) throws(SiteError) -> Tally {
    var tally = Tally()
    tally.entries.reserveCapacity(batch.count)
    let clock = ContinuousClock()
    var last = clock.now
    func lap(_ total: inout Duration) {
      let now = clock.now
      total += now - last
      last = now
    }
    // One buffer for the batch: each page is rendered into the memory the last one used.
    var page = OutputBuffer(capacity: 65_536)
    for index in batch.indices {
      try Task.checkCancellationAsSiteError()
      let job = batch[index]
      let reads = recordsReads ? BookReads() : nil
      page.removeAll()
      do {
        try BookReads.$current.withValue(reads) {
          var texts: PageContexts.BookTexts?
          if case .book(let book) = job.kind {
            texts = contexts.bookTexts(book)
            lap(&tally.markdown)
          }
          try renderer.render(job.template, contexts.context(for: job, texts: texts), into: &page)
        }
      } catch let error as SiteError {
        throw error
      } catch {
        throw .io(operation: "render", path: paths[index], reason: String(describing: error))
      }
      if let reads { tally.reads[paths[index]] = reads.indices }
      lap(&tally.templates)
      let result = try page.withBytes { bytes throws(SiteError) in
        try update.place(paths[index], UnsafeRawBufferPointer(bytes))
      }
      tally.add(paths[index], result)
      lap(&tally.write)
    }
    return tally
  }
}

extension Task where Success == Never, Failure == Never {
  /// Stops a batch early once a sibling batch has failed.
  static func checkCancellationAsSiteError() throws(SiteError) {
    if Task.isCancelled { throw .io(operation: "render", path: "", reason: "cancelled") }
  }
}
