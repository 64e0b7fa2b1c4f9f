import ZappDiagnostics

extension InvalidValueRule {
  /// A registry's `client_version` range holds a version: its lower end is below its upper end
  /// (at or below it, for a range through its upper end).
  package static func checkClientVersions(_ context: RuleContext) {
    for registry in context.project.registries {
      guard let client = registry.client, let range = registry.emptyRange else { continue }
      let why = range.inclusive ? "its lower end is above its upper end" : "its lower end is not below its upper end"
      context.report(rule, "client_version '\(shortValue(client.value))' holds no version: \(why)", at: client.spot)
    }
  }
}
