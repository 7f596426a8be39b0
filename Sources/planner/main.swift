// The planner executable: the command line lives in the PlannerCommandLine
// library (built and tested in process, and by the fuzz-cli target).
import PlannerCommandLine

Planner.main()
