/// Where and for how much the book is sold.
package struct Sale: Sendable, Equatable {
  package var saleability: Saleability?
  package var listPrice: Price?
  /// What the store asks now (a discount shows against `listPrice`).
  package var retailPrice: Price?
  /// The store's page for the book.
  package var buyLink: String?

  package init(
    saleability: Saleability? = nil, listPrice: Price? = nil, retailPrice: Price? = nil,
    buyLink: String? = nil
  ) {
    self.saleability = saleability
    self.listPrice = listPrice
    self.retailPrice = retailPrice
    self.buyLink = buyLink
  }
}

/// Whether and how the book can be had, in the codes structured data and themes see
/// (`FOR_SALE`); a source's other codes pass through as they are.
package struct Saleability: RawRepresentable, Sendable, Hashable {
  package var rawValue: String

  package init(rawValue: String) {
    self.rawValue = rawValue
  }

  package static let forSale = Saleability(rawValue: "FOR_SALE")
  package static let forSaleAndRental = Saleability(rawValue: "FOR_SALE_AND_RENTAL")
  package static let free = Saleability(rawValue: "FREE")
  package static let notForSale = Saleability(rawValue: "NOT_FOR_SALE")
  package static let forPreorder = Saleability(rawValue: "FOR_PREORDER")
  /// A shop's copy that is sold out for now (the owner's `availability: out_of_stock`).
  package static let outOfStock = Saleability(rawValue: "OUT_OF_STOCK")
}

package struct Price: Sendable, Equatable {
  /// In the currency's major unit.
  package var amount: Double
  /// ISO 4217, e.g. `TWD`, `JPY`, `USD`.
  package var currencyCode: String

  package init(amount: Double, currencyCode: String) {
    self.amount = amount
    self.currencyCode = currencyCode
  }
}
