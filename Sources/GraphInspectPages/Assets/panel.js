// The panel of one node, as the explorer and the live page show it: its kind, its path from the
// root, what it provides, what it resolved and from whom, who resolved from it, and what it is
// related to. `nodes` maps keys to the page data's node arrays (ExplorerData): [label, kind,
// type, released, parent key, provides, resolved, related], each resolved entry [name, type,
// provider key, hops, cache hits, lookups answered]; `fromIt` lists [requester key, entry].
function NodePanel(title, body) {
  "use strict";
  var LABEL = 0, KIND = 1, TYPE = 2, RELEASED = 3, PARENT = 4, PROVIDES = 5, RESOLVED = 6, RELATED = 7;
  function element(tag, text) { var made = document.createElement(tag); if (text !== undefined) { made.textContent = text; } return made; }
  function plural(count, one, many) { return count + " " + (count === 1 ? one : many); }

  function section(name, lines) {
    if (!lines || lines.length === 0) { return; }
    body.appendChild(element("h3", name));
    var list = element("ul");
    lines.forEach(function (line) { list.appendChild(element("li", line)); });
    body.appendChild(list);
  }

  // The node's ancestors' keys, nearest first, stopping where a parent chain loops.
  function ancestors(nodes, id) {
    var chain = [], seen = {};
    seen[id] = true;
    for (var up = nodes[id] && nodes[id][PARENT]; up && !seen[up] && nodes[up]; up = nodes[up][PARENT]) {
      seen[up] = true;
      chain.push(up);
    }
    return chain;
  }

  function show(id, nodes, fromIt) {
    var node = nodes[id];
    if (!node) { return false; }
    function label(key) { return nodes[key] ? nodes[key][LABEL] : "?"; }
    title.textContent = node[LABEL];
    body.replaceChildren();
    section("kind", [node[KIND] + (node[RELEASED] ? ", released" : ", live"), node[TYPE]]);
    section("path from the root", [ancestors(nodes, id).reverse().concat([id]).map(label).join(" \u203a ")]);
    section("provides", node[PROVIDES]);
    section("resolved", node[RESOLVED].map(function (entry) {
      var text = entry[0] + ": " + entry[1] + " <- " + (entry[2] ? label(entry[2]) : "MISSING");
      if (entry[2] && entry[3] > 0) { text += " (" + plural(entry[3], "hop", "hops") + ")"; }
      if (entry[4] > 0) { text += ", " + plural(entry[4], "cache hit", "cache hits"); }
      return text;
    }));
    section("resolved from it", fromIt.map(function (pair) {
      return label(pair[0]) + ": " + pair[1][0] + ": " + pair[1][1] + " (" + plural(pair[1][5], "lookup", "lookups") + ")";
    }));
    section("related", node[RELATED]);
    return true;
  }

  return { show: show, section: section, ancestors: ancestors };
}
