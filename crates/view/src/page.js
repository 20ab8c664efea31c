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
  // The page's words, in its language (data-l-* on the body).
  function word(name, english) { return body.getAttribute("data-l-" + name) || english; }
  function num(el, name) {
    var v = el.getAttribute(name);
    return v === null ? -1 : parseInt(v, 10);
  }
  function setup(root) {
    var steps = JSON.parse(root.querySelector("script.steps").textContent);
    var items = [];
    var open = [];
    root.querySelectorAll("[data-s]").forEach(function (el) {
      var it = { el: el, s: num(el, "data-s"), x: num(el, "data-x"), d: num(el, "data-d"),
        o: num(el, "data-o"), c: num(el, "data-c"), i: items.length };
      if (it.o >= 0) {
        it.p = parseFloat(el.getAttribute("data-p"));
        it.k = el.getAttribute("data-k");
        open.push(it);
      }
      items.push(it);
    });
    var frontier = root.querySelector("ol.frontier");
    var svg = root.querySelector(".scene svg");
    var sceneBox = root.querySelector(".scene");
    var zoom = setupZoom(root, svg, sceneBox);
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
        var isOpen = it.o >= 0 ? on && it.o <= k && !done && (it.c < 0 || it.c > k) : on && it.d >= 0 && !done;
        c.toggle("open", isOpen);
        c.toggle("gone", it.o >= 0 && on && it.c >= 0 && it.c <= k);
        c.toggle("now", on && it.d === k);
        c.toggle("fresh", on && it.s === k && it.d !== k);
      });
      var focus = null;
      items.forEach(function (it) { if (!focus && it.d === k && it.el.getBBox) focus = it.el; });
      // Before the first expansion, the start (the first thing drawn) is kept in view.
      if (!focus) items.forEach(function (it) { if (!focus && it.s <= k && it.el.getBBox) focus = it.el; });
      if (focus && zoom) zoom.keepInView(focus);
      if (frontier) showFrontier(frontier, open, k);
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
      label.textContent = word("step", "step") + " " + k + " / " + (steps.length - 1);
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
      playButton.textContent = st.timer ? word("pause", "\u23f8 pause") : word("play", "\u25b6 play");
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
  // The frontier at step k: the open nodes, the one expanded at the next step first, then
  // in the algorithm's order (data-p, ties in creation order).
  function showFrontier(list, open, k) {
    var now = open.filter(function (it) {
      return it.s <= k && it.o <= k && !(it.d >= 0 && it.d <= k) && !(it.c >= 0 && it.c <= k);
    });
    now.sort(function (a, b) {
      var an = a.d === k + 1 ? 0 : 1, bn = b.d === k + 1 ? 0 : 1;
      return an - bn || a.p - b.p || a.i - b.i;
    });
    var html = [];
    now.slice(0, 40).forEach(function (it, j) {
      html.push("<li" + (j === 0 && it.d === k + 1 ? " class=\"next\"" : "") + "></li>");
    });
    list.innerHTML = html.join("");
    var lis = list.querySelectorAll("li");
    now.slice(0, 40).forEach(function (it, j) { lis[j].textContent = it.k; });
    if (now.length > 40) {
      var more = document.createElement("li");
      more.className = "more";
      more.textContent = "… " + (now.length - 40) + " " + word("more", "more");
      list.appendChild(more);
    }
    list.setAttribute("data-count", String(now.length));
  }
  // Fit, zoom and pan: the picture fits its box at first (never enlarged past its natural
  // size); + and − zoom, dragging pans, and the node being expanded is kept in view.
  function setupZoom(root, svg, box) {
    if (!svg || !box) return null;
    var w = parseFloat(svg.getAttribute("width")), h = parseFloat(svg.getAttribute("height"));
    var scale = 1;
    var bar = root.querySelector(".zoom");
    // The whole picture in the box ("fit"); by default no smaller than readable (a
    // large tree is then panned, the current node kept in view).
    function fitScale() {
      var bw = box.clientWidth || w;
      return Math.min(1, bw / w, 620 / h);
    }
    function readableScale() {
      return Math.max(0.6, fitScale());
    }
    function apply(s) {
      scale = Math.max(0.05, Math.min(4, s));
      svg.setAttribute("width", String(w * scale));
      svg.setAttribute("height", String(h * scale));
      root.setAttribute("data-zoom", scale.toFixed(3));
    }
    apply(readableScale());
    if (bar) {
      bar.querySelector(".zin").onclick = function () { apply(scale * 1.25); };
      bar.querySelector(".zout").onclick = function () { apply(scale / 1.25); };
      bar.querySelector(".zfit").onclick = function () { apply(fitScale()); };
    }
    var drag = null;
    box.addEventListener("mousedown", function (e) { drag = { x: e.clientX, y: e.clientY, l: box.scrollLeft, t: box.scrollTop }; });
    window.addEventListener("mouseup", function () { drag = null; });
    box.addEventListener("mousemove", function (e) {
      if (!drag) return;
      box.scrollLeft = drag.l - (e.clientX - drag.x);
      box.scrollTop = drag.t - (e.clientY - drag.y);
    });
    return {
      keepInView: function (el) {
        var r = el.getBoundingClientRect(), s = svg.getBoundingClientRect();
        var x = r.left - s.left + r.width / 2, y = r.top - s.top + r.height / 2;
        if (x < box.scrollLeft + 20 || x > box.scrollLeft + box.clientWidth - 20) box.scrollLeft = Math.max(0, x - box.clientWidth / 2);
        if (y < box.scrollTop + 20 || y > box.scrollTop + box.clientHeight - 20) box.scrollTop = Math.max(0, y - box.clientHeight / 2);
      }
    };
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
  // #check (for the browser tests): how many labels drawn are wider than their node.
  if (/check/.test(hash)) {
    var over = 0, checked = 0;
    document.querySelectorAll(".stepper").forEach(function (root) {
      var rect = root.querySelector(".node rect");
      if (!rect) return;
      var width = parseFloat(rect.getAttribute("width"));
      root.querySelectorAll(".node text, text.value, text.tnote").forEach(function (t) {
        var w = t.getComputedTextLength();
        if (w <= 0) return;
        checked += 1;
        if (w > width - 2) over += 1;
      });
    });
    body.setAttribute("data-overflow", String(over));
    body.setAttribute("data-checked", String(checked));
    // And how many rows the compared sections take (one per comparison when they sit side
    // by side).
    var tops = {};
    document.querySelectorAll(".sections.side > .stepper").forEach(function (s) {
      tops[Math.round(s.getBoundingClientRect().top)] = true;
    });
    body.setAttribute("data-side-rows", String(Object.keys(tops).length));
  }
  // Folded subtrees of a big tree: a click on a "+N" node shows or hides what it folds.
  document.querySelectorAll("rect.fold-hit").forEach(function (hit) {
    hit.addEventListener("click", function () {
      var svg = hit.ownerSVGElement;
      var g = svg && svg.querySelector('g.unfold[data-fold="' + hit.getAttribute("data-fold") + '"]');
      if (!g) return;
      g.classList.toggle("shown");
      hit.classList.toggle("unfolded", g.classList.contains("shown"));
    });
  });
  // #unfold (for the browser tests): unfolds the first folded subtree, as a click does.
  if (/unfold/.test(hash)) {
    var firstFold = document.querySelector("rect.fold-hit");
    if (firstFold) firstFold.dispatchEvent(new MouseEvent("click"));
  }
  // When the script is done, in ms since the page began loading (read by the tests that
  // measure how fast each page opens).
  body.setAttribute("data-ready-ms", String(Math.round(performance.now())));
  // And when the first frame is drawn (styles, layout and paint of what is on screen).
  if (window.requestAnimationFrame) {
    window.requestAnimationFrame(function () {
      setTimeout(function () { body.setAttribute("data-painted-ms", String(Math.round(performance.now()))); }, 0);
    });
  }
  body.setAttribute("data-ready", "yes");
})();
