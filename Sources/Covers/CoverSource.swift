import Fetching
import Support

/// A source's cover image, fetched once into the cache (`site.covers: local`).
struct CoverRequest: CachedRequest {
  /// The image's URL as the record gives it (`LocalCovers.sourceURL`); sources' cover URLs hold
  /// no key.
  let url: String

  /// The whole URL (covers come from many hosts, so the host is part of what names the entry),
  /// but for a key in it: that is replaced, and the whole URL's digest added.
  var canonical: String {
    let shown = CoverSource.redacted(url)
    guard shown != url else { return "cover " + url }
    var url = url
    return "cover \(shown) \(HexText.lowercase(url.withUTF8 { XXH64.hash($0) }))"
  }
}

/// Why a cover is fetched: the books that show it, in catalog order.
struct CoverPurpose: FetchPurpose {
  /// The first book's position in the site's records.
  let order: Int
  /// `cover of 'Dune' (zyTCAlFPjgYC)`.
  let subject: String
  /// A book without its cover shows its title card: nothing the build needs is lost.
  var fallback: String? { "its title card" }
  var isOptional: Bool { true }
}

/// What a cached image is to the fetch: its digest and length. The bytes stay in the cache
/// entry, read again only when the image is processed (holding every cover of a large site
/// would take gigabytes).
struct SourceImage: Sendable, Equatable {
  let digest: UInt64
  let length: Int

  init(digest: UInt64, length: Int) {
    self.digest = digest
    self.length = length
  }

  init(_ body: some Collection<UInt8>) {
    // Hashed where the bytes lie (a cache entry's slice, a response's array): no copy.
    digest =
      body.withContiguousStorageIfAvailable { XXH64.hash($0) }
      ?? Array(body).withUnsafeBufferPointer { XXH64.hash($0) }
    length = body.count
  }
}

/// Image hosts as a fetch source: any 2xx answer is an image to process (the processing judges
/// its bytes), 404 and 410 say the source has no image (remembered like any not-found), other
/// errors are retried or given up on as for the JSON APIs.
struct CoverSource: FetchSource {
  typealias Request = CoverRequest
  typealias Purpose = CoverPurpose
  typealias Decoded = SourceImage

  /// The hosts' name in messages (`cannot reach …`).
  let baseURL: String
  let settingNames: SourceSettingNames

  func url(for request: CoverRequest) -> String { request.url }
  func displayURL(for request: CoverRequest) -> String { CoverSource.redacted(request.url) }
  func scrubbed(_ text: String) -> String { CoverSource.redacted(text) }

  /// `text` with the value of any `key=` query parameter and anything shaped like a Google API
  /// key replaced: a cover URL the owner or a source gave could carry one.
  static func redacted(_ text: String) -> String {
    // Nearly every cover URL holds neither: it is given back as it is, found in its bytes.
    guard Self.holds("key=", in: text) || Self.holds("AIza", in: text) else { return text }
    var result = ""
    var rest = Substring(text)
    while let range = rest.range(of: "key=") {
      let before = rest[..<range.lowerBound]
      result += before + "key="
      rest = rest[range.upperBound...]
      if before.last == "?" || before.last == "&" {
        let value = rest.prefix { $0 != "&" && $0 != "#" && !$0.isWhitespace }
        if !value.isEmpty { result += "REDACTED" }
        rest = rest.dropFirst(value.count)
      }
    }
    result += rest
    guard result.contains("AIza") else { return result }
    var scrubbed = ""
    var remaining = Substring(result)
    while let range = remaining.range(of: "AIza") {
      scrubbed += remaining[..<range.lowerBound] + "REDACTED"
      remaining = remaining[range.upperBound...].drop {
        $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-")
      }
    }
    return scrubbed + remaining
  }

  /// Whether `text`'s bytes hold `needle`'s.
  private static func holds(_ needle: StaticString, in text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
      guard bytes.count >= pattern.count else { return false }
      return (0...(bytes.count - pattern.count)).contains { start in
        bytes[start] == pattern[0] && bytes[start..<(start + pattern.count)].elementsEqual(pattern)
      }
    }
  }

  func decodeCached(_ body: ArraySlice<UInt8>, for request: CoverRequest) -> SourceImage? {
    SourceImage(body)
  }

  func interpret(_ response: TransportResponse, for request: CoverRequest) -> Result<
    SourceImage, RequestFailure.Reason
  > {
    guard (200..<300).contains(response.status) else {
      return .failure(.http(status: response.status, error: nil))
    }
    return .success(SourceImage(response.body))
  }

  /// A busy host (429, a 5xx) or a lost connection may answer the next attempt.
  func isRetryable(_ reason: RequestFailure.Reason) -> Bool {
    switch reason {
    case .http(let status, _): return status == 429 || [500, 502, 503, 504].contains(status)
    case .transport(.timedOut), .transport(.connectionLost), .transport(.cannotConnect): return true
    case .transport, .invalidBody: return false
    }
  }

  func isNotFound(_ reason: RequestFailure.Reason, for request: CoverRequest) -> Bool {
    if case .http(let status, _) = reason { return status == 404 || status == 410 }
    return false
  }

  func hint(for reason: RequestFailure.Reason, purpose: CoverPurpose) -> String? { nil }

  func subject(of purpose: CoverPurpose) -> String { purpose.subject }

  func followUps(of request: CoverRequest, for purpose: CoverPurpose, answer: SourceImage)
    -> [(CoverRequest, CoverPurpose)]
  { [] }

  func pendingSummary(_ purposes: [CoverPurpose]) -> String {
    purposes.count == 1 ? "1 cover still to fetch" : "\(purposes.count) covers still to fetch"
  }

  func skippedSummary(_ purposes: [CoverPurpose]) -> String {
    purposes.count == 1
      ? "1 book's cover (its title card is shown)"
      : "\(purposes.count) books' covers (their title cards are shown)"
  }
}
