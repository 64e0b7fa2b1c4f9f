/// The page around the preview's content: the document, its style sheet and its scripts. The style
/// sheet and the script are files of their own, shared by every page (a page of a 10,000-screen
/// preview would otherwise carry 12 KB of them).
extension PreviewRenderer {
  /// The pages' style sheet, beside them.
  package static let styleFile = "preview.css"
  /// The pages' script, beside them.
  package static let scriptFile = "preview.js"

  /// The document's start, up to its body's first element. Its title is `names` joined by ` — `,
  /// each isolated on its own (a name's directional controls reorder neither the other name nor
  /// the page's words), then `ending`. `base`, for a page served below the preview's folder, is
  /// the way up to it (`../`), which its relative links and event stream then start from.
  package func beginDocument(_ out: inout PageBytes, title names: [String], ending: StaticString, base: String = "") {
    out.add("<!DOCTYPE html>\n<html lang=\"en\"")
    if let generation { out.add(markup: " data-generation=\"\(generation)\"") }
    if let server { out.add(markup: " data-server=\"\(server)\"") }  // letters and digits only
    out.add(
      """
      >
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">

      """)
    if !base.isEmpty { out.add(markup: "<base href=\"\(base)\">\n") }  // `../` repeated: nothing to escape
    out.add("<link rel=\"icon\" href=\"data:,\">\n<title>")
    for (position, name) in names.enumerated() {
      if position > 0 { out.add(" — ") }
      out.isolated(name)
    }
    out.add(ending)
    out.add(markup: "</title>\n<link rel=\"stylesheet\" href=\"\(Self.styleFile)\">\n</head>\n<body>\n")
  }

  /// The document's end: the scripts after its body's content.
  package func endDocument(_ out: inout PageBytes) {
    out.add(markup: "<script src=\"screens.js\"></script>\n<script src=\"\(Self.scriptFile)\"></script>")
    if live { out.add(markup: "\n<script>\(Self.liveScript)</script>") }
    out.add("\n</body>\n</html>\n")
  }

  package static let style = """
    :root { --bg: #eceef3; --ink: #1c2230; --muted: #687086; --line: #d8dce5; --accent: #4353ff; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 13px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
    a { color: var(--accent); text-decoration: none; }
    a:hover { text-decoration: underline; }
    code { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
    .bar { position: sticky; top: 0; z-index: 20; display: flex; flex-wrap: wrap; gap: 10px 14px; align-items: center; padding: 9px 20px; background: #151925; color: #e8eaf2; box-shadow: 0 1px 0 #0003; }
    .bar .home { color: #fff; font-weight: 650; font-size: 15px; margin-right: 4px; }
    .bar .go { background: #242a3a; color: #e8eaf2; border: 1px solid #343b50; border-radius: 7px; padding: 4px 10px; font: inherit; cursor: pointer; margin-left: -8px; }
    .bar select { max-width: min(100%, 420px); background: #242a3a; color: #e8eaf2; border: 1px solid #343b50; border-radius: 7px; padding: 4px 8px; font: inherit; }
    h1, .lede, .facts, .links, .nav, .card, .mappings, .cap, .placeholder, .screen-plugin, .note, .unbound, .device > h2 { overflow-wrap: anywhere; }
    .seg { display: inline-flex; border: 1px solid #343b50; border-radius: 8px; overflow: hidden; }
    .seg button { background: #1e2332; color: #c3c8d8; border: 0; border-right: 1px solid #343b50; padding: 4px 10px; font: inherit; cursor: pointer; }
    .seg button:last-child { border-right: 0; }
    .seg button.on { background: var(--accent); color: #fff; }
    .live { margin-left: auto; color: #62e09a; font-size: 12px; }
    .cell.pad { opacity: .5; border-style: dashed; }
    .bar .platform { color: #c3c8d8; font-size: 12px; border: 1px solid #343b50; border-radius: 7px; padding: 3px 8px; }
    main { padding: 18px 24px 48px; }
    main.index { max-width: 1180px; margin: 0 auto; }
    h1 { font-size: 24px; margin: 4px 0 6px; letter-spacing: -0.01em; }
    h2 { font-size: 15px; margin: 26px 0 10px; }
    .lede, .facts { color: var(--muted); margin: 0 0 8px; }
    .badge { display: inline-block; border-radius: 999px; padding: 0 8px; font-size: 11px; font-weight: 600; background: #dfe3ec; color: #3b4256; }
    .badge.home { background: #ffe6b8; color: #7a4b00; }
    .badge.connected { background: #d4f3e2; color: #14643b; }
    .badge.plugin { background: #ecdfff; color: #5b2ea6; }
    .screen-head { margin-bottom: 8px; }
    .links, .nav, .feed { margin: 6px 0; color: var(--muted); }
    .links b, .nav b { color: var(--ink); margin-right: 6px; }
    .links ul { display: inline; margin: 0; padding: 0; }
    .links li { display: inline; margin-right: 12px; }
    .chip { display: inline-block; margin: 2px 4px 2px 0; padding: 1px 9px; border-radius: 999px; background: #fff; border: 1px solid var(--line); color: var(--ink); }
    a.chip { color: var(--accent); }
    .chip.missing { color: #b3261e; border-color: #f0b8b3; }
    .problems { background: #fff1f0; border: 1px solid #f0b8b3; border-radius: 12px; padding: 10px 16px; margin-bottom: 16px; }
    .problems-head { color: #b3261e; margin: 4px 0 8px; font-size: 1.2em; font-weight: 650; }
    .problems pre { margin: 0; white-space: pre-wrap; font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; }
    .devices { display: flex; gap: 32px; align-items: flex-start; padding-top: 10px; transform-origin: 0 0; }
    .device { flex: none; }
    .device[hidden] { display: none; }
    .device > h2 { margin: 0 0 8px 4px; font-size: 12px; font-weight: 500; color: var(--muted); }
    .device > h2 b { color: var(--ink); }
    .screen { background: #fff; border-radius: 22px; overflow: hidden; padding: 10px 0 28px; box-shadow: 0 0 0 1px #dde1ea, 0 1px 2px #0000000f, 0 12px 32px #1a24480f; }
    .sec { position: relative; margin-bottom: 6px; }
    .cap { display: flex; flex-wrap: wrap; gap: 2px 7px; align-items: baseline; padding: 8px 12px 5px; font-size: 11px; color: var(--muted); }
    .cap b { color: var(--ink); font-weight: 600; }
    .cap .num { display: inline-block; min-width: 18px; text-align: center; border-radius: 5px; background: hsl(var(--h) 45% 92%); color: hsl(var(--h) 35% 32%); font-weight: 600; }
    .cap .style { font: 10.5px ui-monospace, SFMono-Regular, Menlo, monospace; color: hsl(var(--h) 35% 32%); }
    .hdr { display: flex; align-items: center; justify-content: space-between; padding: 0 14px; font-weight: 600; font-size: 14px; color: #2a3142; }
    .hdr small { font-weight: 400; font-size: 10px; color: var(--muted); }
    .body { position: relative; }
    .body.flow, .body.waterfall, .body.linear, .body.sticky { display: grid; align-items: start; }
    .body.horizontal, .body.paged { display: flex; overflow-x: auto; scrollbar-width: none; }
    .body.overflows { -webkit-mask-image: linear-gradient(to right, #000 86%, #0004); mask-image: linear-gradient(to right, #000 86%, #0004); }
    .body.horizontal::-webkit-scrollbar, .body.paged::-webkit-scrollbar { display: none; }
    .cell { flex: none; position: relative; display: block; overflow: hidden; border-radius: 10px; color: inherit; text-decoration: none;
      background: linear-gradient(155deg, hsl(var(--h) 62% 90%), hsl(var(--h) 48% 80%)); }
    a.cell:hover { outline: 2px solid hsl(var(--h) 60% 45%); text-decoration: none; }
    .body > .cell { width: var(--cw); height: var(--ch); }
    .one_and_n .cell { position: absolute; }
    .cell .n { position: absolute; top: 6px; left: 6px; z-index: 2; font-size: 10px; font-weight: 600; padding: 0 6px; border-radius: 8px; background: #ffffffcc; color: hsl(var(--h) 35% 30%); }
    .cell .s { position: absolute; left: 8px; right: 8px; bottom: 4px; z-index: 2; font: 10px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; color: hsl(var(--h) 35% 28%); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .cell .t { position: absolute; left: 8px; right: 8px; bottom: 18px; z-index: 2; font-weight: 600; font-size: 12px; line-height: 1.2; color: #1c2230; max-height: 2.4em; overflow: hidden; }
    .cell.short { display: flex; align-items: center; gap: 8px; padding: 0 8px; }
    .cell.short .n, .cell.short .t, .cell.short .s { position: static; }
    .cell.short .s { flex: 1; text-align: right; }
    .cell img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
    .cell .el { position: absolute; z-index: 1; box-sizing: border-box; border: 1px solid hsl(var(--h) 40% 45% / .55); background: hsl(var(--h) 60% 97% / .55); }
    .cell.unsized { background: repeating-linear-gradient(135deg, hsl(var(--h) 55% 91%) 0 8px, hsl(var(--h) 50% 86%) 8px 16px); }
    .cell.carded { overflow: visible; border-radius: 0; background: none; }
    .cell .cardbox { position: absolute; z-index: 0; overflow: hidden; background: linear-gradient(155deg, hsl(var(--h) 62% 90%), hsl(var(--h) 48% 80%)); }
    .cell.unsized .cardbox { background: repeating-linear-gradient(135deg, hsl(var(--h) 55% 91%) 0 8px, hsl(var(--h) 50% 86%) 8px 16px); }
    .cell .cardbox.painted { background-image: none; }
    .cell.unsized .cardbox.painted { background-image: repeating-linear-gradient(135deg, #ffffff47 0 8px, #ffffff00 8px 16px); }
    .cell .in { position: absolute; z-index: 1; }
    .cell.short .in { display: flex; align-items: center; gap: 8px; padding: 0 8px; }
    .sticky .cell::after { content: ""; position: absolute; left: 0; right: 0; bottom: 0; z-index: 1; height: 3px; background: hsl(var(--h) 60% 55%); }
    .sec.sticky > .cap::after { content: "pinned"; font-size: 10px; padding: 0 6px; border-radius: 6px; background: #fff3c4; color: #6b5200; }
    .dots { display: flex; justify-content: center; gap: 5px; margin-top: -4px; }
    .dots i { width: 6px; height: 6px; border-radius: 50%; background: #c8cdd8; }
    .dots i:first-child { background: #5b6378; }
    .note { margin: 0 12px 4px; font-size: 11px; color: var(--muted); font-style: italic; }
    .cell-body { margin-top: 6px; border-top: 1px dashed hsl(var(--h) 40% 72%); }
    .placeholder, .screen-plugin { display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 2px; margin: 4px 12px; min-height: 96px; text-align: center;
      border: 2px dashed #b9a3e6; border-radius: 14px; background: #f8f4ff; color: #5b2ea6; padding: 10px; }
    .placeholder b, .screen-plugin b { font-size: 15px; }
    .placeholder span, .screen-plugin span { font-size: 12px; color: #6d4fb0; }
    .placeholder small, .screen-plugin small { color: #8c7bb8; }
    .screen-plugin { min-height: 560px; }
    .empty-screen { padding: 40px; text-align: center; color: var(--muted); }
    .unbound { margin: 2px 12px 6px; padding: 8px 12px; border-radius: 10px; font-size: 12px; font-weight: 600; }
    .unbound.empty { background: #f3f4f7; color: #5f667a; border: 1px dashed #c2c7d3; }
    .unbound.incompatible { background: #fff1f0; color: #b3261e; border: 1px dashed #e7a19b; }
    .legend { display: flex; gap: 16px; flex-wrap: wrap; color: var(--muted); font-size: 12px; margin-bottom: 8px; }
    .key::before { content: ""; display: inline-block; width: 22px; height: 0; margin-right: 6px; vertical-align: middle; border-top: 2px solid; }
    .key.navigation::before { border-color: #8b5cf6; } .key.target::before { border-color: #4353ff; }
    .key.feed::before { border-color: #16a34a; } .key.mapping::before { border-color: #9aa1b2; border-top-style: dashed; }
    .mapbox { overflow: auto; background: #fff; border: 1px solid var(--line); border-radius: 16px; padding: 8px; }
    .map .node rect { fill: #f6f7fb; stroke: #c9cfdc; stroke-width: 1.2; }
    .map .node.home rect { fill: #fff4dc; stroke: #e3b45c; }
    .map .node.connected rect { fill: #e8f8ef; stroke: #7cc59c; }
    .map .node.plugin rect { fill: #f4edff; stroke: #b39ae6; }
    .map .node.entries rect { fill: #fff; stroke: #9aa1b2; stroke-dasharray: 4 3; }
    .map a:hover rect { stroke: var(--accent); stroke-width: 2; }
    .map .name { font: 600 13px system-ui, sans-serif; fill: #1c2230; }
    .map .sub { font: 10.5px system-ui, sans-serif; fill: #687086; }
    .map .row-label { font: 600 12px system-ui, sans-serif; fill: #687086; }
    .map .edge { fill: none; stroke-width: 1.6; opacity: 0.85; }
    .map .edge.navigation { stroke: #8b5cf6; } .map .arrow.navigation { fill: #8b5cf6; }
    .map .edge.target { stroke: #4353ff; } .map .arrow.target { fill: #4353ff; }
    .map .edge.feed { stroke: #16a34a; } .map .arrow.feed { fill: #16a34a; }
    .map .edge.mapping { stroke: #9aa1b2; stroke-dasharray: 5 4; } .map .arrow.mapping { fill: #9aa1b2; }
    .map .edge:hover { stroke-width: 3; opacity: 1; }
    .cards { list-style: none; padding: 0; margin: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 12px; }
    .card a { display: block; padding: 12px 14px; background: #fff; border: 1px solid var(--line); border-radius: 14px; color: var(--ink); }
    .card a:hover { border-color: var(--accent); text-decoration: none; }
    .card b { font-size: 14px; margin-right: 8px; }
    .card small { display: block; margin-top: 4px; color: var(--muted); }
    .mappings td { padding: 3px 14px 3px 0; }
    """

  /// The device picker and the zoom: `?device=NAME&zoom=1` in the address overrides the choice
  /// kept in localStorage; a zoom the bar does not offer is not taken: the zoom last chosen stays
  /// (the page fits when none was).
  package static let script = """

    (function () {
      var jump = document.querySelector('select.jump');
      if (!jump) return;
      var current = jump.dataset.current;
      if (window.zlcScreens) {
        jump.textContent = '';
        [['Map and screens', 'index.html']].concat(window.zlcScreens).forEach(function (s) {
          var option = document.createElement('option');
          option.textContent = s[0];
          option.value = s[1];
          jump.appendChild(option);
        });
        jump.value = current;
      }
      function go() { if (jump.value !== current) location.href = jump.value; }
      // A key on the closed menu changes its choice at once: that change stays on the page. A
      // choice confirmed in the open list (by pointer, or Enter there) comes later, and goes.
      var keyedAt = -Infinity;
      jump.addEventListener('keydown', function (e) {
        if (e.key === 'Enter') { e.preventDefault(); go(); } else if (e.key !== 'Tab') { keyedAt = Date.now(); }
      });
      jump.addEventListener('change', function () { if (Date.now() - keyedAt > 150) go(); });
      var button = document.querySelector('.bar .go');
      if (button) button.addEventListener('click', go);
    })();
    (function () {
      var devices = document.querySelector('.devices');
      if (!devices) return;
      var query = new URLSearchParams(location.search);
      var store = {};
      try { store = JSON.parse(localStorage.getItem('zlc-preview') || '{}') || {}; } catch (e) {}
      // '' shows every device: no device is named so (a device may be named 'all').
      var asked = query.get('device');
      // Only a zoom the bar offers: `?zoom=1e6` would draw a page millions of pixels wide, and be
      // kept for every page after it.
      var zooms = Array.prototype.map.call(document.querySelectorAll('button[data-zoom]'), function (b) { return b.dataset.zoom; });
      var offered = [query.get('zoom'), store.zoom].filter(function (z) { return zooms.indexOf(z) >= 0; });
      var state = { device: asked !== null ? asked : (store.device || ''), zoom: offered.length ? offered[0] : 'fit' };
      function apply() {
        var shown = [];
        devices.querySelectorAll('.device').forEach(function (d) {
          d.hidden = state.device !== '' && d.dataset.device !== state.device;
          if (!d.hidden) shown.push(d);
        });
        if (!shown.length) { state.device = ''; return apply(); }
        var zoom = parseFloat(state.zoom);
        if (state.zoom === 'fit') {
          var natural = shown.reduce(function (sum, d) { return sum + parseFloat(d.dataset.width) + 34; }, 0);
          zoom = Math.min(1, (document.documentElement.clientWidth - 56) / natural);
        }
        devices.style.zoom = String(zoom);
        document.querySelectorAll('[data-device]').forEach(function (b) {
          if (b.tagName !== 'BUTTON') return;
          b.classList.toggle('on', b.dataset.device === state.device);
          b.setAttribute('aria-pressed', String(b.dataset.device === state.device));
        });
        document.querySelectorAll('[data-zoom]').forEach(function (b) {
          b.classList.toggle('on', b.dataset.zoom === state.zoom);
          b.setAttribute('aria-pressed', String(b.dataset.zoom === state.zoom));
        });
        try { localStorage.setItem('zlc-preview', JSON.stringify(state)); } catch (e) {}
      }
      document.querySelectorAll('button[data-device]').forEach(function (b) {
        b.addEventListener('click', function () { state.device = b.dataset.device; apply(); });
      });
      document.querySelectorAll('button[data-zoom]').forEach(function (b) {
        b.addEventListener('click', function () { state.zoom = b.dataset.zoom; apply(); });
      });
      window.addEventListener('resize', function () { if (state.zoom === 'fit') apply(); });
      apply();
    })();

    """

  /// `zlc serve`: reload when the server announces a new build, or when another server answers
  /// (whose builds are numbered from 1 again). The tabs of an origin share one event stream, so
  /// that they do not use up the browser's few connections per host: the tab that holds a lock
  /// listens and relays what it hears on a `BroadcastChannel`; when it goes, another takes the
  /// lock. Without those APIs each tab listens on its own. The stream's address is relative to the
  /// page (`/preview/…`), so that a proxy serving the preview under a path of its own reaches it.
  package static let liveScript = """

    (function () {
      if (!window.EventSource) return;
      var root = document.documentElement.dataset, latest = null;
      function heard(type, data) {
        root.live = 'open';
        var stale = root.generation !== undefined
          && (String(data.generation) !== root.generation || data.server !== root.server);
        if (type === 'reload' || (type === 'current' && stale)) location.reload();
      }
      function listen(relay) {
        var events = new EventSource('../_zlc/events');
        events.addEventListener('open', function () { root.live = 'open'; });
        ['current', 'reload'].forEach(function (type) {
          events.addEventListener(type, function (e) {
            latest = JSON.parse(e.data);
            if (relay) relay.postMessage({ type: type, data: latest });
            heard(type, latest);
          });
        });
      }
      if (!window.BroadcastChannel || !navigator.locks) return listen(null);
      var channel = new BroadcastChannel('zlc-events');
      channel.onmessage = function (e) {
        if (e.data.type === 'hello') { if (latest) channel.postMessage({ type: 'current', data: latest }); }
        else heard(e.data.type, e.data.data);
      };
      channel.postMessage({ type: 'hello' });
      navigator.locks.request('zlc-events', function () { listen(channel); return new Promise(function () {}); });
    })();

    """
}
