import GraphInspect

/// One self-contained HTML page that plays a replay: every frame's SVG, a slider, play/pause and
/// step buttons, arrow keys, the step in words, and a details panel for the node clicked. No network,
/// no external scripts: open it from disk.
///
/// App-chosen names reach the page only as JSON inside a `<script type="application/json">` block
/// with `<`, `>` and `&` escaped (so nothing can close the block) and are shown with `textContent`;
/// the SVGs are Graphviz's, which escapes label text.
public struct ReplayPage: Sendable {
    public init() {}

    /// - Parameters:
    ///   - frames: each frame's SVG and the words of its newest step, in order.
    ///   - details: node id to the lines shown when it is clicked.
    public func html(title: String, frames: [(svg: String, words: String)], details: [String: [String]]) -> String {
        var data = "{\"title\":" + Self.json(title) + ",\"frames\":["
        data += frames.map { "{\"svg\":" + Self.json(Self.stripProlog($0.svg)) + ",\"words\":" + Self.json($0.words) + "}" }.joined(separator: ",")
        data += "],\"details\":{"
        data += details.sorted { $0.key < $1.key }.map { Self.json($0.key) + ":[" + $0.value.map(Self.json).joined(separator: ",") + "]" }.joined(separator: ",")
        data += "}}"
        return Self.template
            .replacing("%TITLE%", with: Self.htmlText(title))
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

    static let template = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>%TITLE%</title>
        <style>
          body { font-family: system-ui, sans-serif; margin: 0; color: #222; }
          header { padding: 10px 16px; border-bottom: 1px solid #ddd; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
          h1 { font-size: 16px; margin: 0 12px 0 0; }
          button { font-size: 14px; padding: 4px 10px; }
          #slider { width: 320px; }
          main { display: flex; gap: 16px; padding: 12px 16px; }
          #stage { flex: 1; min-width: 0; }
          #picture { overflow: auto; border: 1px solid #eee; max-height: 75vh; }
          #picture svg { max-width: 100%; height: auto; }
          #words { font-size: 15px; margin: 10px 0; min-height: 1.5em; }
          aside { width: 300px; font-size: 13px; border-left: 1px solid #eee; padding-left: 12px; }
          aside ul { padding-left: 16px; }
          g.node { cursor: pointer; }
        </style>
        </head>
        <body>
        <header>
          <h1 id="title"></h1>
          <button id="first" title="first step (Home)">⏮</button>
          <button id="prev" title="previous step (←)">◀</button>
          <button id="play" title="play or pause (space)">play</button>
          <button id="next" title="next step (→)">▶</button>
          <button id="last" title="last step (End)">⏭</button>
          <input id="slider" type="range" min="1" value="1" aria-label="step">
          <span id="counter"></span>
        </header>
        <main>
          <div id="stage">
            <p id="words"></p>
            <div id="picture"></div>
          </div>
          <aside><h2>details</h2><div id="details">Click a node to see what it is.</div></aside>
        </main>
        <script type="application/json" id="replay-data">%DATA%</script>
        <script>
        (function () {
          "use strict";
          var data = JSON.parse(document.getElementById("replay-data").textContent);
          var count = data.frames.length;
          var step = 0;
          var timer = null;
          var picture = document.getElementById("picture");
          var words = document.getElementById("words");
          var slider = document.getElementById("slider");
          var counter = document.getElementById("counter");
          var details = document.getElementById("details");
          var play = document.getElementById("play");
          document.getElementById("title").textContent = data.title;
          slider.max = String(count);

          function showDetails(id) {
            details.replaceChildren();
            var heading = document.createElement("p");
            heading.textContent = id;
            var list = document.createElement("ul");
            (data.details[id] || ["no details"]).forEach(function (line) {
              var item = document.createElement("li");
              item.textContent = line;
              list.appendChild(item);
            });
            details.appendChild(heading);
            details.appendChild(list);
          }

          function show(index) {
            if (count === 0) { words.textContent = "nothing to replay"; return; }
            step = Math.max(0, Math.min(count - 1, index));
            picture.innerHTML = data.frames[step].svg;
            words.textContent = (step + 1) + ". " + data.frames[step].words;
            slider.value = String(step + 1);
            counter.textContent = "step " + (step + 1) + " of " + count;
            picture.querySelectorAll("g.node").forEach(function (node) {
              var title = node.querySelector("title");
              if (!title) { return; }
              node.addEventListener("click", function () { showDetails(title.textContent); });
            });
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
            if (event.key === "ArrowRight") { pause(); show(step + 1); }
            else if (event.key === "ArrowLeft") { pause(); show(step - 1); }
            else if (event.key === "Home") { pause(); show(0); }
            else if (event.key === "End") { pause(); show(count - 1); }
            else if (event.key === " ") { event.preventDefault(); toggle(); }
            else { return; }
          });

          // #step=N opens at step N; &press=next|ArrowRight|node:ID then acts as a user would
          // (used by the tests in a headless browser).
          var parameters = new URLSearchParams(location.hash.slice(1));
          show((Number(parameters.get("step")) || 1) - 1);
          var press = parameters.get("press");
          if (press === "next") { document.getElementById("next").click(); }
          else if (press && press.indexOf("node:") === 0) {
            picture.querySelectorAll("g.node").forEach(function (node) {
              var title = node.querySelector("title");
              if (title && title.textContent === press.slice(5)) {
                node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
              }
            });
          }
          else if (press) { document.dispatchEvent(new KeyboardEvent("keydown", { key: press })); }
        })();
        </script>
        </body>
        </html>

        """
}
