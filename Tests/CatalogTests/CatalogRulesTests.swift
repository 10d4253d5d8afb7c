import Testing

@testable import Catalog

@Suite struct CatalogRulesTests {
  @Test(
    arguments: [
      ("7d", 604_800.0), ("12h", 43_200), ("30m", 1_800), ("45s", 45), ("1d12h", 129_600),
      ("1h30m15s", 5_415), ("0s", 0), ("2d0h", 172_800),
    ])
  func parsesDurations(text: String, seconds: Double) {
    #expect(CacheSettings.parseDuration(text) == seconds)
  }

  @Test(arguments: ["", "7", "d", "7 days", "7w", "12h1d", "1h1h", "-1d", "1.5h", "7D", "1d "])
  func rejectsDurations(text: String) {
    #expect(CacheSettings.parseDuration(text) == nil)
  }

  @Test func shapes() {
    #expect(CatalogRules.isLanguageTag("zh-TW"))
    #expect(CatalogRules.isLanguageTag("en"))
    #expect(CatalogRules.isLanguageTag("sr-Latn-RS"))
    #expect(!CatalogRules.isLanguageTag("english!"))
    #expect(!CatalogRules.isLanguageTag("zh_TW"))
    #expect(!CatalogRules.isLanguageTag("e"))
    #expect(CatalogRules.isVolumeID("zyTCAlFPjgYC"))
    #expect(!CatalogRules.isVolumeID("../x"))
    #expect(!CatalogRules.isVolumeID("abc"))
    #expect(CatalogRules.isEnvironmentName("GOOGLE_BOOKS_API_KEY"))
    #expect(!CatalogRules.isEnvironmentName("1KEY"))
    #expect(!CatalogRules.isEnvironmentName("MY-KEY"))
    #expect(CatalogRules.isPartialDate("2020"))
    #expect(CatalogRules.isPartialDate("2020-02"))
    #expect(CatalogRules.isPartialDate("2020-02-29"))
    #expect(!CatalogRules.isPartialDate("2020-13"))
    #expect(!CatalogRules.isPartialDate("2020/01/01"))
    #expect(!CatalogRules.isPartialDate("20-01-01"))
    #expect(CatalogRules.isBaseURL("https://me.github.io/books/"))
    #expect(!CatalogRules.isBaseURL("https://me.github.io/books/?x=1"))
    #expect(!CatalogRules.isBaseURL("https://me.github.io/books/../x/"))
    #expect(!CatalogRules.isHTTPURL("ftp://x"))
    #expect(!CatalogRules.isHTTPURL("https://"))
    #expect(!CatalogRules.isHTTPURL("books.example.com"))
  }

  @Test func redactsKeys() {
    #expect(
      Redaction.redactingKeys("  api_key_env: AIzaSyA-12_3b # mine") == "  api_key_env: <redacted> # mine")
    #expect(Redaction.looksLikeAPIKey("AIzaSyDummy"))
    #expect(Redaction.looksLikeAPIKey("abcdefghijklmnopqrstuvwxyz0123456789"))
    #expect(!Redaction.looksLikeAPIKey("GOOGLE_BOOKS_API_KEY"))
    #expect(!Redaction.looksLikeAPIKey("MY_VERY_LONG_ENVIRONMENT_VARIABLE_NAME_FOR_KEYS"))
  }
}
