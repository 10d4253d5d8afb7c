/// A value kept in one shared heap box, copied only when written while shared: a large struct
/// held this way is a pointer wide, so many arrays and tables can hold the same one, and
/// copying it costs one retain instead of one per reference it holds.
package struct CopyOnWrite<Value> {
  @usableFromInline final class Box {
    // Written only through `value`'s `_modify`, by the one holder of the box.
    @usableFromInline var value: Value

    @inlinable init(_ value: Value) {
      self.value = value
    }
  }

  @usableFromInline var box: Box

  @inlinable package init(_ value: Value) {
    box = Box(value)
  }

  @inlinable package var value: Value {
    _read { yield box.value }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
      yield &box.value
    }
  }

  /// Whether both hold the very same box (then their values are equal without comparing).
  @inlinable package func isShared(with other: CopyOnWrite) -> Bool { box === other.box }
}

// Sendable as its value is: the box is only written by its one holder.
extension CopyOnWrite: @unchecked Sendable where Value: Sendable {}
