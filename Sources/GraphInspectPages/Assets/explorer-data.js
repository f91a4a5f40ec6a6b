// The explorer's data as ExplorerData writes it, made whole. What the page can make again from
// what it holds is left out of it (PageShorthand, whose Swift rules these mirror one for one), so
// a lookup-heavy app's page is half the size; each rule here puts it back, and every other
// script reads whole values:
//   - a node's label, when 0: its type's last dotted part, " #", its key after the letter;
//   - a node's kind, when 0: the kind its key's letter stands for;
//   - a resolved entry [line, hops, cache hits, answered]: line numbers every provides line of
//     the page's nodes in order, and the entry is that line split at its first ": " into name
//     and type, its node the provider;
//   - an outline row [key, extra, colour, parent, state]: its title is the node's label without
//     " #id" and its details "#id", then the extra lines when there are any;
//   - a failed lookup's report line -1: "asked by" and the path of its walk; [number, key] or
//     [number, key, 1] (the root): a walked component's line, made from its node.
// The failures become [{requester, walk, headline, report()}], the report made when asked for.
function ExplorerPageData(data) {
  "use strict";
  var LABEL = 0, KIND = 1, TYPE = 2, PARENT = 4, PROVIDES = 5, RESOLVED = 6, RELATED = 7;
  var KINDS = { c: "component", h: "holder", m: "module", r: "router", v: "viewComponent" };
  var RELATIONS = ["module", "held by", "component", "router", "holds"];
  var keys = Object.keys(data.nodes), lines = [];

  keys.forEach(function (key) {
    var node = data.nodes[key];
    if (node[LABEL] === 0) { node[LABEL] = node[TYPE].slice(node[TYPE].lastIndexOf(".") + 1) + " #" + key.slice(1); }
    if (node[KIND] === 0) { node[KIND] = KINDS[key.charAt(0)]; }
    node[PROVIDES].forEach(function (line) { lines.push([key, line]); });
  });
  keys.forEach(function (key) {
    data.nodes[key][RELATED] = data.nodes[key][RELATED].map(function (entry) {
      return typeof entry === "string" ? entry : RELATIONS[entry[0]] + ": " + data.nodes[entry[1]][LABEL];
    });
    var resolved = data.nodes[key][RESOLVED];
    for (var at = 0; at < resolved.length; at++) {
      var entry = resolved[at];
      if (entry.length !== 4) { continue; }
      var provided = lines[entry[0]], cut = provided[1].indexOf(": ");
      resolved[at] = [provided[1].slice(0, cut), provided[1].slice(cut + 2), provided[0], entry[1], entry[2], entry[3]];
    }
  });

  // A node's name in reports: its label without " #id".
  function nameOf(key) {
    var label = data.nodes[key][LABEL];
    return label.slice(0, label.length - key.length - 1);
  }
  data.views.forEach(function (view) {
    if (!view.outline) { return; }
    view.outline.nodes = view.outline.nodes.map(function (row) {
      if (row.length !== 5) { return row; }
      var details = "#" + row[0].slice(1) + (row[1] ? "\n" + row[1] : "");
      return [row[0], nameOf(row[0]), details, row[2], row[3], row[4]];
    });
  });

  function walkedLine(key, root) {
    var provides = data.nodes[key][PROVIDES];
    return nameOf(key) + (root ? " (root)" : "") + "  " + (provides.length === 0 ? "provides nothing" : "provides " + provides.join(", "));
  }
  // `^->Root->...->Requester`, a long one keeping its first and last three (ReportWording.path).
  function askedBy(requester, walk) {
    var names = walk.slice().reverse().map(nameOf);
    if (names.length > 12) { names = names.slice(0, 3).concat(["\u2026" + (names.length - 6) + " more\u2026"], names.slice(-3)); }
    return "  asked by " + nameOf(requester) + " at ^->" + names.join("->");
  }
  function declareFix(failure) {
    var headline = failure.headline, asked = headline.slice(headline.indexOf("`") + 1, headline.lastIndexOf("`"));
    return "  fix: declare `let " + asked + "` in " + nameOf(failure.requester) + ", or in " + nameOf(failure.walk[failure.walk.length - 1])
      + " to share it with every component below";
  }
  var held = data.failures;
  function line(failure, ref) {
    if (typeof ref === "number") { return ref === -1 ? askedBy(failure.requester, failure.walk) : ref === -2 ? declareFix(failure) : held.lines[ref]; }
    if (ref.length === 1) { return "    " + ref[0] + ". " + walkedLine(failure.walk[ref[0] - 1], false); }
    return "    " + ref[0] + ". " + (typeof ref[1] === "string" ? walkedLine(ref[1], ref[2] === 1) : held.lines[ref[1]]);
  }
  // Each failure's walk is null when it is the requester's parent chain, followed here.
  data.failures = { list: held.list.map(function (entry) {
    var walk = entry[1];
    if (!walk) {
      walk = [];
      for (var key = entry[0]; key && walk.indexOf(key) < 0; key = data.nodes[key] && data.nodes[key][PARENT]) { walk.push(key); }
    }
    var failure = { requester: entry[0], walk: walk };
    failure.headline = line(failure, entry[2][0]);
    failure.report = function () { return entry[2].map(function (ref) { return line(failure, ref); }).join("\n"); };
    return failure;
  }) };
  return data;
}
