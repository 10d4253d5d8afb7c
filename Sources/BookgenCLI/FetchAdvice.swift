import Diagnostics
import Fetching
import GoogleBooks

/// What to do next when a fetch gets nothing from Google for want of a key or of a network,
/// said once after the fetch stage's errors: how to get an API key, and for a site with
/// nothing cached yet (a new site's first build) the example site, which needs neither.
struct FetchAdvice: Error, Diagnosable {
  let underlying: FetchError
  let advice: [String]

  /// The fetch's errors, the advice under the last.
  var diagnostics: [Diagnostic] {
    var diagnostics = underlying.diagnostics
    if let last = diagnostics.indices.last { diagnostics[last].details += advice }
    return diagnostics
  }

  /// `error` with the advice that fits it, or `error` itself when none does.
  static func wrap(_ error: FetchError, keyVariable: String, hasKey: Bool, nothingCached: Bool) -> any Error {
    var advice: [String] = []
    switch error {
    case .requestsFailed(var failures):
      guard !hasKey, failures.contains(where: \.isRateLimit) else { return error }
      // The steps below replace each 429's one-line hint to set the key variable.
      for index in failures.indices where failures[index].isRateLimit { failures[index].hint = nil }
      advice = keySteps(
        keyVariable,
        after: "Google Books refuses most requests without an API key. To get one (free, about 1,000 a day):")
      if nothingCached { advice.append(example) }
      return FetchAdvice(underlying: .requestsFailed(failures), advice: advice)
    case .missingEntries(_, .unreachable):
      guard nothingCached else { return error }
      if !hasKey {
        advice = keySteps(
          keyVariable,
          after: "Nothing is cached yet: this build needs Google Books, and an API key (free, about 1,000 "
            + "requests a day):")
      }
      advice.append(example)
      return FetchAdvice(underlying: error, advice: advice)
    default:
      return error
    }
  }

  /// `intro`, then how to get a key and where to put it.
  static func keySteps(_ variable: String, after intro: String) -> [String] {
    [
      intro,
      "  1. Sign in to the Google Cloud console, https://console.cloud.google.com/, and create a project.",
      "  2. APIs & Services → Library: find the Books API and enable it.",
      "  3. APIs & Services → Credentials → Create credentials → API key.",
      "  4. export \(variable)=<your key> (the key never goes in catalog.yml) and run the build again.",
    ]
  }

  static let example =
    "Or start from the example site, which builds at once, offline and without a key: bookgen init --example books"
}
