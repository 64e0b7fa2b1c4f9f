import XCTest

@testable import ZappLayout

/// A field's getter reads, and its setter writes, the property its key path names, whether stored,
/// nested or computed.
final class BundleFieldAccessTests: XCTestCase {
  struct Inner {
    var names: [String] = []
  }

  struct Model {
    var count = 0
    var title: String? = nil
    var inner = Inner()
    var on = false
    var doubled: Int {
      get { count * 2 }
      set { count = newValue / 2 }
    }
  }

  func testSettersWriteStoredNestedAndComputedProperties() {
    var model = Model()
    BundleField<Model>.setter(\Model.count)(&model, 7)
    BundleField<Model>.optionalSetter(\Model.title)(&model, "a title of more than fifteen bytes")
    BundleField<Model>.setter(\Model.inner.names)(&model, ["x", "y"])
    XCTAssertEqual(model.count, 7)
    XCTAssertEqual(model.title, "a title of more than fifteen bytes")
    XCTAssertEqual(model.inner.names, ["x", "y"])
    BundleField<Model>.setter(\Model.doubled)(&model, 20)
    XCTAssertEqual(model.count, 10, "a computed property is set through its key path")
    BundleField<Model>.optionalSetter(\Model.title)(&model, "short")
    XCTAssertEqual(model.title, "short", "a value set again replaces the first")
  }

  func testGettersReadStoredNestedOptionalAndComputedProperties() {
    var model = Model(count: 21, title: "a title of more than fifteen bytes", inner: Inner(names: ["p", "q"]))
    XCTAssertEqual(withUnsafePointer(to: model, BundleField<Model>.getter(\Model.count)), 21)
    XCTAssertEqual(withUnsafePointer(to: model, BundleField<Model>.getter(\Model.title)), "a title of more than fifteen bytes")
    XCTAssertEqual(withUnsafePointer(to: model, BundleField<Model>.getter(\Model.inner.names)), ["p", "q"])
    XCTAssertEqual(
      withUnsafePointer(to: model, BundleField<Model>.getter(\Model.doubled)), 42, "a computed property is read through its key path")
    model.title = nil
    XCTAssertNil(withUnsafePointer(to: model, BundleField<Model>.getter(\Model.title)))
  }

  /// The writers made from key paths write what the model holds: a value, `null`, or nothing.
  func testFieldsWriteTheirPropertiesValues() {
    func written(_ field: BundleField<Model>, _ model: Model) -> String {
      var writer = JSONWriter(pretty: false)
      writer.beginObject()
      field.write(model, to: &writer)
      writer.endObject()
      writer.finish()
      return String(decoding: writer.bytes, as: UTF8.self)
    }
    let model = Model(count: 3, title: nil, inner: Inner(names: ["n"]))
    XCTAssertEqual(written(.required("count", \Model.count, .int, ""), model), #"{"count":3}"#)
    XCTAssertEqual(written(.required("doubled", \Model.doubled, .int, ""), model), #"{"doubled":6}"#)
    XCTAssertEqual(written(.nullable("title", \Model.title, .string, ""), model), #"{"title":null}"#)
    XCTAssertEqual(written(.optional("title", \Model.title, .string, ""), model), "{}")
    XCTAssertEqual(written(.unlessEmpty("names", \Model.inner.names, .array(.string), ""), model), #"{"names":["n"]}"#)
    XCTAssertEqual(written(.unlessEmpty("names", \Model.inner.names, .array(.string), ""), Model()), "{}")
    XCTAssertEqual(written(.flag("on", \Model.on, ""), model), "{}")
    var on = model
    on.on = true
    XCTAssertEqual(written(.flag("on", \Model.on, ""), on), #"{"on":true}"#)
  }

  /// A model of no size (all its stored properties empty) is read and set through its key paths.
  func testAModelOfNoSizeIsReadAndSet() {
    struct Empty: Equatable {}
    struct Hollow {
      var empty = Empty()
    }
    var hollow = Hollow()
    XCTAssertEqual(MemoryLayout<Hollow>.size, 0)
    XCTAssertEqual(withUnsafePointer(to: hollow, BundleField<Hollow>.getter(\Hollow.empty)), Empty())
    BundleField<Hollow>.setter(\Hollow.empty)(&hollow, Empty())
    XCTAssertEqual(hollow.empty, Empty())
  }
}
