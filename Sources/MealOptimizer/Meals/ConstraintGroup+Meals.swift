extension ConstraintGroup {
  /// `fill[day3,dinner]`: every fresh slot holds exactly one dish.
  package static let fill: ConstraintGroup = "fill"
  /// `portion_min[…]`, `portion_max[…]`: a portion is within the slot's range when picked, 0 otherwise.
  package static let portions: ConstraintGroup = "portions"
  /// `goal[protein,day3]`: a nutrient goal for one day.
  package static let dailyGoals: ConstraintGroup = "daily_goals"
  /// `goal[fiber,week1]`: a nutrient goal for a seven-day block; it ties the block's days together.
  package static let weeklyGoals: ConstraintGroup = "weekly_goals"
  /// `budget[day3]`, `budget[week1]`: cost within a daily or weekly budget.
  package static let budget: ConstraintGroup = "budget"
  /// `repeat[…]`, `once_a_day[…]`, `apart[…]`, `cooked_link[…]`: repetition limits.
  package static let repetition: ConstraintGroup = "repetition"
  /// `lock[day3,dinner]`, `lock_portion[…]`: slots the user fixed.
  package static let locks: ConstraintGroup = "locks"
  /// `repeats_count[…]`, `center[…]`: the rows that define the tie-break's objective.
  package static let tieBreak: ConstraintGroup = "tie_break"
  /// `cost_cap`: the tie-break stage's bound on the cost.
  package static let costCap: ConstraintGroup = "cost_cap"
  /// `cutoff`, `improve`: a search's demand for a better objective than its best plan.
  package static let cutoff: ConstraintGroup = "cutoff"
}
