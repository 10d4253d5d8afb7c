import Foundation

/// URL path segments for collections.
public enum Slug {
  /// Lower-case ASCII letters and digits from `title`, other runs turned into one `-`;
  /// accents are folded (`Café` → `cafe`). Nil when nothing usable remains (e.g. a CJK title).
  public static func derive(from title: String) -> String? {
    let folded = title.folding(options: .diacriticInsensitive, locale: nil).lowercased()
    var slug = ""
    var pendingDash = false
    for scalar in folded.unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        if pendingDash, !slug.isEmpty { slug.append("-") }
        pendingDash = false
        slug.unicodeScalars.append(scalar)
      } else if scalar != "'" && scalar != "\u{2019}" {
        // Apostrophes vanish ("Owner's" → "owners"); everything else separates words.
        pendingDash = true
      }
    }
    return slug.isEmpty ? nil : slug
  }
}
