import GraphInspect

/// One self-contained HTML page that plays a replay. The whole graph is laid out once, so nothing
/// moves: each step reveals what it adds and highlights it (`ReplayPlayer` says which step each
/// node, edge and holder cluster first appears at). The picture fills the window (pan and zoom as
/// in the explorer); step buttons are inline SVG icons, so they show with any font; arrow keys,
/// Home, End and space step and play; a click on a node shows its details under its name and
/// number. No network, no external scripts: open it from disk.
///
/// App-chosen names reach the page only as JSON inside a `<script type="application/json">` block
/// with `<`, `>` and `&` escaped (so nothing can close the block) and are shown with `textContent`;
/// the SVG is Graphviz's, which escapes label text.
public struct ReplayPage: Sendable {
    public init() {}

    /// - Parameters:
    ///   - svg: the whole replay drawn once, edges with `ReplayPlayer.edgeID` ids.
    ///   - player: which step reveals what, the words of each step, each node's name and details.
    public func html(title: String, svg: String, player: ReplayPlayer) -> String {
        var data = "{\"title\":" + Self.json(title) + ",\"svg\":" + Self.json(Self.stripProlog(svg))
        data += ",\"words\":[" + player.words.map(Self.json).joined(separator: ",") + "]"
        data += ",\"nodeStep\":{" + player.nodeStep.sorted { $0.key < $1.key }.map { Self.json($0.key) + ":\($0.value)" }.joined(separator: ",") + "}"
        data += ",\"clusterStep\":{" + player.clusterStep.sorted { $0.key < $1.key }.map { Self.json($0.key) + ":\($0.value)" }.joined(separator: ",") + "}"
        data += ",\"labels\":{" + player.labels.sorted { $0.key < $1.key }.map { Self.json($0.key) + ":" + Self.json($0.value) }.joined(separator: ",") + "}"
        data += ",\"details\":{"
        data += player.details.sorted { $0.key < $1.key }.map { Self.json($0.key) + ":[" + $0.value.map(Self.json).joined(separator: ",") + "]" }.joined(separator: ",")
        data += "}}"
        return Self.template
            .replacing("%TITLE%", with: Self.htmlText(title))
            .replacing("%PANZOOM%", with: PanZoomScript.source)
            .replacing("%DATA%", with: data)
    }

    /// The SVG from `<svg` on: the XML prolog and doctype cannot sit inside HTML.
    static func stripProlog(_ svg: String) -> String {
        guard let start = svg.firstRange(of: "<svg") else { return svg }
        return String(svg[start.lowerBound...])
    }

    /// A JSON string literal safe inside a `<script>` block.
    static func json(_ text: String) -> String {
        JSONString.literal(text, safeInHTMLScript: true)
    }

    /// `text` escaped for HTML element content and attribute values.
    public static func htmlText(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    static let template = PageShell.head + """
          button { padding: 3px 8px; line-height: 0; }
          button svg { width: 16px; height: 16px; fill: #333; }
          #play { line-height: normal; font-size: 13px; min-width: 56px; }
          #slider { width: 320px; }
          #counter { font-size: 13px; color: #555; }
          #words { font-size: 15px; margin: 0; padding: 6px 12px; border-bottom: 1px solid #eee; min-height: 1.4em; }
          aside { width: 300px; }
          aside h2 { font-size: 15px; margin: 4px 0 8px; }
          aside ul { padding-left: 16px; margin: 0; }
          aside details { margin-top: 16px; color: #555; }
          g.future { visibility: hidden; }
          g.current > path, g.current > polygon, g.current > ellipse { stroke: #d93025; stroke-width: 2.5px; }
          g.current > text { fill: #d93025; }
        </style>
        </head>
        <body>
        <header>
          <h1 id="title"></h1>
          <button id="first" title="first step (Home)" aria-label="first step"><svg viewBox="0 0 16 16"><rect x="2" y="2" width="2" height="12"/><path d="M14 2 L5 8 L14 14 Z"/></svg></button>
          <button id="prev" title="previous step (\u{2190})" aria-label="previous step"><svg viewBox="0 0 16 16"><path d="M12 2 L3 8 L12 14 Z"/></svg></button>
          <button id="play" title="play or pause (space)">play</button>
          <button id="next" title="next step (\u{2192})" aria-label="next step"><svg viewBox="0 0 16 16"><path d="M4 2 L13 8 L4 14 Z"/></svg></button>
          <button id="last" title="last step (End)" aria-label="last step"><svg viewBox="0 0 16 16"><path d="M2 2 L11 8 L2 14 Z"/><rect x="12" y="2" width="2" height="12"/></svg></button>
          <input id="slider" type="range" min="1" value="1" aria-label="step">
          <span id="counter"></span>
        </header>
        <p id="words"></p>
        <main>
          <div id="picture"></div>
          <aside>
            <h2 id="details-title">details</h2>
            <div id="details">Click a node to see what it is.</div>
            <details><summary>legend</summary><ul>
              <li>Each step adds what it names; the newest is drawn in red.</li>
              <li>Solid arrows: a component to its parent, a holder to what it holds, a builder to what it makes.</li>
              <li>Dashed arrows: lookups; a red one ends in what was not found.</li>
              <li>Wheel or +/- zooms, drag pans, 0 fits the window.</li>
            </ul></details>
          </aside>
        </main>
        <script type="application/json" id="replay-data">%DATA%</script>
        <script>
        %PANZOOM%
        (function () {
          "use strict";
          var data = JSON.parse(document.getElementById("replay-data").textContent);
          var count = data.words.length;
          var step = 0;
          var timer = null;
          var picture = document.getElementById("picture");
          var words = document.getElementById("words");
          var slider = document.getElementById("slider");
          var counter = document.getElementById("counter");
          var details = document.getElementById("details");
          var detailsTitle = document.getElementById("details-title");
          var play = document.getElementById("play");
          document.getElementById("title").textContent = data.title;
          slider.max = String(Math.max(1, count));
          picture.innerHTML = data.svg;
          var zoom = PanZoom(picture);
          zoom.attach();

          // Which step (1-based) reveals each element of the one picture.
          var revealed = [];
          function titleOf(g) { var title = g.querySelector("title"); return title ? title.textContent : ""; }
          picture.querySelectorAll("g.node").forEach(function (g) {
            var id = titleOf(g);
            if (data.nodeStep[id] !== undefined) { revealed.push([g, data.nodeStep[id]]); }
            g.addEventListener("click", function () { if (!zoom.dragged()) { showDetails(id); } });
          });
          picture.querySelectorAll("g.edge").forEach(function (g) {
            var match = /^s([0-9]+)-/.exec(g.id);
            if (match) { revealed.push([g, Number(match[1])]); }
          });
          picture.querySelectorAll("g.cluster").forEach(function (g) {
            var id = titleOf(g);
            if (data.clusterStep[id] !== undefined) { revealed.push([g, data.clusterStep[id]]); }
          });

          function showDetails(id) {
            details.replaceChildren();
            detailsTitle.textContent = data.labels[id] || id;
            var list = document.createElement("ul");
            (data.details[id] || ["no details"]).forEach(function (line) {
              var item = document.createElement("li");
              item.textContent = line;
              list.appendChild(item);
            });
            details.appendChild(list);
          }

          function show(index) {
            if (count === 0) { words.textContent = "nothing to replay"; return; }
            step = Math.max(0, Math.min(count - 1, index));
            var shown = step + 1;
            revealed.forEach(function (entry) {
              entry[0].classList.toggle("future", entry[1] > shown);
              entry[0].classList.toggle("current", entry[1] === shown && !entry[0].classList.contains("cluster"));
            });
            words.textContent = shown + ". " + data.words[step];
            slider.value = String(shown);
            counter.textContent = "step " + shown + " of " + count;
          }

          function pause() { if (timer) { clearInterval(timer); timer = null; play.textContent = "play"; } }
          function toggle() {
            if (timer) { pause(); return; }
            if (step === count - 1) { show(0); }
            play.textContent = "pause";
            timer = setInterval(function () { if (step >= count - 1) { pause(); } else { show(step + 1); } }, 900);
          }

          document.getElementById("first").addEventListener("click", function () { pause(); show(0); });
          document.getElementById("prev").addEventListener("click", function () { pause(); show(step - 1); });
          document.getElementById("next").addEventListener("click", function () { pause(); show(step + 1); });
          document.getElementById("last").addEventListener("click", function () { pause(); show(count - 1); });
          play.addEventListener("click", toggle);
          slider.addEventListener("input", function () { pause(); show(Number(slider.value) - 1); });
          document.addEventListener("keydown", function (event) {
            if (event.target === slider && (event.key === "ArrowRight" || event.key === "ArrowLeft")) { return; }
            if (event.key === "ArrowRight") { pause(); show(step + 1); }
            else if (event.key === "ArrowLeft") { pause(); show(step - 1); }
            else if (event.key === "Home") { pause(); show(0); }
            else if (event.key === "End") { pause(); show(count - 1); }
            else if (event.key === " ") { toggle(); }
            else if (!zoom.keys(event)) { return; }
            event.preventDefault();
          });

          // #step=N opens at step N; &press=next|ArrowRight|node:ID then acts as a user would.
          var parameters = new URLSearchParams(location.hash.slice(1));
          show((Number(parameters.get("step")) || 1) - 1);
          var press = parameters.get("press");
          if (press === "next") { document.getElementById("next").click(); }
          else if (press && press.indexOf("node:") === 0) { showDetails(press.slice(5)); }
          else if (press) { document.dispatchEvent(new KeyboardEvent("keydown", { key: press })); }
        })();
        </script>
        </body>
        </html>

        """
}
