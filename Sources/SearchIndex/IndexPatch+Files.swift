import Support

/// Patching the document groups and facet ranges the changed slots fall in (see `IndexPatch`).
extension IndexPatch {
  // MARK: Documents

  mutating func patchDocuments() -> Bool {
    let bits = SearchIndexWriter.documentGroupBits
    let groups = Set(changed.map { $0 >> bits }).sorted()
    let oldHashes = Dictionary(old.groups.map { ($0.group, $0.hash) }, uniquingKeysWith: { a, _ in a })
    var hashes = oldHashes
    let documentsFolder = folder + "d/"
    for group in groups {
      var file: [UInt8] = []
      for slot in (group << bits)..<((group + 1) << bits) where documentAt[slot] != nil {
        guard let result = result(at: slot) else { return false }
        DocumentGroups.append(result.record, slot: slot, to: &file)
      }
      guard !file.isEmpty else {
        hashes[group] = nil
        continue
      }
      DocumentGroups.close(&file)
      let made = SearchIndexFile(
        path: DocumentGroups.path(folder: documentsFolder, group: group), bytes: file)
      hashes[group] = made.hash
      made.hash == oldHashes[group] ? kept.append((made.path, made.hash)) : files.append(made)
    }
    summary.groups = hashes.sorted { $0.key < $1.key }.map {
      IndexSummary.Group(group: $0.key, hash: $0.value)
    }
    let changedGroups = Set(groups)
    for group in summary.groups where !changedGroups.contains(group.group) {
      kept.append((DocumentGroups.path(folder: documentsFolder, group: group.group), group.hash))
    }
    return true
  }

  // MARK: Facets

  mutating func patchFacets() -> Bool {
    let kinds = options.facets.count
    var tables = old.tables
    let places: [[String: Int]] = tables.map { table in
      Dictionary(table.enumerated().map { ($1.value, $0) }, uniquingKeysWith: { a, _ in a })
    }
    for slot in changed {
      for (facets, step) in [(oldResult(at: slot)?.facets, -1), (analyses[slot]?.result.facets, 1)] {
        guard let facets else { continue }
        for kind in 0..<kinds {
          for value in kind < facets.count ? facets[kind] : [] {
            // A value spelled otherwise than the table (`e` + U+0301 for `é`) may change which
            // spelling the table shows: only a full build knows (the last build's every
            // document spelled each value alike, or it kept no summary).
            guard let place = places[kind][value], tables[kind][place].value.utf8.elementsEqual(value.utf8)
            else { return false }
            tables[kind][place].count += step
          }
        }
      }
    }
    // A value gone or new renumbers its facet: every file changes.
    guard tables.allSatisfy({ $0.allSatisfy { $0.count > 0 } }) else { return false }
    summary.tables = tables
    let widths = FacetIndex.widths(tables.map(\.count))
    let rangeBits = old.rangeBits
    let ranges = Set(changed.map { $0 >> rangeBits })
    let oldNames = old.names.facets
    var made: [Int: [UInt8]] = [:]
    for range in ranges.sorted() {
      var members: [(slot: Int, values: [[Int]])] = []
      let start = range << rangeBits
      for slot in start..<(start + (1 << rangeBits)) where documentAt[slot] != nil {
        guard let facets = result(at: slot)?.facets else { return false }
        members.append(
          (
            slot,
            (0..<kinds).map { kind in (kind < facets.count ? facets[kind] : []).map { places[kind][$0]! } }
          ))
      }
      guard range < summary.facetFiles.count else { return false }
      let bytes = FacetIndex.file(widths: widths, rangeBits: rangeBits, start: start, documents: members)
      summary.facetFiles[range] = bytes.map { XXH64.hash($0) }
      if let bytes { made[range] = bytes }
    }
    let names = summary.names
    for (range, hash) in summary.facetFiles.enumerated() {
      guard let hash else { continue }
      let path = folder + "f/" + names.facets[range] + ".bin"
      if let bytes = made[range], old.facetFiles[range] != hash {
        files.append(SearchIndexFile(path: path, bytes: bytes))
      } else {
        guard names.facets[range] == oldNames[range] else { return false }
        kept.append((path, hash))
      }
    }
    guard names.values == old.names.values else { return false }
    kept.append((folder + "f/" + names.values + ".json", old.valuesHash))
    return true
  }
}
