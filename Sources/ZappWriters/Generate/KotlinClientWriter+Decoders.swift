import Foundation

extension KotlinClientWriter {
  /// `ZappValue`: how the plugin models' decoders read a value, in the forms zlc accepts (ZL0614).
  package func valueReaders(_ c: inout CodeText) {
    let reader = #"""
      /**
       * How the plugin models read the bundle's values, in the forms zlc accepts: `""` and null leave
       * a field unset, and a value its type cannot read leaves it null.
       */
      internal object ZappValue {
          private val decimal = Regex("-?[0-9]+(\\.[0-9]+)?")

          /** A switch: `true`, `false`, `1`, `0`, or one of them as a string. */
          fun bool(value: Any?): Boolean? = when (value) {
              is Boolean -> value
              is Number -> if (value.toDouble() == 1.0) true else if (value.toDouble() == 0.0) false else null
              "true", "1" -> true
              "false", "0" -> false
              else -> null
          }

          /** A number, or a string of a decimal number (`-12`, `3.5`: no `+`, exponent or spaces). */
          fun number(value: Any?): Double? {
              val number = when (value) {
                  is Number -> value.toDouble()
                  is String -> if (decimal.matches(value)) value.toDouble() else null
                  else -> null
              }
              return number?.takeIf { it.isFinite() }
          }

          /**
           * Text; a number as its text (a whole one as its digits), a boolean as `true` or `false`. A
           * whole number of 2^53 or more is none: the reader may have rounded it.
           */
          fun text(value: Any?): String? = when (value) {
              is String -> if (value == "") null else value
              is Boolean -> value.toString()
              is Number -> {
                  val number = value.toDouble()
                  when {
                      !number.isFinite() -> null
                      number != kotlin.math.floor(number) -> number.toString()
                      kotlin.math.abs(number) < 9007199254740992.0 -> number.toLong().toString()
                      else -> null
                  }
              }
              else -> null
          }

          /**
           * An option's text: a number as the option of the same number (`numbers`: each numeric option's
           * number and text, so that `1.0` reads as the option `1.0`), unless one is its text.
           */
          fun option(value: Any?, numbers: List<Pair<Double, String>>): String? {
              val text = text(value)
              if (text == null || value !is Number || numbers.any { it.second == text }) return text
              return numbers.firstOrNull { it.first == value.toDouble() }?.second ?: text
          }

          /** A list's options (an element without text left out), or a single value as a list of one. */
          fun options(value: Any?, numbers: List<Pair<Double, String>>): List<String>? =
              if (value is List<*>) value.mapNotNull { option(it, numbers) } else option(value, numbers)?.let { listOf(it) }

          /** A list's texts (an element without one left out), or a single value as a list of one. */
          fun texts(value: Any?): List<String>? =
              if (value is List<*>) value.mapNotNull { text(it) } else text(value)?.let { listOf(it) }
      }
      """#
    for line in reader.split(separator: "\n", omittingEmptySubsequences: false) { c.line(String(line)) }
    c.line()
  }

  /// The fields one method of a decoder sets: a field of a list of options, the largest, takes
  /// some 160 bytes of JVM code, and a method holds 64 KiB.
  package static let fieldsPerDecodePart = 200

  /// A model's companion: `decode(json)` from text, `decode(value)` from a map; a class of
  /// properties (`setsProperties`) sets them in methods of `fieldsPerDecodePart` fields each.
  package func decoders(_ c: inout CodeText, _ model: ClientAPI.Model, setsProperties: Bool) {
    let type = model.typeName
    c.block("companion object {") { c in
      c.line("/**")
      c.line(" * Decodes the text of a `\(model.section)` object (a value that is no object sets no field); throws")
      c.line(" * `ZappBundleException` when it is not JSON.")
      c.line(" */")
      c.line("fun decode(json: String): \(type) =")
      c.line(
        "    decode(ZappJsonReader(json, \(CodeLiteral.kotlin(type)), lastKeyWins = true).document() as? Map<*, *> ?: emptyMap<Any?, Any?>())"
      )
      c.line()
      c.line("/**")
      c.line(" * Decodes a `\(model.section)` object as a JSON library reads it (maps, lists, strings, numbers,")
      c.line(" * booleans): a field whose value its type cannot read is null, an option this build does not")
      c.line(" * know is `Unknown`.")
      c.line(" */")
      guard setsProperties else {
        // Each field read into a local first: read inside the constructor's arguments, each inlined
        // `Map.get` spills the arguments before it, and the method grows with the square of the
        // fields (past the JVM's 64 KiB from about 170).
        c.block("fun decode(value: Map<*, *>): \(type) {") { c in
          for (i, field) in model.fields.enumerated() { c.line("val f\(i) = \(reader(of: field, in: type))") }
          c.line("return \(type)(")
          for (i, field) in model.fields.enumerated() {
            c.line("    \(field.name.lower) = f\(i)" + (i == model.fields.count - 1 ? "" : ","))
          }
          c.line(")")
        }
        return
      }
      // In parts, each a method of its own: a JVM method holds 64 KiB of code.
      let parts = stride(from: 0, to: model.fields.count, by: Self.fieldsPerDecodePart).map {
        model.fields[$0..<min(model.fields.count, $0 + Self.fieldsPerDecodePart)]
      }
      c.block("fun decode(value: Map<*, *>): \(type) {") { c in
        c.line("val model = \(type)()")
        for n in parts.indices { c.line("decodePart\(n)(model, value)") }
        c.line("return model")
      }
      for (n, part) in parts.enumerated() {
        c.line()
        c.block("private fun decodePart\(n)(model: \(type), value: Map<*, *>) {") { c in
          for field in part { c.line("model.\(field.name.lower) = \(reader(of: field, in: type))") }
        }
      }
    }
  }

  /// The expression that reads `field` from the map `value`.
  private func reader(of field: ClientAPI.Field, in model: String) -> String {
    let value = "value[\(CodeLiteral.kotlin(field.name.wire))]"
    switch field.kind {
    case .bool: return "ZappValue.bool(\(value))"
    case .number: return "ZappValue.number(\(value))"
    case .text: return field.isList ? "ZappValue.texts(\(value))" : "ZappValue.text(\(value))"
    case .option:
      let type = "\(model).\(field.options?.typeName ?? "")"
      let numbers = SwiftClientWriter.numericOptions(field)
      guard !numbers.isEmpty else {
        return field.isList ? "ZappValue.texts(\(value))?.map { \(type).of(it) }" : "ZappValue.text(\(value))?.let { \(type).of(it) }"
      }
      let list = "listOf(" + numbers.map { "\($0.number) to \(CodeLiteral.kotlin($0.wire))" }.joined(separator: ", ") + ")"
      return field.isList
        ? "ZappValue.options(\(value), \(list))?.map { \(type).of(it) }" : "ZappValue.option(\(value), \(list))?.let { \(type).of(it) }"
    }
  }
}
