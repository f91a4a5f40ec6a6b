import GraphInspect

/// `graphinspect dump --format html`: one self-contained page (no network, opens from `file://`)
/// to explore a graph: the pictures Graphviz drew in process (the dependency graph and the module
/// tree), pan and zoom, a search box, a panel with everything known about the node clicked (kind,
/// path from the root, what it provides, what it resolved and from whom, who resolved from it,
/// its module, holder and router), the lookup paths it is part of highlighted, kinds of edges and
/// nodes shown or hidden, and the failed lookups listed first with the report `why` prints.
///
/// Names reach the page only inside the script-safe JSON of `ExplorerData` and are shown with
/// `textContent`; the SVGs are Graphviz's, which escapes label text.
public struct ExplorerPage: Sendable {
    public init() {}

    public func html(_ data: ExplorerData, title: String) -> String {
        Self.template
            .replacing("%TITLE%", with: ReplayPage.htmlText(title))
            .replacing("%PANZOOM%", with: PanZoomScript.source)
            .replacing("%DATA%", with: data.json)
    }

    static let template = PageShell.head + """
          #find { position: relative; }
          #search { width: 240px; font-size: 14px; padding: 3px 6px; }
          #matches { position: absolute; z-index: 2; background: #fff; border: 1px solid #ccc; list-style: none; margin: 2px 0 0; padding: 0; width: 320px; max-height: 50vh; overflow: auto; }
          #matches:empty { display: none; }
          #matches li { padding: 3px 8px; cursor: pointer; font-size: 13px; }
          #matches li:hover, #matches li.active { background: #e8f0fe; }
          label { font-size: 13px; }
          button { font-size: 13px; padding: 2px 8px; }
          #failures { border-bottom: 1px solid #ddd; padding: 6px 12px 6px 28px; font-size: 13px; background: #fdecea; max-height: 30vh; overflow: auto; }
          #failures:empty { display: none; }
          #failures pre { white-space: pre-wrap; font-size: 12px; margin: 4px 0 8px; }
          #failures li { margin: 2px 0; }
          #summary { font-size: 12px; color: #555; margin: 0; padding: 2px 12px; }
          #summary:empty { display: none; }
          aside { width: 340px; }
          aside h2 { font-size: 15px; margin: 4px 0 8px; }
          aside h3 { font-size: 13px; margin: 10px 0 2px; color: #555; }
          aside ul { margin: 0; padding-left: 16px; }
          g.selected > path, g.selected > polygon, g.selected > ellipse { stroke: #d93025; stroke-width: 3px; }
          g.onpath > path, g.onpath > polygon { stroke: #d93025; stroke-width: 2.5px; }
          g.onpath > text { fill: #d93025; }
          g.dimmed { opacity: 0.25; }
          .hide-lookups g.k-lookup, .hide-lookups g.k-cacheHit, .hide-lookups g.k-moduleLookup, .hide-lookups g.k-failed { display: none; }
          .hide-released g.released { display: none; }
          .hide-custom g.custom, .hide-custom g.k-custom { display: none; }
        </style>
        </head>
        <body>
        <header>
          <h1 id="title"></h1>
          <div id="find"><input id="search" type="search" placeholder="find a node by name" aria-label="find a node" autocomplete="off"><ul id="matches"></ul></div>
          <label>view <select id="view"></select></label>
          <label><input id="show-lookups" type="checkbox" checked> lookups</label>
          <label><input id="show-released" type="checkbox" checked> released</label>
          <label><input id="show-custom" type="checkbox" checked> recorded kinds</label>
          <button id="zoom-out" title="zoom out (-)">−</button>
          <button id="zoom-in" title="zoom in (+)">+</button>
          <button id="fit" title="fit to window (0)">fit</button>
        </header>
        <ul id="failures"></ul>
        <p id="summary"></p>
        <main>
          <div id="picture"></div>
          <aside id="panel"><h2 id="panel-title">Click a node, or find one by name</h2><div id="panel-body"></div></aside>
        </main>
        <script type="application/json" id="explorer-data">%DATA%</script>
        <script>
        %PANZOOM%
        (function () {
          "use strict";
          var data = JSON.parse(document.getElementById("explorer-data").textContent);
          var picture = document.getElementById("picture");
          var search = document.getElementById("search");
          var matches = document.getElementById("matches");
          var viewSelect = document.getElementById("view");
          var panelTitle = document.getElementById("panel-title");
          var panelBody = document.getElementById("panel-body");
          var zoom = PanZoom(picture);
          var current = 0;
          document.getElementById("title").textContent = data.title;

          function element(tag, text) { var made = document.createElement(tag); if (text !== undefined) { made.textContent = text; } return made; }
          function graphNodes() { return picture.querySelectorAll("g.node"); }
          function graphEdges() { return picture.querySelectorAll("g.edge"); }
          function titleOf(g) { var title = g.querySelector("title"); return title ? title.textContent : ""; }
          function nodeElement(id) {
            var found = null;
            graphNodes().forEach(function (g) { if (titleOf(g) === id) { found = g; } });
            return found;
          }

          function showView(index) {
            current = index;
            var view = data.views[index];
            viewSelect.value = String(index);
            picture.innerHTML = view.svg;
            document.getElementById("summary").textContent = view.summary || "";
            // Each edge's id is `e<n>-<kind>` (ExplorerData.edgeID).
            graphEdges().forEach(function (g) {
              var dash = g.id.indexOf("-");
              if (g.id.charAt(0) === "e" && dash > 0) { g.classList.add("k-" + g.id.slice(dash + 1)); }
            });
            graphNodes().forEach(function (g) {
              var node = data.nodes[titleOf(g)];
              if (node && node.released) { g.classList.add("released"); }
              if (node && ["component", "holder", "module", "router", "viewComponent"].indexOf(node.kind) < 0) { g.classList.add("custom"); }
              g.addEventListener("click", function () { if (!zoom.dragged()) { select(titleOf(g), false); } });
            });
            zoom.attach();
          }

          function clearMarks() {
            picture.querySelectorAll(".selected, .onpath, .dimmed").forEach(function (g) { g.classList.remove("selected", "onpath", "dimmed"); });
          }

          function markEdges(test) {
            graphEdges().forEach(function (g) {
              var ends = titleOf(g).split("->");
              if (test(ends[0], ends[1], g)) { g.classList.add("onpath"); }
            });
          }

          function section(name, lines) {
            if (!lines || lines.length === 0) { return; }
            panelBody.appendChild(element("h3", name));
            var list = element("ul");
            lines.forEach(function (line) { list.appendChild(element("li", line)); });
            panelBody.appendChild(list);
          }

          function select(id, centre) {
            var node = data.nodes[id];
            if (!node) { return; }
            clearMarks();
            panelTitle.textContent = node.label;
            panelBody.replaceChildren();
            section("kind", [node.kind + (node.released ? ", released" : ", live"), node.type]);
            section("path from the root", [node.path.join(" \\u203a ")]);
            section("provides", node.provides);
            section("resolved", node.resolved);
            section("resolved from it", node.resolvedFromIt);
            section("related", node.related);
            var drawn = nodeElement(id);
            if (!drawn) {
              var other = data.views.findIndex(function (view) { return view.drawn.indexOf(id) >= 0; });
              if (other >= 0 && other !== current) { showView(other); drawn = nodeElement(id); }
            }
            if (!drawn) {
              section("not drawn", ["This picture is a summary; graphinspect dump --focus \\"" + node.type.split(".").pop() + "\\" draws the part around it."]);
              return;
            }
            drawn.classList.add("selected");
            // The lookups it made or answered, and the parent edges up to the root.
            markEdges(function (tail, head, g) {
              var lookup = g.classList.contains("k-lookup") || g.classList.contains("k-cacheHit") || g.classList.contains("k-failed") || g.classList.contains("k-moduleLookup");
              return lookup && (tail === id || head === id);
            });
            var chain = node.path.length;
            var ancestors = {};
            var currentId = id;
            for (var step = 0; step < chain && currentId; step++) {
              ancestors[currentId] = true;
              var parent = null;
              graphEdges().forEach(function (g) {
                if (g.classList.contains("k-parent") || g.classList.contains("k-holds")) {
                  var ends = titleOf(g).split("->");
                  if (ends[1] === currentId) { parent = ends[0]; g.classList.add("onpath"); }
                }
              });
              currentId = parent;
            }
            if (centre) { zoom.centerOn(drawn); }
          }

          function showWalk(failure) {
            select(failure.requester, false);
            clearMarks();
            var onWalk = {};
            failure.walk.forEach(function (id) { onWalk[id] = true; });
            graphNodes().forEach(function (g) { if (onWalk[titleOf(g)]) { g.classList.add("selected"); } });
            markEdges(function (tail, head) { return onWalk[tail] && onWalk[head]; });
            var first = nodeElement(failure.requester);
            if (first) { zoom.centerOn(first, 12); }
          }

          function findMatches() {
            var query = search.value.trim().toLowerCase();
            matches.replaceChildren();
            if (!query) { return; }
            var found = Object.keys(data.nodes).filter(function (id) {
              return data.nodes[id].label.toLowerCase().indexOf(query) >= 0;
            }).sort(function (a, b) { return data.nodes[a].label.localeCompare(data.nodes[b].label); });
            found.slice(0, 30).forEach(function (id, index) {
              var item = element("li", data.nodes[id].label);
              item.dataset.node = id;
              if (index === 0) { item.classList.add("active"); }
              item.addEventListener("mousedown", function (event) { event.preventDefault(); choose(id); });
              matches.appendChild(item);
            });
            if (found.length > 30) { matches.appendChild(element("li", "and " + (found.length - 30) + " more: type more of the name")); }
          }

          function choose(id) {
            matches.replaceChildren();
            search.value = data.nodes[id].label;
            select(id, true);
          }

          data.views.forEach(function (view, index) {
            var option = element("option", view.name);
            option.value = String(index);
            viewSelect.appendChild(option);
          });
          viewSelect.addEventListener("change", function () { clearMarks(); showView(Number(viewSelect.value)); });
          [["show-lookups", "hide-lookups"], ["show-released", "hide-released"], ["show-custom", "hide-custom"]].forEach(function (pair) {
            document.getElementById(pair[0]).addEventListener("change", function (event) {
              picture.classList.toggle(pair[1], !event.target.checked);
            });
          });
          document.getElementById("fit").addEventListener("click", function () { zoom.fit(); });
          document.getElementById("zoom-in").addEventListener("click", function () { zoom.zoom(1.25); });
          document.getElementById("zoom-out").addEventListener("click", function () { zoom.zoom(1 / 1.25); });
          search.addEventListener("input", findMatches);
          search.addEventListener("keydown", function (event) {
            var first = matches.querySelector("li[data-node]");
            if (event.key === "Enter" && first) { event.preventDefault(); choose(first.dataset.node); }
            if (event.key === "Escape") { matches.replaceChildren(); }
          });
          document.addEventListener("keydown", function (event) {
            if (event.key === "/" && event.target !== search) { event.preventDefault(); search.focus(); return; }
            if (zoom.keys(event)) { event.preventDefault(); }
          });

          var failures = document.getElementById("failures");
          if (data.failures.length > 0) {
            failures.appendChild(element("li", data.failures.length + (data.failures.length === 1 ? " failed lookup" : " failed lookups") + " (click one to see its walk):"));
            data.failures.forEach(function (failure) {
              var item = element("li");
              var button = element("button", failure.headline);
              button.className = "failure";
              var report = element("pre", failure.report);
              report.hidden = true;
              button.addEventListener("click", function () { report.hidden = !report.hidden; showWalk(failure); });
              item.appendChild(button);
              item.appendChild(report);
              failures.appendChild(item);
            });
          }
          if (data.views.length > 0) { showView(0); }
          window.graphinspectExplorer = { select: function (id) { select(id, true); }, ready: true };
        })();
        </script>
        </body>
        </html>

        """
}
