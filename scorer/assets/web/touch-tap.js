// Scorer: a finger's tap on one of Flutter's keys is its click at once (issue 33, decision 609).
// In the page's <head>, before Flutter starts: `scorer serve` and `scorer publish` put it there
// (head_scripts()).
//
// A finger's tap reaches a page as touch events, and the browser then makes a tap gesture of
// them, which sends the page's compatibility mouse events and its click. Chromium handles
// that gesture as a "discrete input" that asks for a frame, and then holds the page's other
// tasks until that frame has run (its DeferRendererTasksAfterInput, on by default): the
// answer of Scorer's Python worker to the tap (or the server's, served) waited for it, then
// for one more frame to be drawn: 46 ms from the press to the preview drawn, against 28 ms
// by mouse or with that feature turned off (benchmarks/bench_tap_py.py --touch; a page
// without Scorer shows the same, benchmarks/bench_touch_defer.py).
//
// So a quick tap of one finger that starts and ends on the same key of Flutter's accessibility
// tree (an element marked `flt-tappable`: a button, a chip, a card) is the key's click here,
// at the end of the touch, and the browser's gesture is cancelled (touchend's default): the
// same click, on the same element, at the same point, as the browser would have sent (Flutter
// takes a finger's tap on its tree from the click). Everything else is the browser's as
// before: a touch that moves (a scroll), a long press, two fingers, a touch that ends off its
// key, text fields, links. What a finger loses on those keys is what the gesture did besides
// the click: the browser's touch adjustment (a tap just off a key's edge going to it; Scorer's
// keys are at least 48 px) and the focus moving to the key (a keyboard's Tab or a screen
// reader moves it as before; a screen reader's activation is a click, not a touch).
(function () {
  "use strict";
  var SLOP = 10;   // CSS px a finger may move and still tap (a finger shakes; more is a scroll)
  var LONG = 500;  // ms: a press longer than this is a long press, left to the browser
  var KEY = "[flt-tappable]";
  var NATIVE = "input, textarea, select, [contenteditable], a[href]";
  var begun = null;  // the touch being watched: {id, x, y, time, key}

  function key(element) {  // Flutter's key under an element, unless the browser's own is there
    if (!element || !element.closest || element.closest(NATIVE) !== null) { return null; }
    return element.closest(KEY);
  }

  function find(touches, id) {
    for (var n = 0; n < touches.length; n++) {
      if (touches[n].identifier === id) { return touches[n]; }
    }
    return null;
  }

  function moved(touch) {
    return Math.hypot(touch.clientX - begun.x, touch.clientY - begun.y) > SLOP;
  }

  window.addEventListener("touchstart", function (event) {
    begun = null;
    if (event.touches.length !== 1) { return; }  // a second finger: the browser's
    var touch = event.changedTouches[0];
    var on = key(document.elementFromPoint(touch.clientX, touch.clientY));
    if (on === null) { return; }
    begun = {id: touch.identifier, x: touch.clientX, y: touch.clientY, time: event.timeStamp,
             key: on};
  }, {capture: true, passive: true});

  window.addEventListener("touchmove", function (event) {
    var touch = begun && find(event.changedTouches, begun.id);
    if (touch && moved(touch)) { begun = null; }
  }, {capture: true, passive: true});

  window.addEventListener("touchcancel", function () { begun = null; },
                          {capture: true, passive: true});

  window.addEventListener("touchend", function (event) {
    var touch = begun && find(event.changedTouches, begun.id);
    var tap = touch !== null && !moved(touch) && event.timeStamp - begun.time <= LONG &&
              event.touches.length === 0 && event.cancelable;
    var on = begun && begun.key;
    begun = null;
    if (!tap) { return; }
    var target = document.elementFromPoint(touch.clientX, touch.clientY);
    if (key(target) !== on) { return; }  // ended off the key it began on: no click
    event.preventDefault();  // no tap gesture: no compatibility mouse events, no second click
    target.dispatchEvent(new MouseEvent("click", {
      bubbles: true, cancelable: true, composed: true, view: window, detail: 1,
      clientX: touch.clientX, clientY: touch.clientY, screenX: touch.screenX,
      screenY: touch.screenY}));
  }, {capture: true, passive: false});
})();
