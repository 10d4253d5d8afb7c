import Testing

@testable import Catalog

@Suite struct ISBNTests {
  @Test(
    arguments: [
      ("978-0-306-40615-7", "9780306406157"),
      ("9780306406157", "9780306406157"),
      ("978 0 306 40615 7", "9780306406157"),
      ("0-306-40615-2", "9780306406157"),
      ("0306406152", "9780306406157"),
      ("0-201-61622-X", "9780201616224"),
      ("020161622x", "9780201616224"),
      ("0-8044-2957-X", "9780804429573"),
      ("0-9752298-0-X", "9780975229804"),
      ("4-10-109205-2", "9784101092058"),
      ("978-4-06-293842-6", "9784062938426"),
      ("979-10-90636-07-1", "9791090636071"),
    ])
  func normalisesToISBN13(text: String, isbn13: String) throws {
    #expect(try ISBN.parse(text).isbn13 == isbn13)
  }

  @Test(
    arguments: [
      ("9780306406157", "0306406152"),
      ("9780201616224", "020161622X"),
      ("9784101092058", "4101092052"),
    ])
  func convertsBackToISBN10(isbn13: String, isbn10: String) {
    #expect(ISBN(isbn13: isbn13).isbn10 == isbn10)
  }

  @Test func isbn979HasNoISBN10() throws {
    #expect(try ISBN.parse("979-10-90636-07-1").isbn10 == nil)
  }

  @Test(
    arguments: [
      ("978-0-306-40615-6", "invalid ISBN '978-0-306-40615-6': checksum fails (check digit should be 7)"),
      ("0-306-40615-3", "invalid ISBN '0-306-40615-3': checksum fails (check digit should be 2)"),
      ("0-201-61622-1", "invalid ISBN '0-201-61622-1': checksum fails (check digit should be X)"),
      ("979-10-90636-07-2", "invalid ISBN '979-10-90636-07-2': checksum fails (check digit should be 1)"),
      ("978-0-306-40615", "invalid ISBN '978-0-306-40615': an ISBN has 10 or 13 digits, this one has 12"),
      ("", "invalid ISBN '': an ISBN has 10 or 13 digits, this one has 0"),
      ("978-0-306-4O615-7", "invalid ISBN '978-0-306-4O615-7': unexpected character 'O'"),
      ("97803064061X7", "invalid ISBN '97803064061X7': unexpected character 'X'"),
      ("030640615XX", "invalid ISBN '030640615XX': unexpected character 'X'"),
      ("978030640615X", "invalid ISBN '978030640615X': unexpected character 'X'"),
      ("4006381333931", "invalid ISBN '4006381333931': an ISBN-13 starts with 978 or 979"),
    ])
  func rejectsWithReason(text: String, message: String) {
    let error = #expect(throws: ISBNError.self) { try ISBN.parse(text) }
    #expect(error.map { "invalid ISBN '\(text)': \($0.reason)" } == message)
  }

  @Test func errorsCarryTheirData() {
    #expect(throws: ISBNError.badChecksum(text: "9780306406158", expected: "7")) {
      try ISBN.parse("9780306406158")
    }
    #expect(throws: ISBNError.wrongLength(text: "12345", digits: 5)) { try ISBN.parse("12345") }
  }
}
