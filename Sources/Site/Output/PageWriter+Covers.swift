import BookRecord

extension PageWriter {
  /// Places the files of the processed covers the books show (`covers/<name>-<width>.webp` and
  /// `.jpg`). Their names are content addresses, so a file the output holds already is kept
  /// without being read or hashed; a cover's bytes are read (from the cache) only when one of
  /// its files is new.
  func writeCovers(_ covers: [LocalCover], files: @Sendable (LocalCover) throws -> [LocalCover.Files])
    throws(SiteError) -> Tally
  {
    var tally = Tally()
    guard !covers.isEmpty else { return tally }
    try update.makeParentFolders(of: "covers/")
    for cover in covers {
      var missing: [String: LocalCover.Format] = [:]
      for (width, format) in CoverSlot.files(of: cover) {
        let path = cover.path(width: width, format: format)
        if let entry = try update.keep(path) {
          tally.add(path, (entry, .unchanged))
        } else {
          missing[path] = format
        }
      }
      guard !missing.isEmpty else { continue }
      let made: [LocalCover.Files]
      do {
        made = try files(cover)
      } catch {
        throw .io(operation: "read", path: "the processed cover \(cover.name)", reason: "\(error)")
      }
      for file in made {
        for (format, bytes) in [(LocalCover.Format.webp, file.webp), (.jpeg, file.jpeg)] {
          let path = cover.path(width: file.width, format: format)
          guard missing[path] != nil else { continue }
          missing[path] = nil
          tally.add(
            path, try bytes.withSiteBytes { buffer throws(SiteError) in try update.place(path, buffer) })
        }
      }
      if let path = missing.keys.sorted().first {
        throw .io(operation: "read", path: path, reason: "the processed cover \(cover.name) lacks it")
      }
    }
    return tally
  }
}

extension SiteModel {
  /// The processed covers the books show, each once, by name.
  var localCovers: [LocalCover] {
    var seen: Set<String> = []
    return books.compactMap(\.localCover).filter { seen.insert($0.name).inserted }.sorted {
      $0.name < $1.name
    }
  }
}
