import BookRecord
import Testing

@testable import Site

@Suite struct ISBNTextTests {
  @Test(
    arguments: [
      ("9780306406157", "9780306406157"),
      ("978-0-306-40615-7", "9780306406157"),
      ("0-306-40615-2", "9780306406157"),
      ("0306406152", "9780306406157"),
      ("080442957X", "9780804429573"),
      ("080442957x", "9780804429573"),
      ("9780306406158", nil),
      ("0306406153", nil),
      ("97803064061570", nil),
      ("978030640615X", nil),
      ("X306406152", nil),
      ("９７８０３０６４０６１５７", nil),
      ("", nil),
    ] as [(String, String?)])
  func isbnsNormaliseToISBN13(raw: String, expected: String?) {
    #expect(ISBNText.isbn13(raw) == expected)
  }

  @Test func isbn10IsDerivedFrom978Only() {
    #expect(ISBNText.isbn10(fromISBN13: "9780804429573") == "080442957X")
    #expect(ISBNText.isbn10(fromISBN13: "9780306406157") == "0306406152")
    #expect(ISBNText.isbn10(fromISBN13: "9791034306157") == nil)
  }
}
