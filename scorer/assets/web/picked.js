// Scorer: an import file read by the page itself, refused by its size first (issue 30 item 12,
// decision 245). Published site only: `scorer publish` puts it in <head>, before Flet's
// python.js makes the Python worker.
//
// Flet's file picker, asked without the file's data, opens the phone's chooser and tells
// Python only the picked file's name and size (Flutter's file_picker keeps a read stream it
// never reads). Python refuses a file larger than it imports there, before a byte is read. A
// file it takes is read here, from the same <input type=file> (noted as Flutter opens the
// chooser with it: it may be kept out of the document), a slice at a time with its
// progress told to Python, and handed to the Python worker whole, in one transfer (not copied
// through Flutter's messages).
//
// The page and the worker talk beside Flet's own messages: the worker's {scorer: ...} objects
// are taken here before Flet's handler sees them (a listener added as the worker is made, so
// ahead of Flet's onmessage), and the worker does the same with ours (python-start.js).
// When the worker says the home screen is up, the page is told ("scorer-home-shown"): the
// site then keeps its fallback fonts in the background (decision 247).
(function () {
    "use strict";
    var NativeWorker = window.Worker;
    if (typeof NativeWorker !== "function") { return; }
    var SLICE = 1024 * 1024;  // read a megabyte at a time, with its progress

    // The file inputs Flutter's file_picker opened the phone's chooser with (it may keep them
    // out of the document): the last few, whose files are the picked ones.
    var opened = [];
    function noteOpened(input) {
        if (input.type !== "file") { return; }
        opened = opened.filter(function (kept) { return kept !== input; }).slice(-3);
        opened.push(input);
    }
    ["click", "showPicker"].forEach(function (name) {
        var own = HTMLInputElement.prototype[name];
        if (typeof own !== "function") { return; }
        HTMLInputElement.prototype[name] = function () {
            noteOpened(this);
            return own.apply(this, arguments);
        };
    });

    // The file the phone's chooser gave Flutter's input, by its name and size.
    function pickedFile(name, size) {
        for (var i = opened.length - 1; i >= 0; i--) {
            var files = opened[i].files || [];
            for (var j = 0; j < files.length; j++) {
                if (files[j].name === name && files[j].size === size) { return files[j]; }
            }
        }
        return null;
    }

    async function read(worker, ask) {
        var answer = { scorer: "picked", id: ask.id };
        var file = pickedFile(ask.name, ask.size);
        if (file === null) {
            answer.error = "the picked file is no longer there";
        } else if (file.size > ask.limit) {  // Python refused it already: never read
            answer.error = "the picked file is larger than " + ask.limit + " bytes";
        }
        if (answer.error) { worker.postMessage(answer); return; }
        try {
            var bytes = new Uint8Array(file.size);
            for (var at = 0; at < file.size; at += SLICE) {
                var part = new Uint8Array(await file.slice(at, at + SLICE).arrayBuffer());
                bytes.set(part, at);
                worker.postMessage({ scorer: "picked", id: ask.id, loaded: at + part.length });
            }
            answer.bytes = bytes;
            worker.postMessage(answer, [bytes.buffer]);
        } catch (error) {
            answer.error = String(error);
            worker.postMessage(answer);
        }
    }

    function ScorerWorker(url, options) {
        var worker = new NativeWorker(url, options);
        if (String(url).indexOf("python-worker.js") < 0) { return worker; }
        worker.addEventListener("message", function (event) {
            var data = event.data;
            if (!data || typeof data.scorer !== "string") { return; }
            event.stopImmediatePropagation();  // ours, not a message for Flutter
            if (data.scorer === "read-picked") {
                read(worker, data);
            } else if (data.scorer === "home-shown") {
                window.dispatchEvent(new Event("scorer-home-shown"));
            }
        });
        return worker;
    }
    ScorerWorker.prototype = NativeWorker.prototype;
    window.Worker = ScorerWorker;
})();
