import Foundation

/// A person's age, sex, height, weight and activity, from which daily energy
/// and protein targets are derived by published equations.
///
/// Energy is the Estimated Energy Requirement (EER) of the Institute of
/// Medicine's *Dietary Reference Intakes for Energy, Carbohydrate, Fiber,
/// Fat, Fatty Acids, Cholesterol, Protein, and Amino Acids* (National
/// Academies Press, 2005, chapter 5), for ages 3 and up, weight in kg and
/// height in m:
///
/// | who | EER (kcal/day) |
/// |---|---|
/// | boys 3–8 | 88.5 − 61.9 × age + PA × (26.7 × weight + 903 × height) + 20 |
/// | girls 3–8 | 135.3 − 30.8 × age + PA × (10.0 × weight + 934 × height) + 20 |
/// | boys 9–18 | 88.5 − 61.9 × age + PA × (26.7 × weight + 903 × height) + 25 |
/// | girls 9–18 | 135.3 − 30.8 × age + PA × (10.0 × weight + 934 × height) + 25 |
/// | men 19+ | 662 − 9.53 × age + PA × (15.91 × weight + 539.6 × height) |
/// | women 19+ | 354 − 6.91 × age + PA × (9.36 × weight + 726 × height) |
///
/// with the physical activity coefficient PA of ``Activity`` (table 5-22 of
/// the same report). Protein is the Recommended Dietary Allowance per kg of
/// body weight (same report, chapter 10): 0.95 g/kg at ages 3–13, 0.85 g/kg
/// at 14–18 and 0.8 g/kg for adults.
///
/// ```swift
/// let adult = PersonProfile(age: 30, sex: .male, heightMeters: 1.77, weightKilograms: 70, activity: .active)
/// let energy = adult.estimatedEnergyRequirement   // 2962.09 kcal a day
/// let protein = adult.proteinAllowance            // 56 g a day
/// ```
public struct PersonProfile: Sendable, Hashable, Codable {
  /// Sex, for the equations that differ by it.
  public enum Sex: String, Sendable, Hashable, Codable, CaseIterable {
    case female, male
  }

  /// The physical activity level of the IOM equations.
  public enum Activity: String, Sendable, Hashable, Codable, CaseIterable {
    /// Daily living only (PAL 1.0–1.4).
    case sedentary
    /// Daily living plus 30–60 minutes of moderate activity (PAL 1.4–1.6).
    case lowActive = "low_active"
    /// Daily living plus at least 60 minutes of moderate activity (PAL 1.6–1.9).
    case active
    /// Daily living plus 60 minutes of moderate and 60 of vigorous activity (PAL 1.9–2.5).
    case veryActive = "very_active"
  }

  /// Age in whole years, 3 or more.
  package var age: Int
  /// Sex.
  package var sex: Sex
  /// Height in metres.
  package var heightMeters: Double
  /// Weight in kilograms.
  package var weightKilograms: Double
  /// Activity level.
  package var activity: Activity

  /// The ages the equations cover.
  package static let ages = 3...120

  /// How far the derived energy goal reaches either side of the EER, as a
  /// share (0.1: from 90% to 110%). The EER is a mean for people like this
  /// one; the band is the planner's choice, not part of the equations.
  package static let energyBand = 0.1

  /// Creates a profile from its parts.
  public init(age: Int, sex: Sex, heightMeters: Double, weightKilograms: Double, activity: Activity) {
    self.age = age
    self.sex = sex
    self.heightMeters = heightMeters
    self.weightKilograms = weightKilograms
    self.activity = activity
  }

  /// The physical activity coefficient PA for this person's age, sex and activity.
  package var activityCoefficient: Double {
    let levels: [Double] =
      switch (age >= 19, sex) {
      case (false, .male): [1.00, 1.13, 1.26, 1.42]
      case (false, .female): [1.00, 1.16, 1.31, 1.56]
      case (true, .male): [1.00, 1.11, 1.25, 1.48]
      case (true, .female): [1.00, 1.12, 1.27, 1.45]
      }
    let index = Activity.allCases.firstIndex(of: activity) ?? 0
    return levels[index]
  }

  /// The Estimated Energy Requirement in kcal a day (IOM 2005).
  package var estimatedEnergyRequirement: Double {
    let pa = activityCoefficient
    let (a, w, h) = (Double(age), weightKilograms, heightMeters)
    switch (age, sex) {
    case (..<9, .male): return 88.5 - 61.9 * a + pa * (26.7 * w + 903 * h) + 20
    case (..<9, .female): return 135.3 - 30.8 * a + pa * (10.0 * w + 934 * h) + 20
    case (..<19, .male): return 88.5 - 61.9 * a + pa * (26.7 * w + 903 * h) + 25
    case (..<19, .female): return 135.3 - 30.8 * a + pa * (10.0 * w + 934 * h) + 25
    case (_, .male): return 662 - 9.53 * a + pa * (15.91 * w + 539.6 * h)
    case (_, .female): return 354 - 6.91 * a + pa * (9.36 * w + 726 * h)
    }
  }

  /// The protein RDA in grams per kg of body weight for this age.
  package var proteinPerKilogram: Double {
    switch age {
    case ..<14: 0.95
    case ..<19: 0.85
    default: 0.8
    }
  }

  /// The protein Recommended Dietary Allowance in grams a day.
  package var proteinAllowance: Double { proteinPerKilogram * weightKilograms }

  /// The daily goals this profile gives: energy within ``energyBand`` of the
  /// EER, and protein at least the RDA.
  package var goals: [NutrientGoal] {
    let energy = estimatedEnergyRequirement
    return [
      NutrientGoal(
        .energy, minimum: energy * (1 - Self.energyBand), maximum: energy * (1 + Self.energyBand),
        period: .day),
      NutrientGoal(.protein, minimum: proteinAllowance, period: .day),
    ]
  }
}
