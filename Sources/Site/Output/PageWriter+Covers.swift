import BookRecord

extension PageWriter {
  /// Places the files of the processed covers the books show (`covers/<name>-<width>.webp` and
  /// `.jpg`). Their names are content addresses, so a file the output holds already is kept
  /// without being read or hashed; a new one is taken from where the cache keeps it (`files`),
  /// linked where it can be.
  func writeCovers(_ covers: [LocalCover], files: @Sendable (LocalCover) throws -> [LocalCover.File])
    throws(SiteError) -> Tally
  {
    var tally = Tally()
    guard !covers.isEmpty else { return tally }
    try update.makeParentFolders(of: "covers/")
    let links = FolderLinks()
    for cover in covers {
      var missing: [(path: String, width: Int, format: LocalCover.Format)] = []
      for (width, format) in CoverSlot.files(of: cover) {
        let path = cover.path(width: width, format: format)
        if let entry = try update.keep(path, links: links) {
          tally.add(path, (entry, .unchanged))
        } else {
          missing.append((path, width, format))
        }
      }
      guard !missing.isEmpty else { continue }
      let kept: [LocalCover.File]
      do {
        kept = try files(cover)
      } catch {
        throw .io(operation: "read", path: "the processed cover \(cover.name)", reason: "\(error)")
      }
      for (path, width, format) in missing {
        guard let file = kept.first(where: { $0.width == width && $0.format == format }) else {
          throw .io(operation: "read", path: path, reason: "the processed cover \(cover.name) lacks it")
        }
        tally.add(
          path,
          try update.place(
            path, from: file.path, as: OutputManifest.Entry(hash: file.hash, size: file.size), links: links))
      }
    }
    return tally
  }
}

extension SiteModel {
  /// The files of the processed covers the books show (`covers/…`), which no static file may
  /// take the place of.
  var localCoverPaths: [String] {
    localCovers.flatMap { cover in
      CoverSlot.files(of: cover).map { cover.path(width: $0.width, format: $0.format) }
    }
  }

  /// The processed covers the books show, each once, by name.
  var localCovers: [LocalCover] {
    var seen: Set<String> = []
    return books.compactMap(\.localCover).filter { seen.insert($0.name).inserted }.sorted {
      $0.name < $1.name
    }
  }
}
