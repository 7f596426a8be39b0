import Diagnostics
import PlanDSL

/// Loads `source` as `test.plan` and returns its errors rendered as the
/// command line prints them, or "no error". Shared by the diagnostics tests;
/// a suite that also wants warnings declares its own `render`.
func render(_ source: String) -> String {
  do {
    _ = try PlanLoader().load(text: source, path: "test.plan")
    return "no error"
  } catch {
    return DiagnosticRenderer().render(error)
  }
}
