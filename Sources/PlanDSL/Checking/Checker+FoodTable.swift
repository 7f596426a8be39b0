import MealOptimizer

extension Checker {
  /// The checked food with this id: from ``checkedFoodPositions`` when it
  /// indexes `foods`, by a search otherwise.
  func checkedFood(_ id: String, in foods: [Food]) -> Food? {
    checkedFoodPosition(id, in: foods).map { foods[$0] }
  }

  /// The position in `foods` of the checked food with this id (see ``checkedFood(_:in:)``).
  func checkedFoodPosition(_ id: String, in foods: [Food]) -> Int? {
    if let position = checkedFoodPositions[id], foods.indices.contains(position), foods[position].id == id {
      return position
    }
    return foods.firstIndex { $0.id == id }
  }
}

/// The foods of a checked limit, by position in the checked foods.
enum LimitFoods: Hashable {
  /// A limit on one food (most are): no list.
  case one(Int)
  /// A limit on the sum of several foods.
  case several([Int])

  /// The positions, in the order written.
  var positions: [Int] {
    switch self {
    case .one(let position): [position]
    case .several(let positions): positions
    }
  }
}

/// What identifies limits that can conflict: the same foods (in any order),
/// period and unit.
struct LimitConflictKey: Hashable {
  /// The foods' positions, each once, in order (a limit on one food builds no list).
  var foods: LimitFoods
  var period: Period
  var inServings: Bool

  init(foods: LimitFoods, period: Period, inServings: Bool) {
    switch foods {
    case .one: self.foods = foods
    case .several(let positions):
      let distinct = Set(positions).sorted()
      self.foods = distinct.count == 1 ? .one(distinct[0]) : .several(distinct)
    }
    self.period = period
    self.inServings = inServings
  }
}

extension Dictionary {
  /// The value for `key`; when there is none, `value` is stored and returned
  /// and `inserted` set. The key is hashed once (a lookup and then an insert hash it twice).
  mutating func first(_ key: Key, else value: Value, inserted: inout Bool) -> Value {
    var isNew = false
    func read(_ stored: inout Value) -> Value { stored }
    let stored = read(
      &self[
        key,
        default: {
          isNew = true
          return value
        }()
      ])
    inserted = isNew
    return stored
  }
}
