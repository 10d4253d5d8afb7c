import Glibc

/// The field names of many objects alike (every book page's `book`), resolved once.
///
/// An object of a shape (`MustacheValue.object`) holds its values in the shape's key order, and
/// the renderer finds a field by the slot its name was given when the template was parsed: an
/// array read instead of hashing the name in every frame it is looked for in.
public final class MustacheShape: Sendable {
  /// The field names, in slot order.
  public let keys: [String]
  /// Each interned name's slot (-1: not a field), indexed by the name's symbol.
  let slots: [Int32]
  /// Slots by name, for names looked up as strings (`subscript`, dynamic partial names).
  private let byKey: [String: Int]

  /// A shape of `keys`, which must be distinct.
  public init(_ keys: [String]) {
    var byKey: [String: Int] = [:]
    for (slot, key) in keys.enumerated() {
      precondition(byKey.updateValue(slot, forKey: key) == nil, "MustacheShape: duplicate key \(key)")
    }
    let symbols = keys.map(Symbols.shared.intern)
    var slots = [Int32](repeating: -1, count: Int(symbols.max() ?? -1) + 1)
    for (slot, symbol) in symbols.enumerated() { slots[Int(symbol)] = Int32(slot) }
    self.keys = keys
    self.slots = slots
    self.byKey = byKey
  }

  /// The slot of `key`, or nil when the shape has no such field.
  public func slot(of key: String) -> Int? { byKey[key] }

  /// The slot of the name interned as `symbol`, or nil.
  @inline(__always)
  func slot(ofSymbol symbol: Int32) -> Int? {
    slots.withUnsafeBufferPointer { slots in
      guard symbol >= 0, Int(symbol) < slots.count, slots[Int(symbol)] >= 0 else { return nil }
      return Int(slots[Int(symbol)])
    }
  }

  /// An object of this shape: `values[slot]` is the field in that slot (nil: absent, so a name
  /// looked up falls through to the enclosing context, as for a key missing from a map).
  public func object(_ values: [MustacheValue?]) -> MustacheValue {
    precondition(values.count == keys.count, "MustacheShape: \(values.count) values for \(keys.count) keys")
    return .object(StoredObject(shape: self, values: values))
  }

  /// An object of this shape from its fields in slot order, written as `"key": value` pairs so
  /// that the code reads like a map; the keys are checked against the shape in debug builds.
  public func object(_ fields: KeyValuePairs<String, MustacheValue?>) -> MustacheValue {
    assert(fields.map(\.key) == keys, "MustacheShape: fields \(fields.map(\.key)) for keys \(keys)")
    var values: [MustacheValue?] = []
    values.reserveCapacity(fields.count)
    for index in fields.indices { values.append(fields[index].value) }
    return object(values)
  }

  /// The present fields of an object of this shape as a map.
  func fields(_ object: MustacheObject) -> [String: MustacheValue] {
    var fields = [String: MustacheValue](minimumCapacity: keys.count)
    for (slot, key) in keys.enumerated() { fields[key] = object.field(at: slot) }
    return fields
  }
}

/// An object a template reads by field name: a view over data the program already holds, which
/// makes each field when the template asks for it rather than a tree of values per render.
///
/// The renderer turns a name into the slot `shape` gives it (once per template, not per page)
/// and asks for `field(at:)` each time the name is read, so a field read twice is made twice.
///
/// A class, not a protocol: a name is looked for in every enclosing object, and reading a
/// stored `shape` costs nothing where a protocol's getter retained and released it each time.
/// Subclasses hold only constants (`let`), so that an object can be read from any task.
open class MustacheObject: @unchecked Sendable {
  /// The names of the fields, each at its slot.
  public final let shape: MustacheShape

  public init(shape: MustacheShape) {
    self.shape = shape
  }

  /// The field at `slot` of `shape`; nil when absent, so that the name is looked up in the
  /// enclosing context, as for a key missing from a map.
  open func field(at slot: Int) -> MustacheValue? { nil }
}

/// An object whose fields are given in advance, in slot order.
final class StoredObject: MustacheObject, @unchecked Sendable {
  let values: [MustacheValue?]

  init(shape: MustacheShape, values: [MustacheValue?]) {
    self.values = values
    super.init(shape: shape)
  }

  override func field(at slot: Int) -> MustacheValue? { values[slot] }
}

/// Every name a template or shape uses, numbered: a tag's name and a shape's key are matched
/// by number. Names are interned when templates are parsed and shapes made, never per page.
final class Symbols: @unchecked Sendable {
  static let shared = Symbols()

  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var numbers: [String: Int32] = [:]

  private init() {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  func intern(_ name: String) -> Int32 {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    if let number = numbers[name] { return number }
    let number = Int32(numbers.count)
    numbers[name] = number
    return number
  }
}
