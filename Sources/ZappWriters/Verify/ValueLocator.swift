import Synchronization
import ZappDiagnostics
import ZappReaders

/// Locates problems at values of one file of a bundle (a mapping, a screen's `file`, an `id`): the
/// file is read with zlc's reader once, at the first problem, so a bundle that verifies costs
/// nothing more.
package final class ValueLocator: Sendable {
  let file: SourceFile
  private let root = Mutex<JSONValue??>(nil)
  /// The elements of each array a problem was located in, by the array's node: a list with a
  /// problem at each of its many elements is walked once, not once per problem.
  private let arrays = Mutex<[Int: [JSONValue]]>([:])

  package init(_ file: SourceFile) { self.file = file }

  /// The problem at the value `steps` lead to, walked as far as the document goes.
  package func problem(_ message: String, at steps: [BundleVerifier.Step]) -> BundleProblem {
    BundleVerifier.problem(message, at: steps, root: document, file: file.path) { array, i in
      let elements = self.arrays.withLock { arrays in
        if let known = arrays[array.index] { return known }
        let elements = array.elements
        arrays[array.index] = elements
        return elements
      }
      return elements.indices.contains(i) ? elements[i] : nil
    }
  }

  /// Whether the file's top-level object holds `key`.
  package func holds(_ key: String) -> Bool { document?[key] != nil }

  private var document: JSONValue? {
    root.withLock { root in
      if let read = root { return read }
      let read = JSONReader.read(file, limits: .bundle).document?.root
      root = .some(read)
      return read
    }
  }
}
