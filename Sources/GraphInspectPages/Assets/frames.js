// Plays the frames `graphinspect replay --frames DIR` wrote beside this page: one picture per
// step (each framed on its step), shown in turn with the step's words (controls: `Stepper`).
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("frames-data").textContent);
  var frames = data.frames;
  var image = document.getElementById("frame");
  var words = document.getElementById("words");
  document.getElementById("title").textContent = data.title;

  function show(step) {
    if (step < 0) { words.textContent = "nothing to replay"; return; }
    image.src = frames[step].file;
    image.alt = frames[step].words;
    words.textContent = (step + 1) + ". " + frames[step].words;
  }
  var stepper = Stepper(frames.length, show, 1200, function (event) {
    if (event.key !== "0") { return false; }
    location.href = "whole.svg";
    return true;
  });

  // #step=N opens at step N.
  stepper.go((Number(new URLSearchParams(location.hash.slice(1)).get("step")) || 1) - 1);
})();
