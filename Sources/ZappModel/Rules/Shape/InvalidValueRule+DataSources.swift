import Foundation
import ZappDiagnostics

extension Project {
  /// The data source types whose data the client holds itself (iOS parses them with no payload):
  /// their `data.source` is not read.
  package static let sourcelessDataTypes: Set<String> = ["APPLICASTER_FAVORITES", "DOWNLOADS", "USER_ACCOUNT_COMPONENT"]
}

extension InvalidValueRule {
  /// A component's `data.source` with spaces at its ends (`" 3119"`, `"https://x.example/feed "`)
  /// is sent as written: a client asks its feed service for the id with the spaces, or a web view
  /// loads an address that is none, and gets nothing. Reported at the value with the trimmed source
  /// as its fix. A source of spaces alone is ZL0401's on a root screen, and any source on a
  /// connected screen is ZL0403's; a type that takes no data, or a data type the client fills
  /// itself, reads no source.
  static func checkDataSources(_ context: RuleContext) {
    let project = context.project
    for screen in project.screens where !screen.connected {
      screen.forEachComponent { component in
        guard let source = component.source else { return }
        let trimmed = source.value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed != source.value, !trimmed.isEmpty, project.facts(ofType: component.typeName).takesData,
          component.dataType.map({ Project.sourcelessDataTypes.contains($0.value) }) != true
        else { return }
        let message = Message.sourceWithSpaces(source.value, webURL: component.dataType?.value == "WEB_URL")
        context.bag.add(message.diagnostic(at: source.spot, fixIt: .didYouMean(trimmed, at: source.spot)))
      }
    }
  }
}

extension RuleMessage where Owner == InvalidValueRule {
  /// A component's `data.source` with spaces at its ends; `webURL` when a web view loads it.
  package static func sourceWithSpaces(_ value: String, webURL: Bool) -> Self {
    Self(
      "source-with-spaces",
      "data source '\(shortValue(value))' has spaces at its ends: "
        + (webURL ? "a web view loads no address" : "a client asks its feed service for the id with the spaces and gets nothing"))
  }
}
