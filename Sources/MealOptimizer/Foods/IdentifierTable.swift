/// Positions of identifiers in a list, found by a hash of their UTF-8 bytes.
///
/// A large plan's steps each find thousands of foods by id (every food limit,
/// every member of a group limit): with `[String: Int]` each lookup hashes the
/// string with SipHash, about 330 instructions for a short id. This table
/// hashes the bytes with a multiply-and-mix of eight bytes at a time and
/// compares the candidate with `==`, a few dozen instructions. Its order is
/// that of the list; each identifier maps to its first position.
///
/// Ids are equal as Swift compares strings (canonical equivalence: `"e\u{301}"`
/// is `"é"`, and the Kelvin sign is `"K"`). Bytes hash alike only for equal
/// ASCII, so the table hashes bytes only when every id is ASCII; a list with
/// another id is indexed by a `Dictionary`, and an id that is not ASCII is
/// looked for in an ASCII table by comparing it with each id in turn (an id
/// of a plan is ASCII: such a lookup is for a food the plan lacks).
///
/// The hash is not keyed, so ids chosen to collide could make probes long: a
/// table whose longest probe passes ``longestProbe`` is rebuilt as a
/// `Dictionary` (SipHash, seeded per process), so no input makes lookups
/// slower than the standard library's.
package struct IdentifierTable: Sendable {
  /// The identifiers, in the list's order.
  private let ids: [String]
  /// Open addressing: each slot holds a position in `ids` plus one in its low
  /// 32 bits (0 when empty) and the id's hash's high 32 bits in its high ones,
  /// so that a probe compares strings only when their hashes agree.
  private let slots: [UInt64]
  /// `slots.count - 1` (the count is a power of two).
  private let mask: Int
  /// The fallback for ids that collide too often (see the type's discussion).
  private let dictionary: [String: Int]?
  /// Identifiers that appear again after their first position, each with the
  /// position of the repeat, in the list's order.
  package let repeats: [(id: String, position: Int)]

  /// The longest run of probes a table accepts before it falls back to a `Dictionary`.
  static let longestProbe = 32

  /// Indexes a list of identifiers.
  package init(_ ids: [String]) { self.init(ids, longestProbe: Self.longestProbe) }

  /// Indexes a list of identifiers, falling back to a `Dictionary` past
  /// `longestProbe` probes (tests set it low to reach the fallback).
  init(_ ids: [String], longestProbe: Int) {
    self.ids = ids
    if let (slots, repeats) = Self.openAddressed(ids, longestProbe: longestProbe) {
      (self.slots, self.mask, self.dictionary, self.repeats) = (slots, slots.count - 1, nil, repeats)
      return
    }
    var dictionary: [String: Int] = [:]
    var repeats: [(id: String, position: Int)] = []
    dictionary.reserveCapacity(ids.count)
    for (position, id) in ids.enumerated() {
      if dictionary[id] == nil { dictionary[id] = position } else { repeats.append((id, position)) }
    }
    (self.slots, self.mask, self.dictionary, self.repeats) = ([], 0, dictionary, repeats)
  }

  /// The slots of an open-addressed table at most half full, and the repeats;
  /// `nil` when some identifier needs more than `longestProbe` probes.
  private static func openAddressed(
    _ ids: [String], longestProbe: Int
  ) -> (slots: [UInt64], repeats: [(id: String, position: Int)])? {
    // Positions plus one fit in a slot's low 32 bits (a plan holds far fewer foods).
    guard ids.count < Int(Int32.max) / 2 else { return nil }
    var capacity = 16
    while capacity < 2 * ids.count { capacity *= 2 }
    var slots = [UInt64](repeating: 0, count: capacity)
    var repeats: [(id: String, position: Int)] = []
    let mask = capacity - 1
    let fits = ids.withUnsafeBufferPointer { ids in
      for position in ids.indices {
        guard let hash = asciiHash(ids[position]) else { return false }
        let fingerprint = UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF_0000_0000
        var slot = hash & mask
        var probes = 0
        while slots[slot] != 0 {
          if slots[slot] & 0xFFFF_FFFF_0000_0000 == fingerprint
            && ids[Int(slots[slot] & 0xFFFF_FFFF) - 1] == ids[position]
          {
            break
          }
          slot = (slot + 1) & mask
          probes += 1
          if probes > longestProbe { return false }
        }
        if slots[slot] == 0 {
          slots[slot] = fingerprint | UInt64(position + 1)
        } else {
          repeats.append((ids[position], position))
        }
      }
      return true
    }
    return fits ? (slots, repeats) : nil
  }

  /// Indexes the foods by ``Food/id``, each read in place.
  package init(foods: [Food]) { self.init(DietModelBuilder.perFood(foods) { $0.id }) }

  /// Whether lookups go through the `Dictionary` fallback (for tests).
  var usesDictionary: Bool { dictionary != nil }

  /// How many identifiers the list has, repeats included.
  package var count: Int { ids.count }

  /// The first position of an identifier, or `nil` when the list lacks it.
  package subscript(_ id: String) -> Int? {
    if let dictionary { return dictionary[id] }
    guard let hash = Self.asciiHash(id) else { return ids.firstIndex { $0 == id } }
    let fingerprint = UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF_0000_0000
    var slot = hash & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return nil }
      let position = Int(entry & 0xFFFF_FFFF) - 1
      if entry & 0xFFFF_FFFF_0000_0000 == fingerprint && ids[position] == id { return position }
      slot = (slot + 1) & mask
    }
  }

  /// A hash of the identifier's UTF-8 bytes (the same bytes, the same hash,
  /// whichever way the string is stored); `nil` when a byte is not ASCII.
  static func asciiHash(_ id: String) -> Int? {
    if let hash = id.utf8.withContiguousStorageIfAvailable({ asciiHash(bytes: UnsafeRawBufferPointer($0)) }) {
      return hash
    }
    return Array(id.utf8).withUnsafeBytes { asciiHash(bytes: $0) }
  }

  /// Eight bytes at a time, each word multiplied into the state and mixed;
  /// the last one to eight bytes read as one word in at most two loads.
  private static func asciiHash(bytes: UnsafeRawBufferPointer) -> Int? {
    let count = bytes.count
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
    var high: UInt64 = 0
    var offset = 0
    while offset + 8 < count {
      let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      high |= word
      state = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
      state ^= state >> 31
      offset += 8
    }
    // The rest: 1 to 8 bytes (none for an empty id), read as two loads that
    // may overlap; the count, mixed in above, tells the cases apart.
    let rest = count - offset
    var word: UInt64 = 0
    if rest >= 4 {
      let low = UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
      let top = UInt64(bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
      word = low | top << 32
    } else if rest >= 2 {
      let low = UInt64(bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
      let top = UInt64(bytes.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self))
      word = low | top << 16
    } else if rest == 1 {
      word = UInt64(bytes[offset])
    }
    high |= word
    state = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
    guard high & 0x8080_8080_8080_8080 == 0 else { return nil }
    state = (state ^ (state >> 29)) &* 0x94D0_49BB_1331_11EB
    return Int(truncatingIfNeeded: state ^ (state >> 32))
  }
}
