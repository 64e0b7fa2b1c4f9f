/// A closed vocabulary of the bundle: the words this library knows, plus `unknown(word)` for a word
/// a newer compiler may write, so that an older client still loads a newer bundle.
public protocol Vocabulary: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// Every known word, in a stable order.
  static var known: [Self] { get }
  /// A word this library does not know.
  static func unknown(_ word: String) -> Self
  /// The word as the bundle writes it.
  var word: String { get }
}

extension Vocabulary {
  /// The value for `word`: a known one, else `unknown(word)`.
  public init(word: String) { self = Self.known.first { $0.word == word } ?? .unknown(word) }

  /// `"bound"` for `.bound`: a word as the bundle writes it.
  public init(stringLiteral word: String) { self.init(word: word) }

  /// The known value for `word`, or nil.
  public init?(knownWord word: String) {
    guard let value = Self.known.first(where: { $0.word == word }) else { return nil }
    self = value
  }

  public var isKnown: Bool { Self.known.contains(self) }
  public var description: String { word }
  /// The known words, for messages and schemas.
  public static var knownWords: [String] { known.map(\.word) }
}

/// How a section gets its data.
public enum Binding: Vocabulary {
  /// Root screens: the component's own data source.
  case own
  /// Connected screens: a child of the sender (the feed of the item that opened the screen).
  case senderChild
  /// The component takes no data.
  case none
  case unknown(String)

  public static let known: [Binding] = [.own, .senderChild, .none]
  public var word: String {
    switch self {
    case .own: return "own"
    case .senderChild: return "sender_child"
    case .none: return "none"
    case .unknown(let word): return word
    }
  }
}

/// How a screen is shown when it opens.
public enum Presentation: Vocabulary {
  case push, present, presentThenPush
  case unknown(String)

  public static let known: [Presentation] = [.push, .present, .presentThenPush]
  public var word: String {
    switch self {
    case .push: return "push"
    case .present: return "present"
    case .presentThenPush: return "present_then_push"
    case .unknown(let word): return word
    }
  }
}

/// How a screen is launched relative to the screens already open.
public enum LaunchMode: Vocabulary {
  case standard, singleTop, singleInstance
  case unknown(String)

  public static let known: [LaunchMode] = [.standard, .singleTop, .singleInstance]
  public var word: String {
    switch self {
    case .standard: return "standard"
    case .singleTop: return "single_top"
    case .singleInstance: return "single_instance"
    case .unknown(let word): return word
    }
  }
}

/// The direction a section scrolls in, when it scrolls on its own.
public enum ScrollDirection: Vocabulary {
  case horizontal, vertical
  case unknown(String)

  public static let known: [ScrollDirection] = [.horizontal, .vertical]
  public var word: String {
    switch self {
    case .horizontal: return "horizontal"
    case .vertical: return "vertical"
    case .unknown(let word): return word
    }
  }
}

/// Why a section has no layout on the devices: a client draws it by other means.
public enum LayoutAbsence: Vocabulary {
  /// Neither the component nor its screen names a family.
  case noFamily
  /// The family has no styles for the component type: a plugin component lays itself out.
  case notInFamily
  case unknown(String)

  public static let known: [LayoutAbsence] = [.noFamily, .notInFamily]
  public var word: String {
    switch self {
    case .noFamily: return "no_family"
    case .notInFamily: return "not_in_family"
    case .unknown(let word): return word
    }
  }
}

/// What the mapper decided for a section.
public enum MapStatus: Vocabulary {
  /// Root screen: the component's own data source.
  case own
  /// A sender child is bound.
  case bound
  /// No child is left for it: clients hide it.
  case empty
  /// The bound child is of a type the component does not accept: not shown.
  case incompatible
  /// The component takes no data.
  case none
  /// The size class mapping hides the section on the device (its child is still taken).
  case hidden
  /// The previous section shows this section's items on the device's size class
  /// (`merge_next_by_size_class`); its child is still taken.
  case merged
  case unknown(String)

  public static let known: [MapStatus] = [.own, .bound, .empty, .incompatible, .none, .hidden, .merged]
  public var word: String {
    switch self {
    case .own: return "own"
    case .bound: return "bound"
    case .empty: return "empty"
    case .incompatible: return "incompatible"
    case .none: return "none"
    case .hidden: return "hidden"
    case .merged: return "merged"
    case .unknown(let word): return word
    }
  }
}

/// What a finding of the mapper is about (`Mapper.Finding.kind`).
public enum FindingKind: Vocabulary {
  case unusedChildren, unusedGrandchildren, emptyComponent, incompatibleChild, unmappedScreenType
  case unknown(String)

  public static let known: [FindingKind] = [
    .unusedChildren, .unusedGrandchildren, .emptyComponent, .incompatibleChild, .unmappedScreenType,
  ]
  public var word: String {
    switch self {
    case .unusedChildren: return "unused-children"
    case .unusedGrandchildren: return "unused-grandchildren"
    case .emptyComponent: return "empty-component"
    case .incompatibleChild: return "incompatible-child"
    case .unmappedScreenType: return "unmapped-screen-type"
    case .unknown(let word): return word
    }
  }
}
