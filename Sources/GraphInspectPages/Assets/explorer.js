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
    section("path from the root", [node.path.join(" \u203a ")]);
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
      section("not drawn", ["This picture is a summary; graphinspect dump --focus \"" + node.type.split(".").pop() + "\" draws the part around it."]);
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
