/// Google's links arrive as `http://`; the same hosts answer on https, which avoids mixed content.
public enum GoogleLink {
  /// `value` with `http://` replaced by `https://` when the host is Google's; anything else as is.
  public static func upgraded(_ value: String) -> String {
    var value = value
    return value.withUTF8 { bytes in
      guard bytes.count > 7, bytes.starts(with: "http://".utf8) else { return nil }
      var hostEnd = 7
      while hostEnd < bytes.count {
        switch bytes[hostEnd] {
        case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: ":"): break
        default:
          hostEnd += 1
          continue
        }
        break
      }
      guard isGoogleHost(UnsafeBufferPointer(rebasing: bytes[7..<hostEnd])) else { return nil }
      return "https://" + String(decoding: UnsafeBufferPointer(rebasing: bytes[7...]), as: UTF8.self)
    } ?? value
  }

  /// `*.google.com`, `*.google.<cc>` (also `co.<cc>` / `com.<cc>`), `*.googleapis.com`,
  /// `*.googleusercontent.com`.
  public static func isGoogleHost(_ host: String) -> Bool {
    var host = host
    return host.withUTF8 { isGoogleHost($0) }
  }

  static func isGoogleHost(_ host: UnsafeBufferPointer<UInt8>) -> Bool {
    // Lowercased labels, compared as bytes: this runs for every link of every volume.
    var labels: [ArraySlice<UInt8>] = []
    let lowered = host.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
    labels = lowered.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard labels.count >= 2, !labels.contains(where: \.isEmpty) else { return false }
    let last = labels[labels.count - 1]
    let secondLast = labels[labels.count - 2]
    if last.elementsEqual("com".utf8),
      secondLast.elementsEqual("googleapis".utf8) || secondLast.elementsEqual("googleusercontent".utf8)
    {
      return true
    }
    guard let google = labels.lastIndex(where: { $0.elementsEqual("google".utf8) }) else { return false }
    let suffix = labels[(google + 1)...]
    switch suffix.count {
    case 1:
      return suffix.first!.elementsEqual("com".utf8) || suffix.first!.count == 2
    case 2:
      let first = suffix.first!
      return (first.elementsEqual("co".utf8) || first.elementsEqual("com".utf8)) && suffix.last!.count == 2
    default:
      return false
    }
  }
}
