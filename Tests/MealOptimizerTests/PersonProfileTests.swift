import MealOptimizer
import Testing

/// Energy and protein targets from a profile against values computed by hand
/// from the published equations (IOM 2005 EER; DRI protein RDA).
@Suite("Person profiles")
struct PersonProfileTests {
  /// One reference person and the values worked out by hand.
  struct Reference: Sendable, CustomTestStringConvertible {
    var profile: PersonProfile
    var energy: Double
    var protein: Double
    var testDescription: String { "\(profile.sex) \(profile.age)" }
  }

  static let references = [
    // 662 − 9.53 × 30 + 1.25 × (15.91 × 70 + 539.6 × 1.77) = 2962.09; 0.8 × 70 = 56
    Reference(
      profile: PersonProfile(age: 30, sex: .male, heightMeters: 1.77, weightKilograms: 70, activity: .active),
      energy: 2962.09, protein: 56),
    // 354 − 6.91 × 30 + 1.12 × (9.36 × 57 + 726 × 1.63) = 2069.628; 0.8 × 57 = 45.6
    Reference(
      profile: PersonProfile(
        age: 30, sex: .female, heightMeters: 1.63, weightKilograms: 57, activity: .lowActive),
      energy: 2069.628, protein: 45.6),
    // 88.5 − 61.9 × 8 + 1.26 × (26.7 × 25.6 + 903 × 1.28) + 20 = 1930.8936; 0.95 × 25.6 = 24.32
    Reference(
      profile: PersonProfile(
        age: 8, sex: .male, heightMeters: 1.28, weightKilograms: 25.6, activity: .active),
      energy: 1930.8936, protein: 24.32),
    // 135.3 − 30.8 × 12 + 1.31 × (10.0 × 40 + 934 × 1.50) + 25 = 2150.01; 0.95 × 40 = 38
    Reference(
      profile: PersonProfile(
        age: 12, sex: .female, heightMeters: 1.50, weightKilograms: 40, activity: .active),
      energy: 2150.01, protein: 38),
  ]

  @Test("the EER and the protein RDA equal the hand-computed published values", arguments: references)
  func referencePeople(_ reference: Reference) {
    #expect(abs(reference.profile.estimatedEnergyRequirement - reference.energy) < 1e-9)
    #expect(abs(reference.profile.proteinAllowance - reference.protein) < 1e-9)
  }

  @Test("a profile's goals are energy within 10% of the EER and protein at least the RDA")
  func goals() {
    let goals = Self.references[0].profile.goals
    #expect(goals.count == 2)
    #expect(goals[0].nutrient == .energy)
    #expect(abs(goals[0].minimum! - 2962.09 * 0.9) < 1e-9)
    #expect(abs(goals[0].maximum! - 2962.09 * 1.1) < 1e-9)
    #expect(goals[1].nutrient == .protein)
    #expect(goals[1].minimum == 56)
    #expect(goals[1].maximum == nil)
  }

  @Test("a member with a profile and no goals takes the profile's goals")
  func memberTakesProfileGoals() {
    let profile = Self.references[2].profile
    let member = HouseholdMember(id: "kid", profile: profile)
    #expect(member.goals == profile.goals)
  }
}
