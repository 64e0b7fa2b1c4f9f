import ZappDiagnostics
import ZappModel
import ZappReaders

/// The starter projects `zlc init` writes: small, complete, checking clean and building. Each has a
/// family, a root screen whose hero and grid open a connected screen, `screen_types.json`, a plugin
/// component with its manifest, and a renderer registry per platform.
public enum StarterTemplate: String, CaseIterable, Sendable {
  /// One platform (iOS).
  case basic
  /// iOS and Android (QuickBrick): the plugin has one manifest per platform, each with its own
  /// defaults, and each platform its own registry.
  case multiPlatform = "multi-platform"

  /// The platforms the template's app targets.
  var platforms: [(id: String, minimumSDK: String)] {
    switch self {
    case .basic: return [("ios", "20.0.0")]
    case .multiPlatform: return [("ios", "20.0.0"), ("android_for_quickbrick", "6.1.0")]
    }
  }

  /// Every file of the template, by path relative to the project folder, in writing order.
  public func files(app: String) -> [(path: String, contents: String)] {
    var files: [(String, String)] = [
      ("zlc.json", settings(app: app)),
      ("screen_types.json", Self.screenTypes),
      ("families/STARTER.json", Self.family),
      ("screens/home.json", Self.home),
      ("screens/show.json", Self.show),
    ]
    for (index, platform) in platforms.enumerated() {
      let manifestPath = self == .basic ? "components/promo_banner.json" : "components/promo_banner/\(platform.id).json"
      files.append((manifestPath, Self.promoManifest(platform: platform.id, sdk: platform.minimumSDK, buttonText: Self.buttonTexts[index])))
      files.append(("registries/\(platform.id).json", Self.registry(platform: platform.id, sdk: platform.minimumSDK)))
    }
    return files
  }

  private static let buttonTexts = ["Watch now", "Play"]

  private func settings(app: String) -> String {
    let platformLines = platforms.map { #"    "\#($0.id)": { "min_zapp_sdk": "\#($0.minimumSDK)" }"# }.joined(separator: ",\n")
    return """
      {
        "app": \(Self.quoted(app)),
        "devices": [
          { "name": "phone", "class": "phone", "width": 375 },
          { "name": "tablet", "class": "tablet", "width": 1024 }
        ],
        "platforms": {
      \(platformLines)
        }
      }

      """
  }

  private static let screenTypes = """
    {
      "screen_types": {
        "show": "show"
      }
    }

    """

  private static let family = """
    {
      "name": "STARTER",
      "version": "1.0",
      "screens": [
        { "type": "default", "insetTop": 16, "insetLeft": 16, "insetBottom": 16, "insetRight": 16, "interItemSpacing": 12, "lineSpacing": 16 },
        { "type": "tablet", "insetTop": 24, "insetLeft": 24, "insetBottom": 24, "insetRight": 24, "interItemSpacing": 16, "lineSpacing": 24 }
      ],
      "components": [
        {
          "type": "hero", "layout": "paged",
          "cells": [ { "name": "HERO_WIDE", "layoutId": "starter_hero", "cellWidth": 16, "cellHeight": 9 } ]
        },
        {
          "type": "grid", "layout": "flow", "columns": 2,
          "screens": [ { "type": "tablet", "columns": 4 } ],
          "cells": [ { "name": "GRID_POSTER", "layoutId": "starter_grid_poster", "aspectCellRatio": 0.6667 } ]
        },
        {
          "type": "list", "layout": "linear",
          "cells": [ { "name": "LIST_ROW", "layoutId": "starter_list_row", "cellHeight": 88 } ]
        },
        {
          "type": "promo_banner", "layout": "linear",
          "cells": [ { "name": "PROMO", "layoutId": "starter_promo", "cellHeight": 120 } ]
        }
      ]
    }

    """

  private static let home = """
    [
      {
        "id": "home",
        "name": "Home",
        "type": "general_content",
        "home": true,
        "styles": { "family": "STARTER" },
        "ui_components": [
          {
            "id": "home-featured",
            "component_type": "hero",
            "data": { "source": "featured", "type": "APPLICASTER_COLLECTION", "target": "show" },
            "rules": { "item_limit": 5 },
            "styles": { "cell_styles": ["HERO_WIDE"] }
          },
          {
            "id": "home-promo",
            "component_type": "promo_banner",
            "styles": { "cell_styles": ["PROMO"] }
          },
          {
            "id": "home-shows",
            "component_type": "grid",
            "data": { "source": "shows", "type": "APPLICASTER_COLLECTION", "target": "show" },
            "styles": { "cell_styles": ["GRID_POSTER"] }
          }
        ]
      }
    ]

    """

  private static let show = """
    {
      "id": "show",
      "name": "Show",
      "type": "general_content",
      "data": { "connected": true },
      "styles": { "family": "STARTER" },
      "ui_components": [
        {
          "id": "show-episodes",
          "component_type": "list",
          "data": { "source": "", "type": "" },
          "styles": { "cell_styles": ["LIST_ROW"] }
        }
      ]
    }

    """

  private static func promoManifest(platform: String, sdk: String, buttonText: String) -> String {
    """
    {
      "author_name": "Your team",
      "author_email": "apps@example.com",
      "manifest_version": "1.0.0",
      "name": "Promo Banner",
      "description": "A full-width banner with a call to action. Takes no data source.",
      "identifier": "promo_banner",
      "type": "ui_component",
      "platform": "\(platform)",
      "min_zapp_sdk": "\(sdk)",
      "ui_builder_support": true,
      "whitelisted_account_ids": [],
      "targets": ["mobile"],
      "ui_frameworks": ["\(Platforms.isQuickBrick(platform) ? "quickbrick" : "native")"],
      "styles": {
        "fields": [
          { "key": "banner_text", "type": "text_input", "label": "Text", "initial_value": "New this week" },
          { "key": "button_text", "type": "text_input", "label": "Button", "initial_value": "\(buttonText)" }
        ]
      }
    }

    """
  }

  private static func registry(platform: String, sdk: String) -> String {
    let major = sdk.split(separator: ".").first.flatMap { Int($0) } ?? 0
    return """
      {
        "platform": "\(platform)",
        "client_version": "\(sdk)..<\(major + 1).0.0",
        "component_types": ["grid", "hero", "list", "promo_banner"],
        "cell_layouts": ["starter_grid_poster", "starter_hero", "starter_list_row", "starter_promo"],
        "layout_kinds": ["flow", "linear", "paged"],
        "screen_plugins": []
      }

      """
  }

  /// `text` as a JSON string.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
