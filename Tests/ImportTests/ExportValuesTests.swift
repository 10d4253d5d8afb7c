import Catalog
import Testing

@testable import Import

/// The exports' ways of writing ISBNs, dates, series, bindings and reviews.
@Suite struct ExportValuesTests {
  @Test(
    arguments: [
      ("=\"9780441172719\"", "9780441172719", nil),
      ("=\"0441172717\"", "9780441172719", nil),
      ("\"0-441-17271-7\"", "9780441172719", nil),
      ("=\"\"", nil, nil),
      ("", nil, nil),
      ("9.78044E+12", nil, "9.78044E+12"),
      ("B08FHBV4ZX", nil, "B08FHBV4ZX"),
      // A spreadsheet's ISBN-10 without its leading zero; a checksum that fails with it is no ISBN.
      ("441172717", "9780441172719", nil),
      ("441172718", nil, "441172718"),
      // A spreadsheet's number with all its digits is the ISBN again; LibraryThing's brackets.
      ("9.780441172719E+12", "9780441172719", nil),
      ("9780441172719.0", "9780441172719", nil),
      ("4.41172717E+08", "9780441172719", nil),
      ("[0441172717]", "9780441172719", nil),
      ("9.78044117272E+12", nil, "9.78044117272E+12"),
    ] as [(String, String?, String?)])
  func isbns(text: String, isbn13: String?, unusable: String?) {
    let value = ExportValues.isbn(text)
    #expect(value.isbn13 == isbn13)
    #expect(value.unusable == unusable)
    #expect(value.lostDigits == (text.uppercased().contains("E+") && isbn13 == nil))
  }

  @Test(
    arguments: [
      ("The Eyre Affair (Thursday Next, #1)", "The Eyre Affair", "Thursday Next", "1"),
      ("Dune (Dune #1)", "Dune", "Dune", "1"),
      (
        "The Lost Prince (The Iron Fey: Call of the Forgotten, #1.5)", "The Lost Prince",
        "The Iron Fey: Call of the Forgotten", "1.5"
      ),
      ("Harry Potter Boxed Set (Harry Potter, #1-7)", "Harry Potter Boxed Set", "Harry Potter", nil),
      // Two series: the first, not a name running into the second.
      ("The Colour of Magic (Discworld, #1; Rincewind, #1)", "The Colour of Magic", "Discworld", "1"),
      ("Mort (Discworld #4)", "Mort", "Discworld", "4"),
      (
        "Nineteen Eighty-Four (1984) (Penguin Modern Classics, #3)", "Nineteen Eighty-Four (1984)",
        "Penguin Modern Classics", "3"
      ),
    ] as [(String, String, String?, String?)])
  func seriesFromTitles(text: String, title: String, series: String?, number: String?) {
    let parsed = ExportValues.series(inTitle: text)
    #expect(parsed.title == title)
    #expect(parsed.series == series)
    #expect(parsed.number?.text == number)
  }

  @Test(arguments: [
    "Dune", "Walden (Or, Life in the Woods)", "Apollo (#13)", "(#1)", "Odd (Series, #)",
    "Nineteen Eighty-Four (1984)", "We Are #1 (Again)",
  ])
  func titlesWithoutASeries(text: String) {
    let parsed = ExportValues.series(inTitle: text)
    #expect(parsed.title == text)
    #expect(parsed.series == nil)
  }

  @Test(arguments: [
    ("2021/03/04", "2021-03-04"), ("2021-03-04", "2021-03-04"), ("2021/3/4", "2021-03-04"),
    ("2021/03", "2021-03"), ("2021", "2021"), ("2021/03/04 10:22:13 UTC", "2021-03-04"),
  ])
  func dates(text: String, date: String) {
    #expect(DateReader(order: nil).date(text)?.description == date)
  }

  @Test(arguments: ["", "03/04/2021", "2021/13/01", "2021/02/32", "yesterday", "21/03/04", "2021/02/30"])
  func notDates(text: String) {
    #expect(DateReader(order: nil).date(text) == nil)
  }

  @Test(arguments: [
    ("Hardcover", BookFormat.hardcover), ("Mass Market Paperback", .paperback), ("paperback", .paperback),
    ("Kindle Edition", .ebook), ("digital", .ebook), ("Audible Audio", .audiobook), ("audio", .audiobook),
    ("Audio CD", .audiobook), ("Board book", .other), ("Library Binding", .hardcover),
  ])
  func formats(text: String, format: BookFormat) {
    #expect(ExportValues.format(text) == format)
  }

  @Test(
    arguments: [("0", nil), ("4", "4"), ("4.5", "4.5"), ("4.25", "4.5"), ("3.75", "4"), ("", nil)]
      as [(String, String?)])
  func ratings(text: String, rating: String?) {
    #expect(ExportValues.rating(text)?.text == rating)
  }

  @Test(
    arguments: [
      (
        "Loved it.<br/><br/>Read it <i>twice</i> &amp; <b>more</b>.",
        "Loved it.\n\nRead it *twice* &amp; **more**."
      ),
      ("One<br />two", "One\\\ntwo"),
      (
        "See <a href=\"https://example.org/x\">this</a> and <a href=\"javascript:alert(1)\">that</a>.",
        "See [this](https://example.org/x) and that."
      ),
      ("<script>alert(1)</script>Safe <img src=x onerror=alert(1)> text", "Safe  text"),
      // Letters whose lower case is longer (`İ`) do not move where the script ends.
      ("<script>var a = 'İİ'</script>Great book. <b>Yes</b>", "Great book. **Yes**"),
      ("<STYLE>p { }</Style>Kept.", "Kept."),
      ("<script>never closed", nil),
      ("5 * 3 = 15, a_b [x] <not a tag", "5 \\* 3 = 15, a\\_b \\[x\\] \\<not a tag"),
      ("# not a heading\n- not a list", "\\# not a heading - not a list"),
      ("&lt;b&gt;escaped&lt;/b&gt; &#8212; &#x27;q&#x27;", "\\<b\\>escaped\\</b\\> \u{2014} 'q'"),
      ("<br/><br/>  ", nil),
    ] as [(String, String?)])
  func goodreadsReviews(html: String, markdown: String?) {
    #expect(ReviewMarkdown.markdown(from: html, newlinesBreak: false) == markdown)
  }

  @Test func storyGraphReviewsKeepTheirLineBreaks() {
    #expect(
      ReviewMarkdown.markdown(from: "A quiet book.\nIt stays.\r\n\r\nNew paragraph.", newlinesBreak: true)
        == "A quiet book.\\\nIt stays.\n\nNew paragraph.")
  }
}
