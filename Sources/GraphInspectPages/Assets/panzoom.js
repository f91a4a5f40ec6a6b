function PanZoom(box) {
  var svg = null, whole = null, view = null, drag = null, moving = null, listeners = [];
  function apply() {
    svg.setAttribute("viewBox", view.x + " " + view.y + " " + view.w + " " + view.h);
    box.dataset.zoom = String(Math.round(whole.w / view.w * 100) / 100);
    listeners.forEach(function (listener) { listener(view, whole); });
  }
  // Takes the picture's SVG and its view box as the whole; `keepView` keeps the current view
  // (the outline grows and shrinks as nodes open and close).
  function attach(keepView) {
    svg = box.querySelector("svg");
    if (!svg) { return; }
    var base = svg.viewBox.baseVal;
    whole = { x: base.x, y: base.y, w: base.width || 1, h: base.height || 1 };
    svg.removeAttribute("width"); svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    svg.style.width = "100%"; svg.style.height = "100%";
    if (keepView && view) { apply(); } else { fit(); }
  }
  function fit() { if (!svg) { return; } stop(); view = { x: whole.x, y: whole.y, w: whole.w, h: whole.h }; apply(); }
  function stop() { if (moving) { cancelAnimationFrame(moving); moving = null; } }
  // The picture's user units to the SVG's own, for a box found by getBBox inside a transformed group.
  function userBox(element) {
    var b = element.getBBox();
    var matrix = element.getCTM() && svg.getCTM() ? svg.getCTM().inverse().multiply(element.getCTM()) : null;
    if (!matrix) { return { x: b.x, y: b.y, w: b.width, h: b.height }; }
    var xs = [], ys = [];
    [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]].forEach(function (corner) {
      var p = svg.createSVGPoint(); p.x = corner[0]; p.y = corner[1]; p = p.matrixTransform(matrix); xs.push(p.x); ys.push(p.y);
    });
    var x = Math.min.apply(null, xs), y = Math.min.apply(null, ys);
    return { x: x, y: y, w: Math.max.apply(null, xs) - x, h: Math.max.apply(null, ys) - y };
  }
  // Moves the view smoothly to show the first of `rects` (user units, in order of preference)
  // that fits with a margin while text `font` units high stays at least `minimumPixels` on
  // screen; when none fits, the view is centred on the last at that size. Never zooms in past
  // text twice that.
  function frame(rects, font, minimumPixels, instant) {
    if (!svg || rects.length === 0) { return; }
    var shown = box.getBoundingClientRect();
    if (shown.width === 0 || shown.height === 0) { return; }
    var aspect = shown.width / shown.height;
    var widest = shown.width * font / minimumPixels, narrowest = widest / 2;
    var rect = rects[rects.length - 1], w = 0, h = 0;
    for (var index = 0; index < rects.length; index++) {
      var candidate = rects[index];
      var margin = Math.max(candidate.w, candidate.h) * 0.1 + font * 2;
      w = candidate.w + 2 * margin; h = candidate.h + 2 * margin;
      if (w / h < aspect) { w = h * aspect; } else { h = w / aspect; }
      rect = candidate;
      if (w <= widest) { break; }
    }
    w = Math.max(narrowest, Math.min(widest, w)); h = w / aspect;
    var target = { x: rect.x + rect.w / 2 - w / 2, y: rect.y + rect.h / 2 - h / 2, w: w, h: h };
    stop();
    var from = { x: view.x, y: view.y, w: view.w, h: view.h }, started = null, duration = 300;
    function tick(time) {
      if (started === null) { started = time; }
      var t = Math.min(1, (time - started) / duration), e = t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2;
      view = { x: from.x + (target.x - from.x) * e, y: from.y + (target.y - from.y) * e, w: from.w + (target.w - from.w) * e, h: from.h + (target.h - from.h) * e };
      apply();
      moving = t < 1 ? requestAnimationFrame(tick) : null;
    }
    if (instant || document.hidden || box.dataset.motion === "off" || matchMedia("(prefers-reduced-motion: reduce)").matches) { view = target; apply(); return; }
    moving = requestAnimationFrame(tick);
  }
  function zoom(factor, cx, cy) {
    if (!svg) { return; }
    stop();
    // Out to four times the whole; in to 1/200 of it, or 200 units across for a wide outline.
    var w = Math.min(whole.w * 4, Math.max(Math.min(whole.w / 200, 200), view.w / factor));
    var h = view.h * (w / view.w);
    var fx = cx === undefined ? 0.5 : cx, fy = cy === undefined ? 0.5 : cy;
    view.x += (view.w - w) * fx; view.y += (view.h - h) * fy; view.w = w; view.h = h; apply();
  }
  // Moves the view by (dx, dy) in the picture's units, as when what is under it moved.
  function moveBy(dx, dy) { if (!svg) { return; } stop(); view.x += dx; view.y += dy; apply(); }
  function pan(dx, dy) { if (!svg) { return; } view.x += dx * view.w; view.y += dy * view.h; apply(); }
  function centerOn(element, scale) {
    if (!svg || !element) { return; }
    var box2 = element.getBBox();
    var matrix = element.getCTM() && svg.getCTM() ? svg.getCTM().inverse().multiply(element.getCTM()) : null;
    var x = box2.x + box2.width / 2, y = box2.y + box2.height / 2;
    if (matrix) { var p = svg.createSVGPoint(); p.x = x; p.y = y; p = p.matrixTransform(matrix); x = p.x; y = p.y; }
    var w = Math.min(view.w, Math.max(box2.width * (scale || 6), whole.w / 20));
    var h = view.h * (w / view.w);
    view = { x: x - w / 2, y: y - h / 2, w: w, h: h }; apply();
  }
  box.addEventListener("wheel", function (event) {
    event.preventDefault();
    var rect = box.getBoundingClientRect();
    zoom(event.deltaY < 0 ? 1.2 : 1 / 1.2, (event.clientX - rect.left) / rect.width, (event.clientY - rect.top) / rect.height);
  }, { passive: false });
  box.addEventListener("mousedown", function (event) { stop(); drag = { x: event.clientX, y: event.clientY, moved: false }; });
  window.addEventListener("mousemove", function (event) {
    if (!drag || !svg) { return; }
    var rect = box.getBoundingClientRect();
    var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 2) { drag.moved = true; }
    view.x -= dx * view.w / rect.width; view.y -= dy * view.h / rect.height;
    drag.x = event.clientX; drag.y = event.clientY; apply();
  });
  window.addEventListener("mouseup", function () { setTimeout(function () { drag = null; }, 0); });
  function keys(event) {
    if (event.target && (event.target.tagName === "INPUT" || event.target.tagName === "TEXTAREA")) { return false; }
    if (event.key === "+" || event.key === "=") { zoom(1.25); }
    else if (event.key === "-") { zoom(1 / 1.25); }
    else if (event.key === "0") { fit(); }
    else if (event.key === "ArrowUp" && !event.shiftKey) { pan(0, -0.1); }
    else if (event.key === "ArrowDown" && !event.shiftKey) { pan(0, 0.1); }
    else { return false; }
    return true;
  }
  return { attach: attach, fit: fit, zoom: zoom, pan: pan, centerOn: centerOn, keys: keys, frame: frame, userBox: userBox,
           onChange: function (listener) { listeners.push(listener); },
           whole: function () { return whole; }, view: function () { return view; }, moveBy: moveBy,
           dragged: function () { return drag !== null && drag.moved; } };
}
