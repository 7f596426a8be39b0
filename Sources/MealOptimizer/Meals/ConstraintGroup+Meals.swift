extension ConstraintGroup {
  /// `fill[day3,dinner]`: every fresh slot holds exactly one dish.
  public static let fill: ConstraintGroup = "fill"
  /// `portion_min[…]`, `portion_max[…]`: a portion is within the slot's range when picked, 0 otherwise.
  public static let portions: ConstraintGroup = "portions"
  /// `goal[protein,day3]`: a nutrient goal for one day.
  public static let dailyGoals: ConstraintGroup = "daily_goals"
  /// `goal[fiber,week1]`: a nutrient goal for a seven-day block; it ties the block's days together.
  public static let weeklyGoals: ConstraintGroup = "weekly_goals"
  /// `budget[day3]`, `budget[week1]`: cost within a daily or weekly budget.
  public static let budget: ConstraintGroup = "budget"
  /// `repeat[…]`, `once_a_day[…]`, `apart[…]`, `cooked_link[…]`: repetition limits.
  public static let repetition: ConstraintGroup = "repetition"
  /// `lock[day3,dinner]`, `lock_portion[…]`: slots the user fixed.
  public static let locks: ConstraintGroup = "locks"
  /// `repeats_count[…]`, `center[…]`: the rows that define the tie-break's objective.
  public static let tieBreak: ConstraintGroup = "tie_break"
  /// `cost_cap`: the tie-break stage's bound on the cost.
  public static let costCap: ConstraintGroup = "cost_cap"
  /// `cutoff`, `improve`: a search's demand for a better objective than its best plan.
  public static let cutoff: ConstraintGroup = "cutoff"
}
