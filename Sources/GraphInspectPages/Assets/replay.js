(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("replay-data").textContent);
  var count = data.words.length;
  var picture = document.getElementById("picture");
  var words = document.getElementById("words");
  var details = document.getElementById("details");
  var detailsTitle = document.getElementById("details-title");
  document.getElementById("title").textContent = data.title;
  picture.innerHTML = data.svg;
  // #motion=off moves the camera at once (for tests and for people who asked for less motion).
  if (new URLSearchParams(location.hash.slice(1)).get("motion") === "off") { picture.dataset.motion = "off"; }
  var zoom = PanZoom(picture);
  zoom.attach();

  // Which step (1-based) reveals each element of the one picture.
  var revealed = [];
  // Each node's group by id, for a step's edges to name their ends.
  var nodesByID = {};
  function titleOf(g) { var title = g.querySelector("title"); return title ? title.textContent : ""; }
  picture.querySelectorAll("g.node").forEach(function (g) {
    var id = titleOf(g);
    nodesByID[id] = g;
    if (data.nodeStep[id] !== undefined) { revealed.push([g, data.nodeStep[id]]); }
    // A line of its label a later step adds (a lookup it answers itself) waits for that step.
    var lines = data.lineSteps[id];
    if (lines) {
      g.querySelectorAll("text").forEach(function (text, index) {
        if (index < lines.length && lines[index] > data.nodeStep[id]) { revealed.push([text, lines[index]]); }
      });
    }
    g.addEventListener("click", function () { if (!zoom.dragged()) { showDetails(id); } });
  });
  picture.querySelectorAll("g.edge").forEach(function (g) {
    var match = /^s([0-9]+)-/.exec(g.id);
    if (match) { revealed.push([g, Number(match[1])]); }
  });
  picture.querySelectorAll("g.cluster").forEach(function (g) {
    // Graphviz names a holder's frame cluster_ID (a frame is drawn only for such names).
    var id = titleOf(g).replace(/^cluster_/, "");
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

  // The camera: each step is framed on what it added and what that touches (an edge's two
  // ends: requester and provider, child and parent), text at least 9 px; the layout never
  // changes, only the view. 0 (or "whole") shows everything until the next step.
  var minimumPixels = 9;
  function union(boxes) {
    if (boxes.length === 0) { return null; }
    var x = Math.min.apply(null, boxes.map(function (b) { return b.x; })), y = Math.min.apply(null, boxes.map(function (b) { return b.y; }));
    var right = Math.max.apply(null, boxes.map(function (b) { return b.x + b.w; })), bottom = Math.max.apply(null, boxes.map(function (b) { return b.y + b.h; }));
    return { x: x, y: y, w: right - x, h: bottom - y };
  }
  function smallestFont(elements) {
    var sizes = [];
    elements.forEach(function (g) {
      g.querySelectorAll("text").forEach(function (text) { var size = parseFloat(text.getAttribute("font-size")); if (size > 0) { sizes.push(size); } });
    });
    return sizes.length ? Math.min.apply(null, sizes) : 11;
  }
  function frameStep(shown) {
    var own = revealed.filter(function (entry) { return entry[1] === shown && !entry[0].classList.contains("cluster"); }).map(function (entry) { return entry[0]; });
    var around = own.slice();
    own.forEach(function (g) {
      if (!g.classList.contains("edge")) { return; }
      titleOf(g).split("->").forEach(function (end) { var node = nodesByID[end.trim()]; if (node && around.indexOf(node) < 0) { around.push(node); } });
    });
    // What the step touches; else what it adds; else its nodes alone (a long edge may run out
    // of the frame, its new end stays in it).
    // For a step that adds only edges (a lookup), its requesters stand for it.
    var ownNodes = own.filter(function (g) { return g.classList.contains("node"); });
    if (ownNodes.length === 0) {
      own.forEach(function (g) { var tail = nodesByID[titleOf(g).split("->")[0].trim()]; if (tail && ownNodes.indexOf(tail) < 0) { ownNodes.push(tail); } });
    }
    var rects = [union(around.map(zoom.userBox)), union(own.map(zoom.userBox)), union(ownNodes.map(zoom.userBox))].filter(Boolean);
    zoom.frame(rects, smallestFont(around), minimumPixels);
  }

  // The overview: the whole picture small, with the part in view outlined.
  var overview = document.getElementById("overview");
  var outline = null;
  (function () {
    var graph = picture.querySelector("svg g.graph");
    var whole = zoom.whole();
    if (!graph || !whole || !overview) { return; }
    if (!graph.id) { graph.id = "replay-graph"; }
    var ns = "http://www.w3.org/2000/svg";
    var small = document.createElementNS(ns, "svg");
    small.setAttribute("viewBox", whole.x + " " + whole.y + " " + whole.w + " " + whole.h);
    var use = document.createElementNS(ns, "use");
    use.setAttribute("href", "#" + graph.id);
    outline = document.createElementNS(ns, "rect");
    outline.setAttribute("id", "overview-frame");
    small.appendChild(use);
    small.appendChild(outline);
    overview.appendChild(small);
    overview.addEventListener("click", function () { stepper.pause(); zoom.fit(); });
  })();
  zoom.onChange(function (view, whole) {
    if (!outline) { return; }
    var x = Math.max(whole.x, view.x), y = Math.max(whole.y, view.y);
    outline.setAttribute("x", x); outline.setAttribute("y", y);
    outline.setAttribute("width", Math.max(0, Math.min(whole.x + whole.w, view.x + view.w) - x));
    outline.setAttribute("height", Math.max(0, Math.min(whole.y + whole.h, view.y + view.h) - y));
    overview.classList.toggle("all", view.w >= whole.w * 0.98 && view.h >= whole.h * 0.98);
  });

  function show(step) {
    if (step < 0) { words.textContent = "nothing to replay"; return; }
    var shown = step + 1;
    revealed.forEach(function (entry) {
      entry[0].classList.toggle("future", entry[1] > shown);
      entry[0].classList.toggle("current", entry[1] === shown && !entry[0].classList.contains("cluster"));
    });
    frameStep(shown);
    words.textContent = shown + ". " + data.words[step];
  }

  var stepper = Stepper(count, show, 900, function (event) { return zoom.keys(event); });
  document.getElementById("whole").addEventListener("click", function () { zoom.fit(); });

  // #step=N opens at step N; &press=next|ArrowRight|node:ID then acts as a user would.
  var parameters = new URLSearchParams(location.hash.slice(1));
  stepper.go((Number(parameters.get("step")) || 1) - 1);
  var press = parameters.get("press");
  if (press === "next") { document.getElementById("next").click(); }
  else if (press && press.indexOf("node:") === 0) { showDetails(press.slice(5)); }
  else if (press) { document.dispatchEvent(new KeyboardEvent("keydown", { key: press })); }
})();
