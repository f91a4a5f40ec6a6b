(function () {
  "use strict";
  // The graph of a running app, from the server's event stream: each batch of trace lines is
  // added to the model and, while the timeline follows, drawn at once (nodes arrive in rows and
  // never move). Paused or scrubbed back, the picture is the model after that many events.
  var data = JSON.parse(document.getElementById("live-data").textContent);
  var token = new URLSearchParams(location.search).get("token");
  var query = token ? "?token=" + encodeURIComponent(token) : "";
  var picture = document.getElementById("picture");
  var timeline = document.getElementById("timeline");
  var zoom = PanZoom(picture);
  var panel = NodePanel(document.getElementById("panel-title"), document.getElementById("panel-body"));
  var events = [], status = { state: "waiting" }, following = true, shownUpTo = 0, model = null, outline = null;
  var failures = [], failuresAsked = null, selected = null, retained = [], retainedAsked = null;

  function element(tag, text) { var made = document.createElement(tag); if (text !== undefined) { made.textContent = text; } return made; }
  function keyOf(kind, id) { return (data.letters[kind] || data.otherLetter) + id; }
  function shortType(type) { var parts = String(type).split("."); return parts[parts.length - 1]; }

  // The model: nodes in arrival order (as the outline draws them), by trace id.
  function Model() {
    // letGo: modules (and holders) their holder detached or left by being released, with when
    // (the app's clock); leaked: those of them still alive when their grace ran out.
    return { rows: [], byID: {}, lookups: {}, failed: {}, gaps: 0, attachedTo: {}, letGo: {}, leaked: {}, lastTime: null, lastArrival: 0, ended: null };
  }

  function details(node) {
    var lines = ["#" + node.id + (node.key ? " \u00b7 \"" + node.key + "\"" : "")];
    var made = model.lookups[node.id];
    if (made) { lines.push(made.count + (made.count === 1 ? " lookup" : " lookups") + (made.last ? " \u00b7 " + made.last : "")); }
    return lines.join("\n");
  }

  function classes(node) {
    return (model.failed[node.id] ? "failed " : "") + (model.leaked[node.id] && !node.released ? "leaked " : "") + (node.released ? "released " : "") + (node.fresh ? "fresh" : "");
  }

  // Applies one event to the model; returns the rows it added, or the node it changed.
  function apply(event, added, changed) {
    if (typeof event.time === "number" && (model.lastTime === null || event.time > model.lastTime)) {
      model.lastTime = event.time;
      model.lastArrival = performance.now();
    }
    switch (event.event) {
      case "moduleAttached": {
        model.attachedTo[event.module] = event.holder;
        delete model.letGo[event.module];
        if (model.leaked[event.module] && model.byID[event.module]) { delete model.leaked[event.module]; changed[event.module] = model.byID[event.module]; }
        return;
      }
      case "moduleDetached": {
        if (model.attachedTo[event.module] === event.holder) { delete model.attachedTo[event.module]; }
        if (typeof event.time === "number") { model.letGo[event.module] = event.time; }
        return;
      }
      case "ended": {
        model.ended = event.time;
        return;
      }
      case "created": {
        if (model.byID[event.id]) { return; }
        var parent = event.parent !== undefined ? model.byID[event.parent] : undefined;
        var node = { id: event.id, kind: event.kind, type: event.type, key: event.key, row: model.rows.length, released: false };
        var colour = data.palette[event.kind] || data.otherColours;
        node.outline = [keyOf(event.kind, event.id), shortType(event.type), "", 0, parent ? parent.row : -1, 0, colour];
        model.rows.push(node);
        model.byID[event.id] = node;
        added.push(node);
        return;
      }
      case "released": {
        var gone = model.byID[event.id];
        if (gone) { gone.released = true; changed[gone.id] = gone; }
        delete model.letGo[event.id];
        delete model.leaked[event.id];
        // A released holder lets go of the modules it still held.
        Object.keys(model.attachedTo).forEach(function (module) {
          if (model.attachedTo[module] !== event.id) { return; }
          delete model.attachedTo[module];
          if (typeof event.time === "number") { model.letGo[module] = event.time; }
        });
        return;
      }
      case "lookup": case "moduleLookup": {
        var requester = model.byID[event.requester];
        if (!requester) { return; }
        var made = model.lookups[event.requester] = model.lookups[event.requester] || { count: 0, last: "" };
        made.count += 1;
        var answer = event.event === "lookup" ? event.provider : (event.module !== undefined ? event.module : event.router);
        var what = event.event === "lookup" ? event.name : event.key;
        if (answer === undefined) {
          model.failed[event.requester] = true;
          made.last = what + " \u2190 MISSING";
        } else if (!event.cacheHit) {
          var provider = model.byID[answer];
          made.last = what + " \u2190 " + (provider ? shortType(provider.type) + " #" + provider.id : "#" + answer);
        }
        requester.fresh = true;
        changed[requester.id] = requester;
        return;
      }
      case "repeated": {
        return;
      }
      case "dropped": {
        model.gaps += event.lines;
        return;
      }
      default:
        return;
    }
  }

  // Brings the picture to `upTo` events: appends when it only grows, else starts again.
  function showUpTo(upTo) {
    if (!model || upTo < shownUpTo) {
      model = Model();
      shownUpTo = 0;
      outline = Outline(picture, zoom, { nodes: [], palette: [] }, { select: select }, { arrival: true });
      paletteOf = {};
    }
    var added = [], changed = {};
    for (var at = shownUpTo; at < upTo; at++) { apply(events[at], added, changed); }
    shownUpTo = upTo;
    outline.append(added.map(function (node) {
      var row = node.outline.slice(0, 6);
      row[2] = details(node);
      row[3] = paletteIndex(node.outline[6]);
      return row;
    }));
    Object.keys(changed).forEach(function (id) {
      var node = changed[id];
      outline.setNode(keyOf(node.kind, node.id), classes(node), details(node));
      if (node.fresh) {
        node.fresh = false;
        setTimeout(function () { if (outline) { outline.setNode(keyOf(node.kind, node.id), classes(node), null); } }, 1000);
      }
    });
    if (Object.keys(model.failed).length > failures.length) { askFailures(); }
    checkLeaks();
    // Until the user pans or zooms, the camera keeps the whole in view while its text is
    // readable, then the newest rows (nodes themselves never move).
    if (!userMoved && added.length > 0) {
      var newest = outline.newest(30);
      zoom.frame([outline.bounds(), newest], 13, 9, true);
    }
    render();
  }
  var userMoved = false;
  ["wheel", "mousedown"].forEach(function (name) { picture.addEventListener(name, function () { userMoved = true; }); });

  // The outline's palette grows as kinds arrive.
  var paletteOf = {};
  function paletteIndex(colour) {
    var name = colour.join(" ");
    if (paletteOf[name] === undefined) { paletteOf[name] = outlinePalette().length; outlinePalette().push(colour); }
    return paletteOf[name];
  }
  function outlinePalette() { return outline ? outline.palette() : []; }

  function render() {
    var parts = [];
    var nodes = model ? model.rows.length : 0;
    parts.push(nodes + (nodes === 1 ? " node" : " nodes"));
    parts.push(events.length + (events.length === 1 ? " event" : " events"));
    document.getElementById("counts").textContent = parts.join(", ");
    timeline.max = String(events.length);
    timeline.value = String(shownUpTo);
    document.getElementById("position").textContent = following ? "live" : "event " + shownUpTo + " of " + events.length;
    document.getElementById("live").classList.toggle("following", following);
    document.getElementById("pause").textContent = following ? "pause" : "resume";
    var state = document.getElementById("state");
    var words = status.state;
    state.className = "";
    if (status.state === "exited" && status.signal !== undefined) { words = "killed by signal " + status.signal; state.className = "signal"; }
    else if (status.state === "exited") { words = "exited with status " + status.exitStatus; state.className = status.exitStatus === 0 ? "exited" : "failed"; }
    else if (status.state === "running") { words = status.source; }
    else if (status.state === "disconnected") { words = "the app disconnected"; }
    else if (status.state === "waiting") { words = "waiting for the app"; }
    if (Object.keys(model ? model.failed : {}).length > 0 && status.state === "running") { state.className = "failed"; }
    state.textContent = words;
    var notices = [];
    var joined = status.joinedAfter || 0, dropped = status.dropped - joined;
    if (joined > 0) { notices.push("joined mid-run: the app had sent " + joined + " events before this server heard from it, so lines about what they made are refused; relaunch the app to see its whole tree (its trace file, if it writes one, has every event)"); }
    if (dropped > 0) { notices.push(dropped + " events dropped by the app (its buffer was full, or its connection was lost): the picture has gaps; its trace file, if it writes one, has every event"); }
    if (status.refused > 0) { notices.push(status.refused + " lines refused" + (status.lastRefusal ? " (last: " + status.lastRefusal + ")" : "")); }
    else if (status.lastRefusal) { notices.push(status.lastRefusal); }
    document.getElementById("notice").textContent = notices.join("; ");
    window.graphinspectLive = { ready: true, events: events.length, shown: shownUpTo, nodes: nodes, state: status.state,
                                failed: Object.keys(model ? model.failed : {}).length, leaked: Object.keys(model ? model.leaked : {}).length };
    window.graphinspectLiveZoom = zoom;
  }

  // The app's clock now, as far as the page can tell: the run's end once it has ended; while it
  // runs and the timeline follows it, its last time plus the time since that event arrived;
  // otherwise (paused, scrubbed back, disconnected) the last time shown. Null with no times.
  function appNow() {
    if (!model || model.lastTime === null) { return null; }
    if (model.ended !== null) { return model.ended; }
    if (following && status.state === "running") { return model.lastTime + (performance.now() - model.lastArrival) * 1e6; }
    return model.lastTime;
  }

  // Marks each module let go whose grace has run out while it is still alive, and asks the
  // server for the reports (`/retained`): the same rule and words as `why`.
  function checkLeaks() {
    var now = appNow();
    if (now === null) { return; }
    var marked = false;
    Object.keys(model.letGo).forEach(function (id) {
      if (model.leaked[id] || now - model.letGo[id] < data.leakGrace) { return; }
      var node = model.byID[id];
      if (!node || node.released) { return; }
      model.leaked[id] = true;
      marked = true;
      if (outline) { outline.setNode(keyOf(node.kind, node.id), classes(node), null); }
    });
    if (marked) { askRetained(now); render(); }
  }
  setInterval(function () { if (model) { checkLeaks(); } }, 200);

  function askRetained(now) {
    if (retainedAsked) { return; }
    retainedAsked = fetch("/retained" + query + (query ? "&" : "?") + "now=" + Math.round(now)).then(function (response) { return response.json(); }).then(function (list) {
      retainedAsked = null;
      retained = list.filter(function (entry) { return entry.leak; });
      listReports("retained", retained, retained.length === 1 ? " module retained after detach (a leak)" : " modules retained after detach (leaks)",
                  "failure leak", function (entry) { return entry.node; });
      if (selected) { select(selected); }
    }).catch(function () { retainedAsked = null; });
  }

  // The list `id` of reports the server worded (each with its headline): a line counting them
  // (`what` after the count), then a button per report that selects the node `nodeOf` names.
  function listReports(id, entries, what, className, nodeOf) {
    var box = document.getElementById(id);
    box.replaceChildren();
    if (entries.length > 0) { box.appendChild(element("li", entries.length + what + " (click one for its report):")); }
    entries.forEach(function (entry) {
      var item = element("li"), button = element("button", entry.headline);
      button.className = className;
      button.addEventListener("click", function () { select(nodeOf(entry)); });
      item.appendChild(button);
      box.appendChild(item);
    });
  }

  function askFailures() {
    if (failuresAsked) { return; }
    failuresAsked = fetch("/failures" + query).then(function (response) { return response.json(); }).then(function (list) {
      failuresAsked = null;
      failures = list;
      listReports("failures", list, list.length === 1 ? " failed lookup" : " failed lookups", "failure", function (failure) { return failure.requester; });
      if (Object.keys(model.failed).length > list.length) { setTimeout(askFailures, 200); }
      if (selected) { select(selected); }
    }).catch(function () { failuresAsked = null; });
  }

  // The panel at once from what the page knows (the node, its path, its lookups' count), then
  // whole from the server's `/details` (what it provides and resolved, who resolved from it).
  function select(key) {
    selected = key;
    if (outline) { var marks = {}; marks[key] = true; outline.mark(marks, {}, []); }
    var known = model && model.rows.filter(function (row) { return keyOf(row.kind, row.id) === key; })[0];
    if (known) {
      var nodes = {}, up = known;
      for (var steps = 0; up && steps < model.rows.length; steps++) {
        var parentRow = up.outline[4] >= 0 ? model.rows[up.outline[4]] : null;
        nodes[keyOf(up.kind, up.id)] = [shortType(up.type) + " #" + up.id, up.kind, up.type, up.released ? 1 : 0,
                                        parentRow ? keyOf(parentRow.kind, parentRow.id) : null, [], [], []];
        up = parentRow;
      }
      panel.show(key, nodes, []);
      panel.section("details", ["asking the server\u2026"]);
    }
    fetch("/details" + query + (query ? "&" : "?") + "id=" + encodeURIComponent(key)).then(function (response) { return response.json(); }).then(function (answer) {
      if (!answer || selected !== key) { return; }
      panel.show(key, answer.nodes, answer.fromIt);
      failures.filter(function (failure) { return failure.requester === key; }).forEach(function (failure) {
        document.getElementById("panel-body").appendChild(element("h3", "failed lookup"));
        document.getElementById("panel-body").appendChild(element("pre", failure.report));
      });
      retained.filter(function (entry) { return entry.node === key; }).forEach(function (entry) {
        document.getElementById("panel-body").appendChild(element("h3", "retained after detach"));
        document.getElementById("panel-body").appendChild(element("pre", entry.report));
      });
      window.graphinspectLiveDetails = key;
    });
  }

  function follow() { following = true; showUpTo(events.length); }
  function pause() { following = false; render(); }

  // For the benchmark: when each batch was on screen ([events so far, ms since the epoch]), and,
  // with #bench in the URL, every frame's time from the first batch on.
  var drawnTimes = window.graphinspectLiveTimes = [];
  var frames = window.graphinspectLiveFrames = [];
  var timing = location.hash === "#bench";
  function frameLoop(last) {
    requestAnimationFrame(function (now) { if (last !== null) { frames.push(now - last); } frameLoop(now); });
  }

  var source = new EventSource("/events" + query);
  source.addEventListener("lines", function (message) {
    var lines = JSON.parse(message.data);
    for (var index = 0; index < lines.length; index++) { events.push(lines[index]); }
    if (following) { showUpTo(events.length); } else { render(); }
    var upTo = events.length;
    requestAnimationFrame(function () { drawnTimes.push([upTo, Date.now()]); });
    if (timing && drawnTimes.length === 0 && frames.length === 0) { timing = false; frameLoop(null); }
  });
  source.addEventListener("status", function (message) { status = JSON.parse(message.data); render(); });
  source.addEventListener("reset", function () {
    events = []; model = null; shownUpTo = 0; failures = []; selected = null; retained = [];
    document.getElementById("failures").replaceChildren();
    document.getElementById("retained").replaceChildren();
    showUpTo(0);
  });

  document.getElementById("pause").addEventListener("click", function () { if (following) { pause(); } else { follow(); } });
  document.getElementById("live").addEventListener("click", follow);
  document.getElementById("fit").addEventListener("click", function () { zoom.fit(); });
  timeline.addEventListener("input", function () { following = false; showUpTo(Number(timeline.value)); });
  document.addEventListener("keydown", function (event) {
    if (event.target === timeline) { return; }
    if (event.key === " ") { event.preventDefault(); if (following) { pause(); } else { follow(); } return; }
    if (zoom.keys(event)) { event.preventDefault(); userMoved = true; }
  });
  document.getElementById("fit").addEventListener("click", function () { userMoved = false; });
  showUpTo(0);
})();
