extension CatalogSearchIndex {
  /// Writes the index: the vocabulary, then each food's words (index and
  /// segment packed in one varint), common-name words and traits.
  func write(to writer: inout CatalogByteWriter) {
    writer.varint(UInt64(vocabulary.count))
    for element in vocabulary { writer.string(element) }
    for row in 0..<traits.count {
      let range = Int(wordStarts[row])..<Int(wordStarts[row + 1])
      writer.varint(UInt64(range.count))
      for position in range {
        writer.varint(UInt64(words[position]) << 4 | UInt64(segments[position]))
      }
      let common = Int(commonStarts[row])..<Int(commonStarts[row + 1])
      writer.varint(UInt64(common.count))
      for position in common { writer.varint(UInt64(commonWords[position])) }
      writer.byte(traits[row])
    }
  }

  /// Reads an index written by ``write(to:)`` for the foods of `columns`.
  static func read(from reader: inout CatalogByteReader, columns: CatalogColumns) throws(FoodCatalogError)
    -> CatalogSearchIndex
  {
    let vocabularyCount = try reader.count(atMost: 10_000_000, what: "the vocabulary size")
    var vocabulary: [String] = []
    vocabulary.reserveCapacity(vocabularyCount)
    for _ in 0..<vocabularyCount {
      let word = try reader.string()
      if let last = vocabulary.last, !(last < word) {
        throw .corrupt(offset: reader.offset, reason: "the search vocabulary is not sorted")
      }
      vocabulary.append(word)
    }
    var words: [Int32] = []
    var segments: [UInt8] = []
    var wordStarts: [Int32] = [0]
    var commonWords: [Int32] = []
    var commonStarts: [Int32] = [0]
    var traits: [UInt8] = []
    words.reserveCapacity(columns.count * 10)
    segments.reserveCapacity(columns.count * 10)
    for _ in 0..<columns.count {
      let wordCount = try reader.count(atMost: 100_000, what: "a word count")
      for _ in 0..<wordCount {
        let packed = try reader.varint()
        let word = packed >> 4
        guard word < UInt64(vocabularyCount) else {
          throw .corrupt(offset: reader.offset, reason: "unknown word")
        }
        words.append(Int32(word))
        segments.append(UInt8(packed & 15))
      }
      wordStarts.append(Int32(words.count))
      let commonCount = try reader.count(atMost: 100_000, what: "a word count")
      for _ in 0..<commonCount {
        let word = try reader.count(atMost: vocabularyCount - 1, what: "a word")
        commonWords.append(Int32(word))
      }
      commonStarts.append(Int32(commonWords.count))
      traits.append(try reader.byte())
    }
    return CatalogSearchIndex(
      vocabulary: vocabulary, words: words, segments: segments, wordStarts: wordStarts,
      commonWords: commonWords,
      commonStarts: commonStarts, traits: traits, columns: columns)
  }
}
