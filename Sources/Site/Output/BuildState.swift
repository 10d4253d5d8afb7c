import SearchIndex

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a build keeps for the next one beside the output (`.NAME.bookgen-state`, never inside
/// the deployed folder): each search document's analysis, by the digest of the document, so a
/// rebuild tokenises only the books whose search text changed.
///
/// Everything in it is keyed by content, so a state left from any earlier build of the same
/// bookgen can only save work, never change a byte of output; it is stamped with the tool's
/// version (a new bookgen analyses everything again) and written as it is made into a temporary
/// file renamed over the old one once the output is in place. A state that is missing,
/// unreadable, cut short, corrupt or another version's is ignored: that build analyses every
/// document, and replaces it.
struct BuildState: Sendable {
  /// The file's format: a new layout needs a new number (old files are then ignored).
  static let format = 1

  /// The books' derived fields' file's format (`BookMemoFile`).
  static let bookFormat = 1

  let path: String
  /// The stamp the file must carry: the format and the tool's version.
  let stamp: String
  /// Where the books' derived fields are kept (`.NAME.bookgen-books`), and its stamp.
  let booksPath: String
  let booksStamp: String

  init(folder: OutputFolder, toolVersion: String) {
    path = folder.state
    stamp = "bookgen build state \(BuildState.format) \(toolVersion)"
    booksPath = folder.bookState
    booksStamp = "bookgen book memo \(BuildState.bookFormat) \(toolVersion)"
  }

  /// The books' derived fields the last build kept; an empty memo when there are none it may use.
  func bookMemo() -> BookMemo {
    guard FileSystem.size(of: booksPath) != nil, let bytes = FileSystem.read(booksPath),
      let file = BookMemoFile(bytes: bytes, stamp: booksStamp)
    else { return BookMemo() }
    return BookMemo(previous: file)
  }

  /// Writes `memo`'s entries for the next build under a temporary name; `StagedFile.finish`
  /// puts them in place once the output is.
  func stage(_ memo: BookMemo) -> StagedFile {
    let staged = StagedFile(path: booksPath)
    staged.write(memo.nextFile(stamp: booksStamp))
    return staged
  }

  /// The analyses the last build kept; an empty store when there are none it may use.
  func searchAnalyses() -> SearchAnalysisStore {
    // Only a regular file: a FIFO or device in its place must not block the build.
    guard FileSystem.size(of: path) != nil, let bytes = FileSystem.read(path),
      let store = SearchAnalysisStore(serialized: bytes, stamp: stamp)
    else { return SearchAnalysisStore() }
    return store
  }

  /// The next state, written as the search index is made; `finish` puts it in place.
  func next() -> NextState { NextState(path: path, stamp: stamp) }
}

/// The state a build writes for the next, under `.tmp` until `finish`. A state that cannot be
/// written costs the next build time, never correctness: the old one is removed, the error dropped.
final class NextState {
  private let path: String
  private let temporary: String
  private var descriptor: Int32
  let analyses: SearchAnalysisStoreWriter
  private let sink: Sink

  /// Where the analyses' bytes go: a class the writer's closure holds, so the writer can be made
  /// before `self` is complete.
  private final class Sink {
    var descriptor: Int32 = -1
    var failed = false

    func write(_ bytes: [UInt8]) {
      guard !failed, descriptor >= 0 else { return }
      failed = bytes.withUnsafeBytes { FileSystem.write(descriptor, $0) } != nil
    }
  }

  init(path: String, stamp: String) {
    self.path = path
    temporary = path + ".tmp"
    try? FileSystem.remove(temporary)
    descriptor = FileSystem.createFile(temporary)
    let sink = Sink()
    sink.descriptor = descriptor
    sink.failed = descriptor < 0
    self.sink = sink
    analyses = SearchAnalysisStoreWriter(stamp: stamp) { sink.write($0) }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// Puts the state in place of the last one (or removes both when it could not be written).
  func finish() {
    let closed = descriptor >= 0 && close(descriptor) == 0
    descriptor = -1
    if !closed || sink.failed || (try? FileSystem.rename(temporary, path)) == nil {
      try? FileSystem.remove(temporary)
      try? FileSystem.remove(path)
    }
  }
}

/// A state file written whole under `.tmp`, put in place by `finish`. One that cannot be written
/// costs the next build time, never correctness: the old one is removed, the error dropped.
package final class StagedFile: Sendable {
  private let path: String
  private let temporary: String

  init(path: String) {
    self.path = path
    temporary = path + ".tmp"
  }

  package func write(_ bytes: [UInt8]) {
    try? FileSystem.remove(temporary)
    let written = bytes.withUnsafeBytes { FileSystem.create(temporary, $0) } == nil
    if !written { try? FileSystem.remove(temporary) }
  }

  /// Writes what `produce` hands its sink, a chunk at a time.
  package func write(streaming produce: (@escaping ([UInt8]) -> Void) -> Void) {
    try? FileSystem.remove(temporary)
    let descriptor = FileSystem.createFile(temporary)
    guard descriptor >= 0 else { return }
    let failed = Flag()
    produce { chunk in
      guard !failed.value else { return }
      failed.value = chunk.withUnsafeBytes { FileSystem.write(descriptor, $0) } != nil
    }
    if close(descriptor) != 0 || failed.value { try? FileSystem.remove(temporary) }
  }

  private final class Flag: @unchecked Sendable {
    var value = false
  }

  /// Puts the file in place of the last one (or removes both when it could not be written).
  package func finish() {
    if FileSystem.size(of: temporary) == nil || (try? FileSystem.rename(temporary, path)) == nil {
      try? FileSystem.remove(temporary)
      try? FileSystem.remove(path)
    }
  }
}

extension OutputFolder {
  /// The bytes of the Google Books volumes the last build kept (`VolumeMemo`'s file); none
  /// when there is no such regular file. What they are worth is the memo's to check.
  package func keptVolumes() -> [UInt8] {
    guard FileSystem.size(of: volumeState) != nil else { return [] }
    return FileSystem.read(volumeState) ?? []
  }

  /// What `produce` hands its sink written for the next build under a temporary name, put in
  /// place by `finish`.
  package func stageVolumes(_ produce: (@escaping ([UInt8]) -> Void) -> Void) -> StagedFile {
    let staged = StagedFile(path: volumeState)
    staged.write(streaming: produce)
    return staged
  }
}
