// An outline of a view too big for one picture (ExplorerOutline), laid out and drawn here: left
// to right, a node's children in a column to its right, the first level with it. It opens the roots and as
// many levels below as fit 150 nodes; a node's + button opens its part in place (and − closes
// it; with Shift, everything below), keeping the node under the pointer. Only what is inside the view (and a margin) is in the
// page, so a pan costs what is on screen, whatever is open; past 300 nodes near the screen they are
// drawn as plain boxes in one path.
//
// `hooks.select(key)` is called on a click on a node. The explorer marks nodes with `mark`.
//
// With `options.arrival` (the live page) every node is shown, one row each in the order it
// arrived, indented under its parent: a node never moves once drawn, whatever arrives after it
// (`append`), at the cost of a parent's children not always being in one block.
function Outline(box, zoom, outline, hooks, options) {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var WIDTH = 230, HEIGHT = 38, COLUMN = 290, ROW = 50, MARGIN = 40, DETAILED = 300, OPENED = 150, CREATED = 120;
  var arrival = !!(options && options.arrival);
  var nodes = outline.nodes, count = nodes.length;
  var index = {}, children = [], roots = [], flags = [];
  var open = [], depth = [], xs = [], ys = [];
  function adopt(from) {
    for (var at = from; at < nodes.length; at++) { index[nodes[at][0]] = at; children[at] = []; open[at] = arrival ? 1 : 0; depth[at] = 0; xs[at] = 0; ys[at] = 0; flags[at] = ""; }
    for (at = from; at < nodes.length; at++) {
      var parent = nodes[at][4];
      if (parent >= 0 && parent < nodes.length && parent !== at) { children[parent].push(at); } else { roots.push(at); }
    }
    count = nodes.length;
  }
  adopt(0);
  var shown = [], version = 0, bounds = null;
  var marks = { selected: {}, onpath: {}, lookups: [] };
  var drawn = new Map(), edges = new Map(), drawnVersion = -1, coarse = null, pending = 0;

  var svg = make("svg", { "class": "outline", viewBox: "0 0 1 1" });
  svg.innerHTML = '<defs><marker id="outline-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
    + '<path d="M0,0 L10,5 L0,10 z"/></marker></defs>';
  var edgeLayer = make("g", { "class": "edges" }), lookupLayer = make("g", { "class": "lookups" }), nodeLayer = make("g", { "class": "nodes" });
  svg.appendChild(edgeLayer); svg.appendChild(nodeLayer); svg.appendChild(lookupLayer);
  box.replaceChildren(svg);

  function make(tag, attributes, text) {
    var element = document.createElementNS(NS, tag);
    for (var name in attributes) { element.setAttribute(name, attributes[name]); }
    if (text !== undefined) { element.textContent = text; }
    return element;
  }

  // Lays out what is open: an iterative walk (a chain may be 10,000 deep), leaves one row each
  // in order, a parent level with its first child (as in an outline: a parent stays put when
  // children are added below, and its first children are beside it), roots a row apart.
  function layout() {
    if (arrival) { placeByArrival(0); return; }
    shown = [];
    var row = 0, stack = [], cursor = [];
    var right = 0;
    roots.forEach(function (root) {
      depth[root] = 0; shown.push(root); stack.push(root); cursor.push(0);
      while (stack.length > 0) {
        var top = stack[stack.length - 1], kids = open[top] ? children[top] : [], next = cursor[cursor.length - 1];
        if (next < kids.length) {
          cursor[cursor.length - 1] = next + 1;
          var kid = kids[next];
          depth[kid] = depth[top] + 1; shown.push(kid); stack.push(kid); cursor.push(0);
          continue;
        }
        ys[top] = kids.length === 0 ? row++ * ROW : ys[kids[0]];
        xs[top] = depth[top] * COLUMN;
        right = Math.max(right, xs[top] + WIDTH);
        stack.pop(); cursor.pop();
      }
      row += 1;
    });
    bounds = { x: -MARGIN, y: -MARGIN, w: right + 2 * MARGIN, h: Math.max(1, row - 1) * ROW + HEIGHT + 2 * MARGIN };
    version += 1;
    svg.setAttribute("viewBox", bounds.x + " " + bounds.y + " " + bounds.w + " " + bounds.h);
  }

  // Arrival order: row = index, column = depth; only the nodes from `from` on are placed.
  function placeByArrival(from) {
    if (from === 0) { shown = []; }
    var right = bounds ? bounds.x + bounds.w - MARGIN : 0;
    for (var at = from; at < count; at++) {
      var parent = nodes[at][4];
      depth[at] = parent >= 0 && parent < at ? depth[parent] + 1 : 0;
      xs[at] = depth[at] * COLUMN;
      ys[at] = at * ROW;
      shown.push(at);
      right = Math.max(right, xs[at] + WIDTH);
    }
    bounds = { x: -MARGIN, y: -MARGIN, w: right + 2 * MARGIN, h: Math.max(1, count - 1) * ROW + HEIGHT + 2 * MARGIN };
    svg.setAttribute("viewBox", bounds.x + " " + bounds.y + " " + bounds.w + " " + bounds.h);
    if (from === 0) { version += 1; }
  }

  function rectOf(at) { return { x: xs[at], y: ys[at], w: WIDTH, h: HEIGHT }; }
  function meets(x, y, w, h, area) { return x < area.x + area.w && x + w > area.x && y < area.y + area.h && y + h > area.y; }
  function edgePath(at) {
    var parent = nodes[at][4], x1 = xs[parent] + WIDTH, y1 = ys[parent] + HEIGHT / 2, x2 = xs[at], y2 = ys[at] + HEIGHT / 2, mid = (x1 + x2) / 2;
    return "M" + x1 + "," + y1 + " C" + mid + "," + y1 + " " + mid + "," + y2 + " " + x2 + "," + y2;
  }
  function clipped(text, width) {
    var most = Math.floor(width / 7.2);
    return text.length > most ? text.slice(0, most - 1) + "\u2026" : text;
  }

  // A node is a copy of one of two templates (with or without a toggle), filled in: copying is
  // a third of the cost of making each element.
  var plain = make("g", { "class": "node" });
  plain.appendChild(make("title"));
  plain.appendChild(make("rect", { width: WIDTH, height: HEIGHT, rx: 5 }));
  plain.appendChild(make("text", { x: 8, y: 16, "class": "title" }));
  plain.appendChild(make("text", { x: 8, y: 31, "class": "details" }));
  var withToggle = plain.cloneNode(true), toggleTemplate = make("g", { "class": "toggle", transform: "translate(" + (WIDTH - 16) + "," + (HEIGHT / 2) + ")" });
  toggleTemplate.appendChild(make("title"));
  toggleTemplate.appendChild(make("circle", { r: 11 }));
  toggleTemplate.appendChild(make("text", { "text-anchor": "middle", y: 4 }));
  withToggle.appendChild(toggleTemplate);

  function nodeElement(at) {
    var node = nodes[at], colour = outline.palette[node[3]] || ["#fff", "#444"], below = children[at].length;
    var group = (below > 0 && !arrival ? withToggle : plain).cloneNode(true), parts = group.childNodes;
    if (node[5] === 1) { group.classList.add("released"); }
    if (node[5] === 2) { group.classList.add("leaked"); }
    if (flags[at]) { flags[at].split(" ").forEach(function (flag) { if (flag) { group.classList.add(flag); } }); }
    group.setAttribute("data-key", node[0]);
    parts[0].textContent = node[0];
    parts[1].setAttribute("fill", colour[0]); parts[1].setAttribute("stroke", colour[1]);
    parts[2].textContent = clipped(node[1], WIDTH - 36);
    parts[3].textContent = clipped(node[2].split("\n").join(" \u00b7 "), WIDTH - 36);
    if (below > 0 && !arrival) {
      parts[4].firstChild.textContent = (open[at] ? "close " : "open ") + below + " below";
      parts[4].lastChild.textContent = open[at] ? "\u2212" : "+" + (below > 99 ? "" : below);
    }
    return group;
  }

  function classes(element, key, edge) {
    element.classList.toggle(edge ? "onpath" : "selected", !!(edge ? marks.onpath[key] : marks.selected[key]));
  }

  // Puts in the page the nodes and parent edges inside the view and a margin of a quarter of a
  // view around it; the rest leave.
  function render() {
    var view = zoom.view();
    if (!view || !bounds) { return; }
    var area = { x: view.x - view.w / 4, y: view.y - view.h / 4, w: view.w * 1.5, h: view.h * 1.5 };
    var inside = [], inEdges = [];
    for (var i = 0; i < shown.length; i++) {
      var at = shown[i];
      if (meets(xs[at], ys[at], WIDTH, HEIGHT, area)) { inside.push(at); }
      var parent = nodes[at][4];
      if (parent >= 0 && parent < count && open[parent]) {
        var top = Math.min(ys[parent], ys[at]), bottom = Math.max(ys[parent], ys[at]) + HEIGHT;
        if (meets(xs[parent] + WIDTH, top, xs[at] - xs[parent] - WIDTH, bottom - top, area)) { inEdges.push(at); }
      }
    }
    if (inside.length > DETAILED) { renderCoarse(); return; }
    // Text under 4 pixels high is not drawn: it cannot be read, and painting it costs most of a frame.
    var scale = box.getBoundingClientRect().width / view.w;
    svg.classList.toggle("tiny", scale * 11 < 4);
    if (coarse) { coarse.remove(); coarse = null; }
    var moved = drawnVersion !== version;
    drawnVersion = version;
    sync(drawn, inside, nodeLayer, moved, function (at) {
      var element = nodeElement(at);
      element.setAttribute("transform", "translate(" + xs[at] + "," + ys[at] + ")");
      return element;
    }, function (element, at) { classes(element, nodes[at][0], false); });
    sync(edges, inEdges, edgeLayer, moved, function (at) {
      var group = make("g", { "class": "edge k-parent" });
      group.appendChild(make("title", {}, nodes[nodes[at][4]][0] + "->" + nodes[at][0]));
      group.appendChild(make("path", { d: edgePath(at) }));
      return group;
    }, function (element, at) { classes(element, nodes[at][0], true); });
    drawLookups();
  }

  // Makes the elements for `wanted` that are missing, removes those no longer wanted, and
  // marks all; `rebuild` (the layout changed) makes every one again.
  // At most CREATED are made in one frame, the rest in the frames after, so a jump into a
  // crowded part stays under 100 ms a frame.
  function sync(map, wanted, layer, rebuild, create, update) {
    var keep = new Set(wanted), made = 0;
    map.forEach(function (element, at) {
      if (rebuild || !keep.has(at)) { element.remove(); map.delete(at); }
    });
    wanted.forEach(function (at) {
      var element = map.get(at);
      if (!element) {
        if (made >= CREATED) { later(); return; }
        made += 1;
        element = create(at); map.set(at, element); layer.appendChild(element);
      }
      update(element, at);
    });
  }
  function later() {
    if (!pending) { pending = requestAnimationFrame(function () { pending = 0; render(); }); }
  }

  // Too many on screen to read: every open node's box and edge as two paths, no text, made once
  // per layout (a pan then only moves the view box).
  var coarseVersion = -1;
  function renderCoarse() {
    drawn.forEach(function (element) { element.remove(); }); drawn.clear();
    edges.forEach(function (element) { element.remove(); }); edges.clear();
    lookupLayer.replaceChildren();
    drawnVersion = -1;
    if (!coarse) { coarse = make("g", { "class": "coarse" }); coarse.appendChild(make("path", { "class": "lines" })); coarse.appendChild(make("path", { "class": "boxes" })); svg.appendChild(coarse); coarseVersion = -1; }
    if (coarseVersion === version) { return; }
    coarseVersion = version;
    var boxes = [], lines = [];
    shown.forEach(function (at) {
      boxes.push("M" + xs[at] + "," + ys[at] + "h" + WIDTH + "v" + HEIGHT + "h" + -WIDTH + "z");
      var parent = nodes[at][4];
      if (parent >= 0 && parent < count) { lines.push(edgePath(at)); }
    });
    coarse.firstChild.setAttribute("d", lines.join(""));
    coarse.lastChild.setAttribute("d", boxes.join(""));
  }

  // The selected node's lookups, as arrows from requester to provider when both are open.
  function drawLookups() {
    lookupLayer.replaceChildren();
    marks.lookups.forEach(function (lookup) {
      var from = index[lookup[0]], to = index[lookup[1]];
      if (from === undefined || to === undefined || !isShown(from) || !isShown(to) || from === to) { return; }
      var x1 = xs[from] + WIDTH / 2, y1 = ys[from], x2 = xs[to] + WIDTH / 2, y2 = ys[to] + HEIGHT;
      var lift = Math.max(40, Math.abs(x1 - x2) / 4);
      var group = make("g", { "class": "edge onpath k-" + lookup[2] });
      group.appendChild(make("title", {}, lookup[0] + "->" + lookup[1]));
      group.appendChild(make("path", { d: "M" + x1 + "," + y1 + " C" + x1 + "," + (Math.min(y1, y2) - lift) + " " + x2 + "," + (Math.min(y1, y2) - lift) + " " + x2 + "," + y2, "marker-end": "url(#outline-arrow)" }));
      lookupLayer.appendChild(group);
    });
  }

  function isShown(at) {
    for (var up = nodes[at][4], steps = 0; up >= 0 && up < count && steps <= count; up = nodes[up][4], steps++) {
      if (!open[up]) { return false; }
    }
    return true;
  }

  // Opens or closes `at`, keeping it where it was on screen; `deep` opens (or closes) everything
  // below it too.
  function toggle(at, deep) {
    var before = { x: xs[at], y: ys[at] }, value = open[at] ? 0 : 1;
    open[at] = value;
    if (deep) {
      for (var stack = children[at].slice(); stack.length > 0;) {
        var next = stack.pop();
        open[next] = value;
        for (var k = 0; k < children[next].length; k++) { stack.push(children[next][k]); }
      }
    }
    relayout();
    zoom.moveBy(xs[at] - before.x, ys[at] - before.y);
  }

  function relayout() {
    layout();
    zoom.attach(true);
    render();
  }

  // Opens every ancestor of `key` so it is drawn; false when the outline has no such node.
  function reveal(key) {
    var at = index[key];
    if (at === undefined) { return false; }
    var changed = false;
    for (var up = nodes[at][4], steps = 0; up >= 0 && up < count && steps <= count; up = nodes[up][4], steps++) {
      if (!open[up]) { open[up] = 1; changed = true; }
    }
    if (changed) { relayout(); }
    return true;
  }

  // Frames `key` with its parent and grandparent when they fit readable, else alone.
  function centre(key, instant) {
    var at = index[key];
    if (at === undefined) { return; }
    var rects = [rectOf(at)];
    for (var up = nodes[at][4], steps = 0; up >= 0 && up < count && steps < 2; up = nodes[up][4], steps++) {
      var last = rects[0], add = rectOf(up), x = Math.min(last.x, add.x), y = Math.min(last.y, add.y);
      rects.unshift({ x: x, y: y, w: Math.max(last.x + last.w, add.x + add.w) - x, h: Math.max(last.y + last.h, add.y + add.h) - y });
    }
    zoom.frame(rects, 13, 10, instant);
  }

  // The opening picture: the roots, then whole levels while at most OPENED nodes show.
  (function openFirstLevels() {
    if (arrival) { return; }
    var level = roots.slice(), total = level.length;
    while (level.length > 0) {
      var below = [];
      level.forEach(function (at) { below.push.apply(below, children[at]); });
      if (below.length === 0 || (total + below.length > OPENED && total > roots.length)) { break; }
      level.forEach(function (at) { open[at] = 1; });
      total += below.length;
      level = below;
    }
  })();
  layout();
  // Readable from the start: the whole when its text can be read, else the top of the outline.
  function firstView() {
    zoom.attach(false);
    if (shown.length === 0) { return; }
    function around(many) {
      return shown.slice(0, many).map(rectOf).reduce(function (a, b) {
        var x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
        return { x: x, y: y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
      });
    }
    zoom.frame([bounds, around(40), around(12), rectOf(shown[0])], 13, 10, true);
  }
  firstView();
  zoom.onChange(function () { if (svg.isConnected) { later(); } });
  render();

  svg.addEventListener("click", function (event) {
    if (zoom.dragged()) { return; }
    var target = event.target.closest ? event.target.closest("g.toggle, g.node") : null;
    if (!target) { return; }
    if (target.classList.contains("toggle")) {
      event.stopPropagation();
      toggle(index[target.parentNode.dataset.key], event.shiftKey);
      return;
    }
    hooks.select(target.dataset.key);
  });

  // Live: nodes arrived (in the format of `outline.nodes`, parents as indices into all of them).
  function append(more) {
    if (more.length === 0) { return; }
    var from = nodes.length;
    more.forEach(function (node) { nodes.push(node); });
    adopt(from);
    placeByArrival(from);
    zoom.attach(true);
    later();
  }

  // Live: a node's classes (`released`, `failed`, `fresh`) and its details line.
  function setNode(key, classes, details) {
    var at = index[key];
    if (at === undefined) { return; }
    if (classes !== null) { flags[at] = classes; }
    if (details !== null) { nodes[at][2] = details; }
    var element = drawn.get(at);
    if (element) {
      element.remove(); drawn.delete(at);
      later();
    }
  }

  return {
    palette: function () { return outline.palette; },
    // The whole, and the last `rows` rows (the newest nodes, in arrival order).
    bounds: function () { return bounds; },
    newest: function (rows) {
      var from = Math.max(0, count - rows);
      if (count === 0) { return null; }
      var left = Infinity, right = 0;
      for (var at = from; at < count; at++) { left = Math.min(left, xs[at]); right = Math.max(right, xs[at] + WIDTH); }
      return { x: left, y: ys[from], w: right - left, h: ys[count - 1] + HEIGHT - ys[from] };
    },
    append: append,
    setNode: setNode,
    // Puts this outline back in the box (after another view was shown), as it was left.
    show: function () { box.replaceChildren(svg); drawnVersion = -1; firstView(); render(); },
    has: function (key) { return index[key] !== undefined; },
    reveal: reveal,
    centre: centre,
    // `selected` and `onpath` are sets of keys (a key's parent edge is on the path);
    // `lookups` lists [from key, to key, edge kind].
    mark: function (selected, onpath, lookups) { marks = { selected: selected, onpath: onpath, lookups: lookups }; render(); },
    parentKey: function (key) { var at = index[key]; return at === undefined || nodes[at][4] < 0 ? null : nodes[nodes[at][4]][0]; },
    shownCount: function () { return shown.length; },
    rootKey: function () { return roots.length > 0 ? nodes[roots[0]][0] : null; },
    drawnCount: function () { return drawn.size; },
    toggle: function (key, deep) { if (index[key] !== undefined) { toggle(index[key], deep); } }
  };
}
