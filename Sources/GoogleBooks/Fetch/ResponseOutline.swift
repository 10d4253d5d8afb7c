import Support

/// What decoding a page of search results gave, item by item, without the volumes themselves:
/// each kept item as the digest and length of its JSON (its entry in the `VolumeMemo`), each
/// skipped one as its note. Kept by the memo under the digest and length of the whole body and
/// the `maxItems` it was read with, so a rebuild that meets the very same body again serves it
/// from the memo's entries without reading its JSON at all (skipping every item for its digest
/// was a second pass over every cached byte).
struct ResponseOutline: Equatable {
  enum Item: Equatable {
    case volume(digest: UInt64, length: Int)
    case skipped(id: String?, reason: String)
  }

  var items: [Item]
  var ignoredItems: Int

  /// The memo's key for a body of `length` bytes with XXH64 `digest`, read with `maxItems`: the
  /// top bit set (a volume's key holds its length there, always below 2^63), `maxItems` + 1 (0
  /// for none) in bits 32–62 and the length below. A body is at most 64 MiB
  /// (`ResponseCache.entryLimit`: a larger one is never outlined), and it cannot hold 2^30 items,
  /// so clamping `maxItems` there keeps keys for different outcomes apart.
  static func key(digest: UInt64, length: Int, maxItems: Int?) -> StateKey? {
    guard length < 1 << 32 else { return nil }
    let items = maxItems.map { UInt64(min(max($0, 0), (1 << 30) - 2)) + 1 } ?? 0
    return StateKey(low: digest, high: 1 << 63 | items << 32 | UInt64(length))
  }

  static func isOutlineKey(_ key: StateKey) -> Bool { key.high >> 63 == 1 }

  /// The outline of a page decoded into `outcomes`, its items' JSON `lengths` long, whose
  /// volumes carry the digests of their JSON; nil when one does not.
  init?(_ outcomes: [ResponseBody.ItemOutcome], lengths: [Int], ignoredItems: Int) {
    var items: [Item] = []
    items.reserveCapacity(outcomes.count)
    for (outcome, length) in zip(outcomes, lengths) {
      switch outcome {
      case .success(let item):
        guard let digest = item.volume.sourceDigest else { return nil }
        items.append(.volume(digest: digest, length: length))
      case .failure(let note):
        items.append(.skipped(id: note.id, reason: note.reason))
      }
    }
    self.items = items
    self.ignoredItems = ignoredItems
  }

  init(items: [Item], ignoredItems: Int) {
    self.items = items
    self.ignoredItems = ignoredItems
  }

  /// The response the outline stands for, its volumes and notes from `memo`'s entries; nil when
  /// one of them is not there (the body is then decoded).
  func response(from memo: VolumeMemo) -> DecodedResponse? {
    var response = DecodedResponse(ignoredItems: ignoredItems)
    response.volumes.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      switch item {
      case .volume(let digest, let length):
        guard let entry = memo.entry(digest: digest, length: length) else { return nil }
        response.volumes.append(entry.volume)
        for note in entry.notes {
          response.notes.append(VolumeNote(index: index, id: entry.volume.id, reason: note))
        }
      case .skipped(let id, let reason):
        response.skipped.append(VolumeNote(index: index, id: id, reason: reason))
      }
    }
    return response
  }

  var encoded: [UInt8] {
    var writer = StateWriter(capacity: 16 + items.count * 12)
    writer.count(ignoredItems)
    writer.count(items.count)
    for item in items {
      switch item {
      case .volume(let digest, let length):
        writer.count(0)
        writer.fixed(digest)
        writer.count(length)
      case .skipped(let id, let reason):
        writer.count(1)
        writer.optional(id)
        writer.text(reason)
      }
    }
    return writer.bytes
  }

  /// The outline `bytes` encode; nil when they are not a whole one.
  init?(decoding bytes: ArraySlice<UInt8>) {
    var reader = StateReader(bytes)
    guard let ignored = reader.count(), let count = reader.count(atMost: bytes.count) else { return nil }
    var items: [Item] = []
    items.reserveCapacity(count)
    for _ in 0..<count {
      switch reader.count() {
      case 0:
        guard let digest = reader.fixed(), let length = reader.count() else { return nil }
        items.append(.volume(digest: digest, length: length))
      case 1:
        guard let id = reader.optional(), let reason = reader.text() else { return nil }
        items.append(.skipped(id: id, reason: reason))
      default:
        return nil
      }
    }
    guard reader.isAtEnd else { return nil }
    self.init(items: items, ignoredItems: ignored)
  }
}
