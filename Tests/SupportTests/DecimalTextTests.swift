import Testing

@testable import Support

@Suite struct DecimalTextTests {
  @Test(arguments: [
    (5.0, "5"), (0.01, "0.01"), (4.5, "4.5"), (-3.0, "-3"), (1000.0, "1000"), (1e17, "1e+17"),
    (9.3e16, "9.3e+16"), (Double.infinity, "inf"), (-Double.infinity, "-inf"),
  ])
  func wholeNumbersLoseTheirFractionOthersPrintAsSwiftDoes(value: Double, expected: String) {
    #expect(DecimalText.shortest(value) == expected)
  }
}
