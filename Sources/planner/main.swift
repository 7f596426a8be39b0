print("planner")
