import BookRecord
import Catalog
import CoverImages
import Diagnostics
import Fetching
import Support

/// Makes the covers a site serves itself: each image — an image file the owner names in
/// `cover:`, and with `site.covers: local` each source cover fetched into the cache — is
/// processed once (`CoverProcessor`) and kept in the cache (`CoverStore`); a build whose images
/// were all processed before decodes none. An image that cannot be a cover gives one warning
/// per book that would show it, and the book shows its title card.
package struct CoverStage: Sendable {
  package let catalog: Catalog
  /// The widths the theme shows covers at (1× and 2× of each slot).
  package let widths: [Int]
  /// `CoverProcessor.process`; tests count the images it decodes.
  package var process: @Sendable ([UInt8], [Int]) throws(CoverImageError) -> ProcessedCover = {
    // A page offers the JPEG fallback at the smallest width only (`CoverSlot.files`).
    try CoverProcessor.process($0, widths: $1, jpegWidths: $1.min().map { [$0] } ?? [])
  }
  package var version = CoverProcessor.version
  let store: CoverStore

  package init(catalog: Catalog, widths: [Int]) {
    self.catalog = catalog
    self.widths = widths
    store = CoverStore(cacheDirectory: catalog.cacheDirectory)
  }

  /// Whether a build of `catalog` has covers to process: an owner's image file, or sources'
  /// covers to serve. Remote covers alone cost nothing.
  package static func isNeeded(for catalog: Catalog) -> Bool {
    catalog.site.covers == .local || catalog.books.values.contains { $0.localCoverFile != nil }
  }

  /// The covers processed, and a warning for each book whose image is none.
  package struct Result: Sendable {
    package var covers: LocalCovers
    package var warnings: [Diagnostic] = []
    /// Images decoded by this run (0 when every one was processed before).
    package var decoded = 0
  }

  /// One image to process and where it comes from.
  struct Image: Sendable {
    enum Origin: Sendable {
      /// A file of the site's folder (relative), named under `books.<key>`.
      case file(String)
      /// A source's image in the cache.
      case cached(url: String, SourceImage)
    }

    let key: String
    let origin: Origin
  }

  /// Processes every image a build of `records` shows (`fetched`: the sources' covers the cover
  /// fetch found in the cache, with `site.covers: local`). An image the memo knows, in a folder
  /// of the store that is as the memo found it, costs no file read; when every image is, and
  /// the memo knows no other, it is not written again.
  package func run(records: [CollectionRecords], fetched: FetchedCovers = FetchedCovers()) -> Result {
    var result = Result(covers: LocalCovers(servesSourceCovers: catalog.site.covers == .local))
    let images = plan(fetched: fetched)
    // Processing is kept in the cache folder: marked as bookgen's, as a fetch marks it.
    if !images.isEmpty { try? ResponseCache(directory: catalog.cacheDirectory).claimFolder() }
    let known = fetched.memo ?? (images.isEmpty ? CoverMemo() : store.memo())
    let unchanged = store.unchangedFolders(in: known)
    let outcomes = Parallel.map(count: images.count, minimumChunk: 1) { index in
      outcome(of: images[index], known: known, unchanged: unchanged)
    }
    result.covers.covers.reserveCapacity(images.count)
    var remembered = true
    var digests: Set<UInt64> = []
    digests.reserveCapacity(images.count)
    var files: [String: CoverMemo.File] = [:]
    var failed: [(image: Image, reason: String)] = []
    for (image, outcome) in zip(images, outcomes) {
      remembered = remembered && outcome.remembered
      if outcome.decoded { result.decoded += 1 }
      if case .file(let path) = image.origin, let read = outcome.read { files[path] = read }
      if let digest = outcome.digest { digests.insert(digest) }
      switch outcome.kept.entry {
      case .processed(let cover): result.covers.covers[image.key] = cover
      case .failed(let reason): failed.append((image, reason))
      }
    }
    if !failed.isEmpty { result.warnings = warnings(failed, records: records) }
    // Every entry the memo's as it knows it, and nothing else: it holds what this build showed.
    var entries = known.covers
    if !remembered || fetched.read || digests.count != known.covers.count || files.count != known.files.count
      || fetched.sources.count != known.sources.count || fetched.entryFolders != known.entryFolders
    {
      var memo = CoverMemo(sources: fetched.sources, entryFolders: fetched.entryFolders)
      memo.files = files
      memo.covers.reserveCapacity(digests.count)
      for outcome in outcomes { if let digest = outcome.digest { memo.covers[digest] = outcome.kept } }
      memo.folders = store.folderStamps(of: memo.covers.keys)
      try? store.keep(memo)
      entries = memo.covers
    }
    // The store's 256 folders' paths made once: the output asks for every cover's files.
    let (store, kept, folders) = (store, entries, store.folders)
    result.covers.files = { cover in
      guard let digest = CoverStore.digest(ofName: cover.name), let entry = kept[digest] else {
        throw CacheError.corrupt(path: store.path(of: cover.name), reason: "not a cover this build processed")
      }
      return store.files(of: cover, kept: entry, folder: folders[Int(CoverStore.folder(of: digest))])
    }
    return result
  }

  /// The images to process, each once, in catalog order: the owner's files, then the sources'
  /// the cache holds.
  func plan(fetched: FetchedCovers) -> [Image] {
    var images: [Image] = []
    var files: Set<String> = []
    for (_, entry) in catalog.books.sorted(by: { $0.key < $1.key }) {
      guard let file = entry.localCoverFile, files.insert(file).inserted else { continue }
      images.append(Image(key: LocalCovers.key(file: file), origin: .file(file)))
    }
    images.reserveCapacity(images.count + fetched.images.count)
    for (url, image) in fetched.images {
      guard let image else { continue }
      images.append(Image(key: LocalCovers.key(url: url), origin: .cached(url: url, image)))
    }
    return images
  }

  /// A warning for each book that would show one of the `failed` images: located at its
  /// `books:` key, or named by its title and id. Who shows an image is looked for only here:
  /// nearly every build has no image that fails.
  func warnings(_ failed: [(image: Image, reason: String)], records: [CollectionRecords]) -> [Diagnostic] {
    var shown: [String: [Subject]] = [:]
    for (image, _) in failed { if case .cached(let url, _) = image.origin { shown[url] = [] } }
    if !shown.isEmpty {
      let owned = ownerCoverKeys
      for collection in records {
        for record in collection.records {
          guard let url = sourceURL(of: record, owned), shown[url] != nil else { continue }
          shown[url]?.append(.record(record))
        }
      }
    }
    let keys = catalog.books.keys.sorted()
    var warnings: [Diagnostic] = []
    for (image, reason) in failed {
      let books: [Subject]
      switch image.origin {
      case .file(let path):
        books = keys.filter { catalog.books[$0]?.localCoverFile == path }.map(Subject.entry)
      case .cached(let url, _): books = shown[url] ?? []
      }
      for book in books {
        let message =
          "\(book.text): \(Self.shown(image)) cannot be used (\(reason)); the book shows its title card"
        var place: CatalogPlace?
        if case .entry(let key) = book { place = catalog.places.books[key] }
        warnings.append(place?.warning(message) ?? .warning(message))
      }
    }
    return warnings
  }

  /// The `books:` keys whose entry gives a cover of the owner's: an image file or an address.
  var ownerCoverKeys: Set<String> {
    Set(catalog.books.filter { $0.value.localCoverFile != nil || $0.value.overrides.cover != nil }.keys)
  }

  /// The URL of the image `record`'s book shows from a source, as the site model looks it up:
  /// the owner's address when its entry (by id, else by an ISBN, as the site finds it) gives
  /// one, none when the entry names an image file, else the record's own cover.
  func sourceURL(of record: BookRecord, _ owned: Set<String>) -> String? {
    let books = catalog.books
    guard !owned.isEmpty,
      let entry = books[record.id] ?? record.matchingISBNs.lazy.compactMap({ books[$0] }).first
    else { return LocalCovers.sourceURL(of: record) }
    if entry.localCoverFile != nil { return nil }
    return entry.overrides.cover.map(LocalCovers.sourceURL(image:)) ?? LocalCovers.sourceURL(of: record)
  }

  /// A book that shows an image, as warnings name it: by its `books:` key, or its record. Made
  /// into words only for a warning.
  enum Subject: Sendable {
    case entry(String)
    case record(BookRecord)

    var text: String {
      switch self {
      case .entry(let key): "the cover of '\(key)'"
      case .record(let record): CoverStage.subject(of: record)
      }
    }
  }

  /// `the cover of 'Dune' (zyTCAlFPjgYC)`.
  static func subject(of record: BookRecord) -> String {
    let title = record.title.map { "'\($0.count > 60 ? $0.prefix(57) + "..." : $0)' " } ?? ""
    return "the cover of \(title)(\(record.id))"
  }

  /// The image as messages name it: the file, or its URL without any key.
  static func shown(_ image: Image) -> String {
    switch image.origin {
    case .file(let path): "'\(path)'"
    case .cached(let url, _): "the image \(CoverSource.redacted(url))"
    }
  }

  /// What processing gave an image, and what was read to find out.
  struct Outcome {
    /// The digest the entry's name spells; nil when the image could not even be read (`kept`
    /// says why).
    var digest: UInt64?
    var kept: CoverStore.Kept
    /// Whether it was decoded now.
    var decoded = false
    /// What the owner's image file held, for the memo.
    var read: CoverMemo.File?
    /// Whether the memo gave both the entry and what the image file held.
    var remembered = false
  }

  /// What processing `image` gives: from the memo or the store when it was processed before,
  /// else made now (and stored).
  private func outcome(of image: Image, known: CoverMemo, unchanged: Set<UInt8>) -> Outcome {
    var bytes: [UInt8]?
    var read: CoverMemo.File?
    let digest: UInt64
    switch image.origin {
    case .file(let path):
      do {
        let file = try identify(path, known: known)
        (read, bytes) = (file.entry, file.bytes)
        digest = CoverStore.digest(
          digest: file.entry.digest, length: file.entry.length, version: version, widths: widths)
      } catch {
        // Nothing of it goes into the memo.
        return Outcome(kept: CoverStore.Kept(entry: .failed(error.reason)), remembered: true)
      }
    case .cached(_, let source):
      digest = CoverStore.digest(
        digest: source.digest, length: source.length, version: version, widths: widths)
    }
    if let kept = known.covers[digest], unchanged.contains(CoverStore.folder(of: digest)) {
      return Outcome(digest: digest, kept: kept, read: read, remembered: bytes == nil)
    }
    let name = HexText.lowercase(digest)
    if let kept = store.kept(name) { return Outcome(digest: digest, kept: kept, read: read) }
    switch image.origin {
    case .file(let path) where bytes == nil:
      do {
        bytes = try FileFence(folder: catalog.directory, name: "the site's folder").read(
          path, limit: CatalogRules.coverFileLimit)
      } catch {
        return Outcome(kept: CoverStore.Kept(entry: .failed(error.reason)))
      }
    case .cached(let url, _):
      guard let entry = try? ResponseCache(directory: catalog.cacheDirectory).load(CoverRequest(url: url))
      else {
        return Outcome(kept: CoverStore.Kept(entry: .failed("its cache entry cannot be read")))
      }
      bytes = Array(entry.body)
    case .file: break
    }
    var outcome = Outcome(
      digest: digest, kept: CoverStore.Kept(entry: .failed("")), decoded: true, read: read)
    do {
      let processed = try process(bytes ?? [], widths)
      do {
        outcome.kept = try store.store(processed, name: name)
      } catch {
        // Its files are not where the output takes them from: the title card, and the next
        // build makes it again.
        outcome.digest = nil
        outcome.kept = CoverStore.Kept(entry: .failed("it cannot be kept in the cache (\(error))"))
      }
    } catch {
      outcome.kept = CoverStore.Kept(entry: .failed(error.description))
      try? store.storeFailure(error.description, name: name)
    }
    return outcome
  }

  /// What the image file at `path` holds: as `known` remembers it when the file's stamp (taken
  /// when the catalog was loaded) is the one remembered, else read and hashed now (`bytes`).
  private func identify(_ path: String, known: CoverMemo) throws(FileReadError) -> (
    entry: CoverMemo.File, bytes: [UInt8]?
  ) {
    let fence = FileFence(folder: catalog.directory, name: "the site's folder")
    var stamp = catalog.coverFileStamps[path]
    if stamp == nil { stamp = try fence.check(path, limit: CatalogRules.coverFileLimit) }
    if let entry = known.files[path], entry.stamp == stamp { return (entry, nil) }
    let read = try fence.readStamped(path, limit: CatalogRules.coverFileLimit)
    let digest = read.bytes.withUnsafeBufferPointer { XXH64.hash($0) }
    return (CoverMemo.File(stamp: read.stamp, digest: digest, length: read.bytes.count), read.bytes)
  }
}

extension CoverStage {
  /// One line per image file the owner names — path, size and modification time — sorted: part
  /// of what a build read, so that editing a cover file is a change an up-to-date check sees.
  /// The stamps the catalog took when it was loaded, so no file is looked at again.
  package static func fileIdentity(of catalog: Catalog) -> [String] {
    let files = Set(catalog.books.values.compactMap(\.localCoverFile))
    return files.sorted().map { file in
      guard let stamp = catalog.coverFileStamps[file] ?? FileStamp.of(catalog.directory + "/" + file) else {
        return "cover \(file) missing"
      }
      return "cover \(file) \(stamp.size) \(stamp.modified) \(stamp.changed) \(stamp.inode)"
    }
  }
}
