/// One file the discovery stage adds to the output: a path relative to the output folder
/// (`/`-separated, not percent-encoded) and its bytes.
struct DiscoveryFile: Sendable, Equatable {
  let path: String
  let bytes: [UInt8]
}
