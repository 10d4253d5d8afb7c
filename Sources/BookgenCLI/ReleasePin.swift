import Foundation
import Support

/// What a CI workflow written by `bookgen init --ci` installs: this bookgen's release, and the
/// SHA-256 of this very executable, which the workflow checks before it runs the downloaded one.
///
/// The digest of the binary, not the archive's published `.sha256`: bookgen computes it from
/// itself without a network, and a release whose archive and `.sha256` were both replaced
/// still fails the check, because the pin comes from the binary the owner already runs.
struct ReleasePin: Sendable, Equatable {
  /// `owner/name` on GitHub; nil when this build does not know where it is released from.
  var repository: String?
  var version: String
  /// 64 lowercase hex digits.
  var sha256: String

  /// The placeholder a workflow carries when the repository is unknown; its install step
  /// refuses to run until it is set.
  static let unknownRepository = "OWNER/bookgen"

  /// This bookgen: its version, the repository its build recorded, and its executable's digest.
  static func current(executable: String) throws -> ReleasePin {
    ReleasePin(
      repository: BuildInfo.repository.isEmpty ? nil : BuildInfo.repository, version: BookgenCLI.version,
      sha256: try digest(of: executable))
  }

  /// SHA-256 of the file at `path`, read a megabyte at a time.
  static func digest(of path: String) throws -> String {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
    }
    defer { try? handle.close() }
    var hasher = SHA256()
    while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
      hasher.update(chunk)
    }
    return HexText.lowercase(hasher.finalize())
  }
}
