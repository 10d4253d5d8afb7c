import BookRecord

extension OutputUpdate {
  /// Places the files of the processed covers the books show (`covers/<name>-<width>.webp` and
  /// `.jpg`). Their names are content addresses, so a file the output holds already is kept
  /// without being read or hashed; a new one is taken from the cache's folder (`files`), where
  /// it has the same name, linked where it can be.
  func placeCovers(_ covers: [LocalCover], files: @Sendable (LocalCover) throws -> LocalCover.Files)
    throws(SiteError) -> PageWriter.Tally
  {
    var tally = PageWriter.Tally()
    guard !covers.isEmpty else { return tally }
    try makeParentFolders(of: "covers/")
    let links = FolderLinks(folder: root + "/covers", current: source + "/covers")
    tally.entries.reserveCapacity(covers.count * 3)
    for cover in covers {
      var kept: LocalCover.Files?
      for (width, format) in CoverSlot.files(of: cover) {
        let path = cover.path(width: width, format: format)
        if let entry = try keep(path, links: links) {
          tally.add(path, (entry, .unchanged))
          continue
        }
        if kept == nil {
          do {
            kept = try files(cover)
          } catch {
            throw .io(operation: "read", path: "the processed cover \(cover.name)", reason: "\(error)")
          }
        }
        guard let kept, let file = kept.files.first(where: { $0.width == width && $0.format == format })
        else {
          throw .io(operation: "read", path: path, reason: "the processed cover \(cover.name) lacks it")
        }
        tally.add(
          path,
          try place(
            path, from: kept.folder, as: OutputManifest.Entry(hash: file.hash, size: file.size), links: links)
        )
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

  /// The processed covers the books show, each once, in the books' order.
  var localCovers: [LocalCover] {
    var seen: Set<String> = []
    seen.reserveCapacity(books.count)
    return books.compactMap { book in book.localCover.flatMap { seen.insert($0.name).inserted ? $0 : nil } }
  }
}
