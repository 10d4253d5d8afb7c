import Catalog
import Foundation
import Testing

import struct Catalog.Collection
import enum Catalog.SortOrder

@testable import GoogleBooks
@testable import Site

/// Small hand-made volumes and catalogs for the Site tests.
enum Fixtures {
  static func volume(
    _ id: String, title: String? = nil, authors: [String] = [], date: String? = nil,
    categories: [String] = [], isbn13: String? = nil, isbn10: String? = nil, publisher: String? = nil,
    language: String? = "en", description: String? = nil
  ) -> Volume {
    var identifiers: [IndustryIdentifier] = []
    if let isbn13 { identifiers.append(IndustryIdentifier(type: "ISBN_13", identifier: isbn13)) }
    if let isbn10 { identifiers.append(IndustryIdentifier(type: "ISBN_10", identifier: isbn10)) }
    return Volume(
      id: id,
      volumeInfo: VolumeInfo(
        title: title, authors: authors, publisher: publisher, publishedDate: date, description: description,
        industryIdentifiers: identifiers, categories: categories, language: language))
  }

  static func catalog(
    _ collections: [Collection], books: [String: BookEntry] = [:], language: String = "en",
    baseURL: String = "https://example.org/", perPage: Int = 24
  ) -> Catalog {
    // Every kind of page, even for one book: the tests that use it pin how each kind is built.
    Catalog(
      site: SiteSettings(
        title: "Shelf", baseURL: baseURL, language: language, booksPerPage: perPage,
        indexPages: Set(IndexPage.allCases), indexMinBooks: 1, opdsAllBooks: true),
      collections: collections, books: books)
  }

  static func collection(_ slug: String, sort: SortOrder = .api) -> Collection {
    Collection(title: slug.capitalized, slug: slug, sort: sort)
  }

  /// A model from `(slug, volumes)` pairs with default collections.
  static func model(
    _ collections: [(String, [Volume])], sort: SortOrder = .api, books: [String: BookEntry] = [:]
  ) throws -> SiteModel {
    let catalog = catalog(collections.map { collection($0.0, sort: sort) }, books: books)
    return try SiteModel(
      catalog: catalog, collections: collections.map { SiteInput.Collection(slug: $0.0, volumes: $0.1) })
  }

  /// A fresh temporary folder; remove it with `FileManager.default.removeItem` in a `defer`.
  static func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "bookgen-site-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Every file below `root`, relative, sorted; bookgen's bookkeeping next to an output (its
  /// manifests and lock file) is left out, as it is not part of any site.
  static func files(in root: String) -> [String] {
    (FileManager.default.subpaths(atPath: root) ?? []).filter { path in
      var isFolder: ObjCBool = false
      let bookkeeping = path.split(separator: "/").contains {
        $0.hasSuffix(".bookgen-manifests") || $0.hasSuffix(".bookgen-lock")
      }
      return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
        && !isFolder.boolValue && !bookkeeping
    }.sorted()
  }

  /// Expects `folder` to hold exactly the files of `fresh`, byte for byte.
  static func expectSameFiles(
    _ folder: String, as fresh: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let files = files(in: fresh)
    #expect(Fixtures.files(in: folder) == files, sourceLocation: sourceLocation)
    for file in files {
      #expect(
        FileManager.default.contents(atPath: folder + "/" + file)
          == FileManager.default.contents(atPath: fresh + "/" + file), "\(file)",
        sourceLocation: sourceLocation)
    }
  }

  /// The manifest bookgen keeps for the output `output`, when it describes it.
  static func manifest(of output: String) -> OutputManifest? {
    (try? OutputFolder(path: output))?.currentManifest()
  }

  /// The file holding that manifest.
  static func manifestFile(of output: String) -> String? {
    (try? OutputFolder(path: output))?.manifest
  }

  /// Inode and modification time of every file below `root` (manifests included): equal
  /// snapshots mean no file was rewritten or replaced.
  static func fileIdentities(in root: String) -> [String: FileIdentity] {
    var result: [String: FileIdentity] = [:]
    for path in FileManager.default.subpaths(atPath: root) ?? [] {
      var info = stat()
      guard lstat(root + "/" + path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
      let time = info.st_mtim
      result[path] = FileIdentity(
        inode: UInt64(info.st_ino), seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
    }
    return result
  }

  struct FileIdentity: Equatable, CustomStringConvertible {
    var inode: UInt64
    var seconds: Int
    var nanoseconds: Int

    var description: String { "inode \(inode) mtime \(seconds).\(nanoseconds)" }
  }
}

extension SiteInput.Collection {
  /// The collection of these volumes, made records by Google's own mapping (as a build does).
  init(slug: String, volumes: [Volume]) {
    self.init(slug: slug, records: volumes.map(\.record))
  }
}

extension DiscoveryFiles {
  /// Every discovery file of the site and its search index, as the build writes them.
  static func render(
    model: SiteModel, jobs: [PageJob], settings: SiteSettings, urls: SiteURLs, strings: UIStrings,
    options: DiscoveryOptions
  ) -> [DiscoveryFile] {
    let facts = BookFacts.all(model: model, urls: urls)
    var files: [DiscoveryFile] = []
    forEachFile(
      model: model, jobs: jobs, settings: settings, urls: urls, strings: strings, options: options,
      facts: facts
    ) { files.append($0) }
    SiteSearch.forEachFile(model: model, facts: facts, strings: strings) { files.append($0) }
    return files
  }
}

extension DiscoveryFile {
  var text: String { String(decoding: bytes, as: UTF8.self) }
}
