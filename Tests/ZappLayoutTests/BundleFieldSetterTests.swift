import XCTest

@testable import ZappLayout

/// A field's setter writes the property its key path names, whether stored, nested or computed.
final class BundleFieldSetterTests: XCTestCase {
  struct Inner {
    var names: [String] = []
  }

  struct Model {
    var count = 0
    var title: String? = nil
    var inner = Inner()
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
}
