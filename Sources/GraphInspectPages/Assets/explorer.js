(function () {
  "use strict";
  var data = ExplorerPageData(JSON.parse(document.getElementById("explorer-data").textContent));
  var picture = document.getElementById("picture");
  var search = document.getElementById("search");
  var matches = document.getElementById("matches");
  var viewSelect = document.getElementById("view");
  var panelTitle = document.getElementById("panel-title");
  var panelBody = document.getElementById("panel-body");
  var zoom = PanZoom(picture);
  var current = 0, outline = null, outlines = {}, fromIt = null;
  // A node's fields (ExplorerData): [label, kind, type, released, parent, provides, resolved, related];
  // each resolved entry: [name, type, provider, hops, cache hits, lookups answered].
  var LABEL = 0, KIND = 1, TYPE = 2, RELEASED = 3, PARENT = 4, RESOLVED = 6;
  var RUNTIME_KINDS = ["component", "holder", "module", "router", "viewComponent"];
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
  function label(id) { var node = data.nodes[id]; return node ? node[LABEL] : "?"; }
  function plural(count, one, many) { return count + " " + (count === 1 ? one : many); }

  var panel = NodePanel(panelTitle, panelBody);
  function ancestors(id) { return panel.ancestors(data.nodes, id); }
  function section(name, lines) { panel.section(name, lines); }

  function viewHas(view, id) {
    return view.outline ? outlineFor(view).has(id) : view.drawn.indexOf(id) >= 0;
  }
  function outlineFor(view) {
    var at = data.views.indexOf(view);
    if (!outlines[at]) { outlines[at] = Outline(picture, zoom, view.outline, { select: function (id) { select(id, false); } }); }
    return outlines[at];
  }

  function showView(index) {
    current = index;
    var view = data.views[index];
    viewSelect.value = String(index);
    document.getElementById("summary").textContent = view.summary || "";
    if (view.outline) {
      var made = !outlines[index];
      outline = outlineFor(view);
      if (!made) { outline.show(); }
      return;
    }
    outline = null;
    picture.innerHTML = view.svg;
    // Each edge's id is `e<n>-<kind>` (ExplorerData.edgeID).
    graphEdges().forEach(function (g) {
      var dash = g.id.indexOf("-");
      if (g.id.charAt(0) === "e" && dash > 0) { g.classList.add("k-" + g.id.slice(dash + 1)); }
    });
    graphNodes().forEach(function (g) {
      var node = data.nodes[titleOf(g)];
      if (node && node[RELEASED]) { g.classList.add("released"); }
      if (node && RUNTIME_KINDS.indexOf(node[KIND]) < 0) { g.classList.add("custom"); }
      g.addEventListener("click", function () { if (!zoom.dragged()) { select(titleOf(g), false); } });
    });
    zoom.attach();
  }

  function clearMarks() {
    if (outline) { outline.mark({}, {}, []); return; }
    picture.querySelectorAll(".selected, .onpath, .dimmed").forEach(function (g) { g.classList.remove("selected", "onpath", "dimmed"); });
  }

  function markEdges(test) {
    graphEdges().forEach(function (g) {
      var ends = titleOf(g).split("->");
      if (test(ends[0], ends[1], g)) { g.classList.add("onpath"); }
    });
  }

  // Who resolved from each node, as [requester key, entry]; the whole index is made on the
  // first click that needs it.
  function resolvedFromIt(id) {
    if (!fromIt) {
      fromIt = {};
      Object.keys(data.nodes).forEach(function (requester) {
        data.nodes[requester][RESOLVED].forEach(function (entry) {
          if (!entry[2] || entry[5] === 0) { return; }
          (fromIt[entry[2]] = fromIt[entry[2]] || []).push([requester, entry]);
        });
      });
    }
    return fromIt[id] || [];
  }

  function select(id, centre) {
    var node = data.nodes[id];
    if (!node) { return; }
    clearMarks();
    panel.show(id, data.nodes, resolvedFromIt(id));
    var up = ancestors(id);
    if (!viewHas(data.views[current], id)) {
      var other = data.views.findIndex(function (view) { return viewHas(view, id); });
      if (other >= 0) { showView(other); }
    }
    if (outline) {
      if (!outline.reveal(id)) { section("not drawn", ["Not a node of these pictures: a router is a line of its module's node."]); return; }
      var selected = {}, onpath = {}, lookups = [];
      selected[id] = true;
      [id].concat(up).forEach(function (key) { onpath[key] = true; });
      node[RESOLVED].forEach(function (entry) { if (entry[2]) { lookups.push([id, entry[2], "lookup"]); } });
      resolvedFromIt(id).forEach(function (pair) { lookups.push([pair[0], id, "lookup"]); });
      outline.mark(selected, onpath, lookups);
      if (centre) { outline.centre(id); }
      return;
    }
    var drawn = nodeElement(id);
    if (!drawn) {
      section("not drawn", ["This picture is a summary; graphinspect dump --focus \"" + node[TYPE].split(".").pop() + "\" draws the part around it."]);
      return;
    }
    drawn.classList.add("selected");
    // The lookups it made or answered, and the parent edges up to the root.
    markEdges(function (tail, head, g) {
      var lookup = g.classList.contains("k-lookup") || g.classList.contains("k-cacheHit") || g.classList.contains("k-failed") || g.classList.contains("k-moduleLookup");
      return lookup && (tail === id || head === id);
    });
    var chain = up.length + 1;
    var currentId = id;
    for (var step = 0; step < chain && currentId; step++) {
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
    if (outline) {
      var onpath = {};
      failure.walk.forEach(function (id) { var parent = data.nodes[id] && data.nodes[id][PARENT]; if (parent && onWalk[parent]) { onpath[id] = true; } });
      outline.mark(onWalk, onpath, []);
      outline.centre(failure.requester);
      return;
    }
    graphNodes().forEach(function (g) { if (onWalk[titleOf(g)]) { g.classList.add("selected"); } });
    markEdges(function (tail, head) { return onWalk[tail] && onWalk[head]; });
    var first = nodeElement(failure.requester);
    if (first) { zoom.centerOn(first, 12); }
  }

  var keys = null, lowered = null;
  function findMatches() {
    var query = search.value.trim().toLowerCase();
    matches.replaceChildren();
    if (!query) { return; }
    if (!keys) {
      keys = Object.keys(data.nodes);
      lowered = keys.map(function (id) { return data.nodes[id][LABEL].toLowerCase(); });
    }
    var found = keys.filter(function (id, at) { return lowered[at].indexOf(query) >= 0; })
      .sort(function (a, b) { return label(a).localeCompare(label(b)); });
    found.slice(0, 30).forEach(function (id, index) {
      var item = element("li", label(id));
      item.dataset.node = id;
      if (index === 0) { item.classList.add("active"); }
      item.addEventListener("mousedown", function (event) { event.preventDefault(); choose(id); });
      matches.appendChild(item);
    });
    if (found.length > 30) { matches.appendChild(element("li", "and " + (found.length - 30) + " more: type more of the name")); }
  }

  function choose(id) {
    matches.replaceChildren();
    search.value = label(id);
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

  // The failed lookups: the first 50, the rest on request; each report made when first opened
  // (a big app may have thousands, and laying them out would delay the first picture).
  var failures = document.getElementById("failures");
  var FIRST_FAILURES = 50;
  // Each failure: {requester, walk, headline, report()} (explorer-data.js).
  var failureList = data.failures.list;
  function listFailures(from, to) {
    failureList.slice(from, to).forEach(function (failure) {
      var item = element("li");
      var button = element("button", failure.headline);
      button.className = "failure";
      var report = null;
      button.addEventListener("click", function () {
        if (!report) { report = element("pre", failure.report()); report.hidden = true; item.appendChild(report); }
        report.hidden = !report.hidden;
        showWalk(failure);
      });
      item.appendChild(button);
      failures.appendChild(item);
    });
  }
  if (failureList.length > 0) {
    failures.appendChild(element("li", plural(failureList.length, "failed lookup", "failed lookups") + " (click one to see its walk):"));
    listFailures(0, FIRST_FAILURES);
    if (failureList.length > FIRST_FAILURES) {
      var more = element("li"), button = element("button", "show the other " + (failureList.length - FIRST_FAILURES));
      button.id = "more-failures";
      button.addEventListener("click", function () { more.remove(); listFailures(FIRST_FAILURES, failureList.length); });
      more.appendChild(button);
      failures.appendChild(more);
    }
  }
  // Modules alive after their holder let them go (retained after detach), leaks first: each with
  // its report, and selected in the picture on click.
  var retained = data.retained || [];
  if (retained.length > 0) {
    var leaks = retained.filter(function (held) { return held[1]; }).length;
    failures.appendChild(element("li", (leaks > 0
      ? plural(leaks, "module retained after detach (a leak)", "modules retained after detach (leaks)")
      : plural(retained.length, "module alive after detach, within the grace", "modules alive after detach, within the grace")) + " (click one for its report):"));
    retained.forEach(function (held) {
      var item = element("li"), button = element("button", held[2].split("\n")[0]);
      button.className = held[1] ? "failure leak" : "failure";
      var report = null;
      button.addEventListener("click", function () {
        if (!report) { report = element("pre", held[2]); report.hidden = true; item.appendChild(report); }
        report.hidden = !report.hidden;
        if (data.nodes[held[0]]) { select(held[0], true); }
      });
      item.appendChild(button);
      failures.appendChild(item);
    });
  }
  if (data.views.length > 0) { showView(0); }
  // When the first picture is on screen (for the benchmark: milliseconds since navigation).
  requestAnimationFrame(function () { setTimeout(function () { window.graphinspectExplorer.drawnAt = performance.now(); }, 0); });
  window.graphinspectExplorer = { select: function (id) { select(id, true); }, ready: true, drawnAt: null,
                                  outline: function () { return outline; }, zoom: zoom };
})();
