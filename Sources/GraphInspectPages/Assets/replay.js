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
