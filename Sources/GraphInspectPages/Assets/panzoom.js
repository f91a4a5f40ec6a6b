function PanZoom(box) {
  var svg = null, whole = null, view = null, drag = null;
  function apply() { svg.setAttribute("viewBox", view.x + " " + view.y + " " + view.w + " " + view.h); box.dataset.zoom = String(Math.round(whole.w / view.w * 100) / 100); }
  function attach() {
    svg = box.querySelector("svg");
    if (!svg) { return; }
    var base = svg.viewBox.baseVal;
    whole = { x: base.x, y: base.y, w: base.width || 1, h: base.height || 1 };
    svg.removeAttribute("width"); svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    svg.style.width = "100%"; svg.style.height = "100%";
    fit();
  }
  function fit() { if (!svg) { return; } view = { x: whole.x, y: whole.y, w: whole.w, h: whole.h }; apply(); }
  function zoom(factor, cx, cy) {
    if (!svg) { return; }
    var w = Math.min(whole.w * 4, Math.max(whole.w / 200, view.w / factor));
    var h = view.h * (w / view.w);
    var fx = cx === undefined ? 0.5 : cx, fy = cy === undefined ? 0.5 : cy;
    view.x += (view.w - w) * fx; view.y += (view.h - h) * fy; view.w = w; view.h = h; apply();
  }
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
  box.addEventListener("mousedown", function (event) { drag = { x: event.clientX, y: event.clientY, moved: false }; });
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
  return { attach: attach, fit: fit, zoom: zoom, pan: pan, centerOn: centerOn, keys: keys,
           dragged: function () { return drag !== null && drag.moved; } };
}
