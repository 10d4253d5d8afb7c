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
    staged.write { memo.writeNext(stamp: booksStamp, unlessRepeating: true, to: $0) }
    return staged
  }

  /// The analyses the last build kept, read from the file as they are used (it stays open while
  /// the store is held: the search stage); an empty store when there are none it may use. Only
  /// a regular file: a FIFO or device in its place must not block the build, nor a link be
  /// followed.
  func searchAnalyses() -> SearchAnalysisStore {
    SearchAnalysisStore(reading: path, stamp: stamp) ?? SearchAnalysisStore()
  }

  /// The next state, written as the search index is made; `finish` puts it in place.
  func next() -> NextState { NextState(path: path, stamp: stamp) }
}

/// The state a build writes for the next, written as the search index is made (`analyses`);
/// `finish` puts it in place.
final class NextState {
  let analyses: SearchAnalysisStoreWriter
  private let file: StagedFile

  init(path: String, stamp: String) {
    let file = StagedFile(path: path)
    file.open()
    self.file = file
    analyses = SearchAnalysisStoreWriter(stamp: stamp) { file.append($0) }
  }

  /// Puts the state in place of the last one (or removes both when it could not be written, or
  /// the analyses were abandoned).
  func finish() {
    if analyses.abandoned { file.abandon() }
    file.finish()
  }
}

/// A state file written under `.tmp`, whole or a chunk at a time, and put in place by `finish`.
/// One that cannot be written costs the next build time, never correctness: the old one is
/// removed, the error dropped. Used by one task at a time: made, written, then finished.
package final class StagedFile: @unchecked Sendable {
  private let path: String
  private let temporary: String
  private var descriptor: Int32 = -1
  private var failed = false
  /// Whether the last file stays as it is: `finish` neither replaces nor removes it.
  private var keepsLast = false
  /// Whether `finish` ran or nothing is left under the temporary name. One let go of before
  /// (its build failed after it was staged) removes its temporary file and leaves the last one
  /// as it was: that build's output was not put in place either.
  private var settled = true

  init(path: String) {
    self.path = path
    temporary = path + ".tmp"
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
    if !settled { try? FileSystem.remove(temporary) }
  }

  /// Starts the temporary file, empty; `append` adds to it.
  func open() {
    try? FileSystem.remove(temporary)
    descriptor = FileSystem.createFile(temporary)
    failed = descriptor < 0
    settled = false
  }

  /// Adds `bytes` to the temporary file (nothing once a write has failed).
  func append(_ bytes: [UInt8]) {
    guard !failed, descriptor >= 0 else { return }
    failed = bytes.withUnsafeBytes { FileSystem.write(descriptor, $0) } != nil
  }

  package func write(_ bytes: [UInt8]) {
    open()
    append(bytes)
  }

  /// Writes what `produce` hands its sink, a chunk at a time. When it returns false, having
  /// written nothing because the last file already holds those very bytes, the temporary file
  /// is removed and `finish` keeps the last one (not rewritten: its bytes are not copied again).
  package func write(streaming produce: (@escaping ([UInt8]) -> Void) -> Bool) {
    open()
    guard !produce({ self.append($0) }) else { return }
    if descriptor >= 0 { close(descriptor) }
    descriptor = -1
    try? FileSystem.remove(temporary)
    keepsLast = true
    settled = true
  }

  /// Marks the file as not to be kept: `finish` removes it (and the last one).
  func abandon() { failed = true }

  /// Puts the file in place of the last one (or removes both when it could not be written).
  package func finish() {
    guard !keepsLast else { return }
    settled = true
    let closed = descriptor >= 0 && close(descriptor) == 0
    descriptor = -1
    if !closed || failed || (try? FileSystem.rename(temporary, path)) == nil {
      try? FileSystem.remove(temporary)
      try? FileSystem.remove(path)
    }
  }
}
