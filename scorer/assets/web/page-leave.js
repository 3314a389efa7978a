// Scorer: a page the browser keeps in its back/forward cache gives up the games (`scorer
// publish` puts this first in the page's <head>, before any worker starts; decision 155).
//
// The app runs in a worker (Pyodide), and that worker holds the site's Web Lock on the games
// ("scorer-games", scorer/ui/site/browser.py) for as long as it lives, so that a second tab never
// writes the same IndexedDB store. A page left for another address of the site is not always
// ended: the browser may keep it whole, workers and locks included, in its back/forward cache.
// WebKit did, and kept the lock, so the next page of the site said "open in another tab" after a
// long wait on "Working...", with no tab to close and a reload that did not help (Chromium
// caches the page too, but evicts it once another page asks for the lock). So when the page is
// hidden into that cache (pagehide, persisted), its workers are ended, which frees the lock as a
// closed tab does (a save still under way is lost as in a closed tab: the app says a save is
// done only once it is in IndexedDB); when the page is shown from that cache again (pageshow,
// persisted), it has no app left and loads again from the start.
(function () {
  var Native = window.Worker;
  if (typeof Native !== "function") { return; }
  var workers = [];
  try {
    var Kept = function Worker(url, options) {
      var worker = new Native(url, options);
      workers.push(worker);
      return worker;
    };
    Kept.prototype = Native.prototype;  // instanceof Worker still holds
    window.Worker = Kept;
  } catch (error) {
    console.warn("Scorer: the page cannot end its workers when it is left (" + error + ")");
    return;
  }
  window.addEventListener("pagehide", function (event) {
    if (!event.persisted) { return; }  // an ended page ends its workers itself
    while (workers.length) {
      try { workers.pop().terminate(); } catch (error) {}
    }
    window.scorerWorkersEnded = true;
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && window.scorerWorkersEnded) { window.location.reload(); }
  });
})();
