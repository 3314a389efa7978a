// Scorer: Python starts beside Flutter's client, not after it (issue 33; `scorer publish` puts
// this in the page after Flet's python.js, and the page's start calls scorerStartPython() just
// before it starts Flutter).
//
// Flet's python.js starts the Python worker (python-worker.js: Pyodide, our snapshot, the app)
// only when Flutter's client, once loaded, asks for it (jsConnect): on a repeat visit the
// worker started about half a second after the page, and the home screen waited for Python.
// Here the same worker is started with the same first message as soon as the page starts the
// app, so both load at once (two cores, or one core's idle moments while the other waits for
// its files). When Flutter asks, jsConnect takes that worker instead of starting a second one:
// what the worker said meanwhile (Python's first output, its "initialized") is handed on in
// order, exactly as python.js would have handled it. Anything unexpected (no Worker, a Flet
// whose python.js has changed) leaves Flet's own start as it was.
(function () {
  var early = null;  // {worker, heard: [events], take: function(event) | null}
  var fletConnect = globalThis.jsConnect;
  if (typeof fletConnect !== "function" || typeof _apps !== "object" ||
      typeof window.flet !== "object") {
    return;  // not the python.js this was written for: Flet starts Python itself
  }
  window.scorerStartPython = function () {
    if (early) { return; }
    try {
      var base = flet.entrypointBaseUrl || "";
      var worker = new Worker((base.endsWith("/") ? base.slice(0, -1) : base) +
                              "/python-worker.js", {type: "module"});
      early = {worker: worker, heard: [], take: null};
      worker.onmessage = function (event) {
        if (early && early.take) { early.take(event); } else if (early) { early.heard.push(event); }
      };
      worker.postMessage({
        pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs",
        args: null,  // Scorer's start reads none from the page (see python-start.js)
        documentUrl: typeof _documentUrl === "string" ? _documentUrl : document.URL,
        appPackageUrl: flet.appPackageUrl,
        micropipIncludePre: flet.micropipIncludePre,
        pythonModuleName: flet.pythonModuleName
      });
      console.log("Scorer: Python worker started beside Flutter's client");
    } catch (error) {
      console.warn("Scorer: Python not started early (" + error + ")");
      early = null;
    }
  };
  // As python.js's jsConnect, on the worker started early (or Flet's own when there is none).
  globalThis.jsConnect = async function (appId, args, dartOnMessage) {
    var started = early;
    if (!started || started.taken) {
      return fletConnect(appId, args, dartOnMessage);
    }
    started.taken = true;
    console.log("Starting up Python worker: " + appId + ", args: " + args + " (started early)");
    var app = {dartOnMessage: dartOnMessage, worker: started.worker};
    _apps[appId] = app;
    var error;
    var initialized = new Promise(function (resolve) { app.onPythonInitialized = resolve; });
    var take = function (event) {
      if (typeof event.data === "string") {
        if (event.data != "initialized") { error = event.data; }
        app.onPythonInitialized();
      } else {
        app.dartOnMessage(event.data);
      }
    };
    var heard = started.heard;
    started.heard = [];
    started.take = take;
    heard.forEach(take);
    await initialized;
    if (error) {
      console.error("Python worker init error:", error);
      await jsDisconnect(appId);
      throw error;
    }
    console.log("Python worker initialized: " + appId);
  };
})();
