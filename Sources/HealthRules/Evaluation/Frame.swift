/// What compiled rules read: a window's dense values, symptom texts and custom metrics.
/// The pointers live only for one evaluation.
struct Frame {
  let values: UnsafePointer<Int64>
  let symptoms: UnsafeBufferPointer<String?>
  let customMetrics: UnsafeBufferPointer<Metric>
  let length: Int
  /// The program's parameters' values in storage steps, in the program's order; `Window.missing` when absent.
  let parameters: UnsafeBufferPointer<Int64>

  init(
    values: UnsafePointer<Int64>, symptoms: UnsafeBufferPointer<String?>,
    customMetrics: UnsafeBufferPointer<Metric>, length: Int,
    parameters: UnsafeBufferPointer<Int64> = UnsafeBufferPointer(start: nil, count: 0)
  ) {
    self.values = values
    self.symptoms = symptoms
    self.customMetrics = customMetrics
    self.length = length
    self.parameters = parameters
  }

  /// A frame for programs that read only built-in metrics.
  init(values: UnsafePointer<Int64>, length: Int) {
    self.init(
      values: values, symptoms: UnsafeBufferPointer(start: nil, count: 0),
      customMetrics: UnsafeBufferPointer(start: nil, count: 0), length: length)
  }

  /// The row of a metric, or `nil` when the window has none.
  func row(of metric: Metric) -> Int? {
    if let index = metric.builtinIndex { return index }
    return customMetrics.firstIndex { $0.name == metric.name && $0.selection == metric.selection }
      .map { $0 + Metric.builtins.count }
  }
}
