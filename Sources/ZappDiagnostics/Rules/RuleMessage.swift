/// One message of a rule as a value: what the readers, the loader and the driver report instead
/// of spelling the text where they find the problem, so that each text has one home.
///
/// A rule's messages are static members of `RuleMessage<ThatRule>` in the rule's own file, named
/// through the rule (`JSONSyntaxRule.Message.unterminatedString`), each with an id that is stable
/// within the rule, as swift-syntax's parser messages carry a message id. The text is what zlc
/// prints, unchanged by where it is reported from.
package struct RuleMessage<Owner: RuleDefinition>: Sendable {
  /// Stable within the rule: a message keeps its id when its wording changes.
  package let id: StaticString
  /// The message as printed.
  package let text: String

  package init(_ id: StaticString, _ text: String) {
    self.id = id
    self.text = text
  }

  /// The rule the message belongs to.
  package var rule: Rule { Owner.rule }

  /// The id across rules: the rule's code and the message's id ("ZL0101.unterminated-string").
  package var messageID: String { "\(Owner.rule.code).\(id)" }

  /// The finding this message makes at `spot` (or, without a position, in the file `path`), of
  /// the rule's severity unless `severity` says another.
  package func diagnostic(
    at spot: SourceSpot?, notes: [DiagnosticNote] = [], fixIt: FixIt? = nil, path: String? = nil, severity: Severity? = nil
  ) -> Diagnostic {
    Diagnostic(Owner.rule, text, at: spot, severity: severity, notes: notes, fixIt: fixIt, path: path)
  }
}
