// The step controls both players share (the replay page, and the frames `replay --frames`
// writes): first, previous, play, next, last, the slider, the counter, and the keys (arrows,
// Home, End, space). `show(index)` draws step `index` (0-based; -1 when there is none);
// `otherKey(event)` may handle the keys the stepper does not, returning whether it did.
function Stepper(count, show, interval, otherKey) {
  "use strict";
  var step = 0;
  var timer = null;
  var play = document.getElementById("play");
  var slider = document.getElementById("slider");
  var counter = document.getElementById("counter");
  slider.max = String(Math.max(1, count));

  function go(index) {
    if (count === 0) { show(-1); return; }
    step = Math.max(0, Math.min(count - 1, index));
    slider.value = String(step + 1);
    counter.textContent = "step " + (step + 1) + " of " + count;
    show(step);
  }
  function pause() { if (timer) { clearInterval(timer); timer = null; play.textContent = "play"; } }
  function toggle() {
    if (timer) { pause(); return; }
    if (step === count - 1) { go(0); }
    play.textContent = "pause";
    timer = setInterval(function () { if (step >= count - 1) { pause(); } else { go(step + 1); } }, interval);
  }

  document.getElementById("first").addEventListener("click", function () { pause(); go(0); });
  document.getElementById("prev").addEventListener("click", function () { pause(); go(step - 1); });
  document.getElementById("next").addEventListener("click", function () { pause(); go(step + 1); });
  document.getElementById("last").addEventListener("click", function () { pause(); go(count - 1); });
  play.addEventListener("click", toggle);
  slider.addEventListener("input", function () { pause(); go(Number(slider.value) - 1); });
  document.addEventListener("keydown", function (event) {
    if (event.target === slider && (event.key === "ArrowRight" || event.key === "ArrowLeft")) { return; }
    if (event.key === "ArrowRight") { pause(); go(step + 1); }
    else if (event.key === "ArrowLeft") { pause(); go(step - 1); }
    else if (event.key === "Home") { pause(); go(0); }
    else if (event.key === "End") { pause(); go(count - 1); }
    else if (event.key === " ") { toggle(); }
    else if (!otherKey(event)) { return; }
    event.preventDefault();
  });

  return { go: go, pause: pause };
}
