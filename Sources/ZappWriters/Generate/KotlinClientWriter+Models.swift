import Foundation

extension KotlinClientWriter {
  /// A plugin section's fields as a data class, with a sealed class per field with options and a
  /// companion of decoders; a section of more fields than a JVM constructor takes as a class of
  /// properties.
  func model(_ c: inout CodeText, _ model: ClientAPI.Model, plugin: ClientAPI.Plugin) {
    let scope = plugin.manifestDescription
    let optionFields = model.fields.filter { $0.options != nil }
    let options = { (c: inout CodeText) in
      for field in optionFields {
        guard let options = field.options else { continue }
        self.sealed(
          &c, options.typeName, doc: "The options of the field \(CodeLiteral.commentName(field.name.wire)).", cases: options.cases,
          noun: "The option")
      }
    }
    let about = "The `\(model.section)` fields of the plugin \(CodeLiteral.commentName(plugin.name.wire)) (\(scope))"
    guard model.fields.count <= Self.maxConstructorFields else {
      // A data class's constructors take a parameter a field, and its defaults' constructor more:
      // a class file whose method takes over 255 does not load (ClassFormatError).
      c.doc(about + ": more than a JVM constructor takes, so properties of a class, set one by one.", style: .block)
      c.block("class \(model.typeName) {") { c in
        for field in model.fields { c.line("var \(field.name.lower): \(type(of: field, in: model.typeName))? = null") }
        c.line()
        options(&c)
        decoders(&c, model, setsProperties: true)
      }
      c.line()
      return
    }
    c.doc(about + ".", style: .block)
    c.line("data class \(model.typeName)(")
    for (i, field) in model.fields.enumerated() {
      let separator = i == model.fields.count - 1 ? "" : ","
      c.line("    val \(field.name.lower): \(type(of: field, in: model.typeName))? = null" + separator)
    }
    c.block(") {") { c in
      options(&c)
      decoders(&c, model, setsProperties: false)
    }
    c.line()
  }

  /// The most fields a section's data class takes: its constructor with defaults takes a
  /// parameter a field, an `Int` of flags for each 32, and a marker, within the JVM's 255.
  package static let maxConstructorFields = 240

  private func type(of field: ClientAPI.Field, in model: String) -> String {
    let element: String
    switch field.kind {
    case .bool: element = "Boolean"
    case .number: element = "Double"
    case .text: element = "String"
    case .option: element = field.options.map { "\(model).\($0.typeName)" } ?? "String"
    }
    return field.isList ? "List<\(element)>" : element
  }
}
