// The one script of every resolu page: each .stepper section is a sequence of steps; an
// element of its scene with data-s="k" appears at step k, data-x="k" hides it from step k
// on, data-d="k" marks it done (closed, expanded, valued) from step k on. The URL fragment
// #step=N, #step=last or #play applies to every section (used by the browser tests).
(function () {
  "use strict";
  var body = document.body;
  window.addEventListener("error", function (e) {
    body.setAttribute("data-error", String(e.message || e));
  });
  var steppers = [];
  var active = null;
  var sync = document.getElementById("sync");
  function num(el, name) {
    var v = el.getAttribute(name);
    return v === null ? -1 : parseInt(v, 10);
  }
  function setup(root) {
    var steps = JSON.parse(root.querySelector("script.steps").textContent);
    var items = [];
    root.querySelectorAll("[data-s]").forEach(function (el) {
      items.push({ el: el, s: num(el, "data-s"), x: num(el, "data-x"), d: num(el, "data-d") });
    });
    var logItems = Array.prototype.slice.call(root.querySelectorAll(".log li"));
    var slider = root.querySelector("input.slider");
    var label = root.querySelector(".where");
    var caption = root.querySelector(".caption");
    var counters = root.querySelector(".now-counters");
    var playButton = root.querySelector("button.play");
    var log = root.querySelector(".log");
    var st = { root: root, k: -1, n: steps.length, timer: null };
    slider.max = String(steps.length - 1);
    st.show = function (k) {
      k = Math.max(0, Math.min(steps.length - 1, k));
      st.k = k;
      items.forEach(function (it) {
        var c = it.el.classList;
        var on = it.s <= k && (it.x < 0 || it.x > k);
        c.toggle("off", !on);
        var done = it.d >= 0 && it.d <= k;
        c.toggle("done", on && done);
        c.toggle("open", on && it.d >= 0 && !done);
        c.toggle("now", on && it.d === k);
        c.toggle("fresh", on && it.s === k && it.d !== k);
      });
      var scene = root.querySelector(".scene");
      var focus = null;
      items.forEach(function (it) { if (!focus && it.d === k && it.el.getBBox) focus = it.el; });
      if (focus && scene) {
        var box = focus.getBBox();
        scene.scrollLeft = Math.max(0, box.x - scene.clientWidth / 2);
        scene.scrollTop = Math.max(0, box.y - scene.clientHeight / 2);
      }
      var current = null;
      logItems.forEach(function (li) {
        var s = parseInt(li.getAttribute("data-step"), 10);
        li.classList.toggle("off", s > k);
        li.classList.toggle("now", s === k);
        if (s === k) current = li;
      });
      if (current && log) log.scrollTop = Math.max(0, current.offsetTop - log.offsetTop - 60);
      var step = steps[k];
      slider.value = String(k);
      label.textContent = "step " + k + " / " + (steps.length - 1);
      caption.textContent = step.c;
      counters.textContent = step.n || "";
      root.setAttribute("data-step", String(k));
      root.setAttribute("data-shown", step.t || step.c);
    };
    st.play = function (on) {
      if (st.timer) { clearInterval(st.timer); st.timer = null; }
      if (on) {
        if (st.k >= st.n - 1) st.show(0);
        var delay = Math.max(30, Math.min(700, Math.floor(20000 / st.n)));
        st.timer = setInterval(function () {
          if (st.k >= st.n - 1) { st.play(false); } else { st.show(st.k + 1); }
        }, delay);
      }
      playButton.textContent = st.timer ? "\u23f8 pause" : "\u25b6 play";
      root.setAttribute("data-playing", st.timer ? "yes" : "no");
    };
    function targets() {
      return sync && sync.checked ? steppers : [st];
    }
    function act(f) {
      active = st;
      targets().forEach(f);
    }
    root.querySelector("button.first").onclick = function () { act(function (t) { t.show(0); }); };
    root.querySelector("button.prev").onclick = function () { act(function (t) { t.show(t.k - 1); }); };
    root.querySelector("button.next").onclick = function () { act(function (t) { t.show(t.k + 1); }); };
    root.querySelector("button.last").onclick = function () { act(function (t) { t.show(t.n - 1); }); };
    playButton.onclick = function () { var on = !st.timer; act(function (t) { t.play(on); }); };
    slider.oninput = function () { var k = parseInt(slider.value, 10); act(function (t) { t.show(k); }); };
    root.addEventListener("mousedown", function () { active = st; });
    st.show(0);
    return st;
  }
  document.querySelectorAll(".stepper").forEach(function (root) { steppers.push(setup(root)); });
  active = steppers[0] || null;
  document.addEventListener("keydown", function (e) {
    if (!active || e.target.tagName === "INPUT" && e.target.type !== "range" && e.target.type !== "checkbox") return;
    var all = sync && sync.checked ? steppers : [active];
    var key = e.key;
    if (key === "ArrowRight" || key === "l") all.forEach(function (t) { t.show(t.k + 1); });
    else if (key === "ArrowLeft" || key === "h") all.forEach(function (t) { t.show(t.k - 1); });
    else if (key === "Home") all.forEach(function (t) { t.show(0); });
    else if (key === "End") all.forEach(function (t) { t.show(t.n - 1); });
    else if (key === " " || key === "p") { var on = !active.timer; all.forEach(function (t) { t.play(on); }); }
    else return;
    e.preventDefault();
  });
  var hash = window.location.hash;
  var m = /step=(last|\d+)/.exec(hash);
  if (m) {
    steppers.forEach(function (t) { t.show(m[1] === "last" ? t.n - 1 : parseInt(m[1], 10)); });
  }
  if (/play/.test(hash)) steppers.forEach(function (t) { t.play(true); });
  body.setAttribute("data-ready", "yes");
})();
