// Scorer: Flet's boot screen held back, then drawn at a walking pace, while Python starts (issue
// 33). Published site only: `scorer publish` puts it in <head>, before Flutter's client is
// started.
//
// Until Python's first screen is up, Flet's client shows its boot screen: "Working..." and a
// spinning circle. The spinner asks for a frame at every refresh of the screen (60 a second),
// and each frame is Flutter's Dart, skwasm's drawing and the copy of the whole canvas to the
// screen: measured on a first visit, 54 frames and about 0.9 s of the page's thread in 1.5 s
// (decision 585), taken from Python's start on the same cores. A phone with one or two slow
// cores then waits longer for the home screen, to watch a smoother spinner.
//
// So, on a repeat visit (the site is kept on the phone: its service worker controls the page
// from the start), no frame is drawn at all until HOLD milliseconds after the page was opened:
// the page's own splash (the app's icon, #loading) stays up, Flutter does not remove it at its
// first frame, and the boot screen's frames (a few, which Python's first message would wait
// behind, on the cores Python needs) are never drawn when the first screen comes in time
// (decision 596). Then, and from the start of a first visit (where Python starts without its
// snapshot, seconds), the page hands Flutter at most one frame every PACE milliseconds: the
// first frame at once, the spinner still turning, at about 8 frames a second. Every frame
// asked for in between is run in the next paced one, in the order asked, with that frame's
// time; a cancelled one is not run. The hold and the pace end, and every waiting frame runs at
// the next refresh (the splash removed once it has run), when the worker says the first screen
// is up ("scorer-home-shown", from picked.js), or at the player's first press or key,
// whichever comes first. A screen that never says it (another tab has the app, an error) is
// still drawn, after HOLD, at most PACE late.
(function () {
  "use strict";
  var PACE = 125;  // ms between two frames of the boot screen
  var HOLD = 4000;  // a repeat visit's first frame at most this long after the page opened
  var request = window.requestAnimationFrame;
  var cancel = window.cancelAnimationFrame;
  if (typeof request !== "function" || typeof cancel !== "function") { return; }
  request = request.bind(window);
  cancel = cancel.bind(window);
  var pacing = true;
  var holding = false;    // no frame yet: the splash stays (until HOLD, or the first screen)
  try {
    holding = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  } catch (error) {}  // (no service worker here: a first visit's pace)
  if (holding) {
    console.log("Scorer: no frame until the first screen is up, at most " + HOLD +
                " ms after the page opened (a repeat visit)");
  }
  var splash = false;     // Flutter's first frame came while holding: #loading is ours to remove
  var waiting = [];       // [{id, callback}] asked for since the last paced frame
  var ids = 0x40000000;   // ours, far from the browser's own (counted up from 1)
  var last = -Infinity;   // when the last paced frame ran (performance.now())
  var timer = null;       // the pause before the next paced frame
  var asked = false;      // the next frame is asked of the browser already
  var paced = 0;          // frames run at the pace
  var PLAYER = ["pointerdown", "keydown", "touchstart"];  // the player's first press ends it

  function frame(time) {
    asked = false;
    if (pacing) { paced++; }
    last = performance.now();
    var now = waiting;
    waiting = [];
    now.forEach(function (entry) {
      try {
        entry.callback(time);
      } catch (error) {  // as the browser would: reported, the other frames still run
        setTimeout(function () { throw error; });
      }
    });
    if (splash) {  // the frame just drawn is the first one shown: the splash gives it its place
      splash = false;
      var loading = document.getElementById("loading");
      if (loading) { loading.remove(); }
    }
  }

  function ask() {
    if (asked) { return; }
    asked = true;
    request(frame);
  }

  function schedule() {
    if (asked || timer !== null) { return; }
    if (holding) {  // no frame before HOLD: one timer, then the pace's first frame at once
      timer = setTimeout(function () { timer = null; holding = false; schedule(); },
                         Math.max(0, HOLD - performance.now()));
      return;
    }
    var pause = pacing ? last + PACE - performance.now() : 0;
    if (pause <= 0) { ask(); return; }
    timer = setTimeout(function () { timer = null; ask(); }, pause);
  }

  window.requestAnimationFrame = function (callback) {
    if (!pacing && waiting.length === 0 && !splash) { return request(callback); }
    var id = ++ids;
    waiting.push({id: id, callback: callback});
    schedule();
    return id;
  };
  window.cancelAnimationFrame = function (id) {
    var before = waiting.length;
    waiting = waiting.filter(function (entry) { return entry.id !== id; });
    if (waiting.length === before) { cancel(id); }
  };

  function end(event) {
    if (!pacing) { return; }
    pacing = false;
    holding = false;
    // Said on the console (bench_web.py reads the mark as a stage of the visit)
    console.log("Scorer: the boot screen's frames were paced until " +
                (event.type === "scorer-home-shown" ? "the first screen was up" : "a " + event.type) +
                " (" + paced + " frames)");
    console.log("Scorer mark: boot pace ended " + Date.now());
    if (timer !== null) { clearTimeout(timer); timer = null; }
    if (waiting.length) { ask(); }
    window.removeEventListener("scorer-home-shown", end);
    PLAYER.forEach(function (name) { window.removeEventListener(name, end, true); });
  }
  // Flutter's bootstrap removes the splash at Flutter's first frame (a listener added after
  // this one): while frames are held, that frame is not drawn yet, so the splash stays until
  // a frame is.
  window.addEventListener("flutter-first-frame", function (event) {
    if (holding && pacing) {
      splash = true;
      event.stopImmediatePropagation();
    }
  }, {once: true});
  window.addEventListener("scorer-home-shown", end);
  PLAYER.forEach(function (name) { window.addEventListener(name, end, true); });
})();
