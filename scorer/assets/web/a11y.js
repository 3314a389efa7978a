// Scorer: every player at the table (issue 29, decision 193). Put in the page's <head> by
// `scorer serve` and `scorer publish`, before Flutter starts.
//
// 1. A screen reader from the first frame. Flutter's web client builds its accessibility tree
//    only after a press on its hidden "Enable accessibility" placeholder, which a screen-reader
//    user never finds; Flet 1.0.5 gives Python no call that keeps it on. So the page presses it
//    itself, as soon as it exists, with a click in its middle (Flutter's phone check wants the
//    press inside it).
// 2. Pinch zoom. Flutter writes "user-scalable=no, maximum-scale=1.0" into the viewport at
//    start; the page takes both out each time they come back.
// 3. The app's language and text size, chosen on the home screen, are kept by the app on the
//    device (Flutter's shared preferences: this page's localStorage, "flutter.scorer.*"). The
//    page reads them at start and whenever one is written (or Flutter writes its own): <html
//    lang> follows the language (a
//    screen reader then speaks Hindi as Hindi), and the root font size follows the text size,
//    which Flutter takes as its text scale on top of the browser's own.
// 4. The phone's wish for more contrast, and the browser's text size, written where the app
//    reads them as it starts.
// 5. The arrow keys within a group of chips (a ChoiceGroup, marked "scorer-chips" by the app):
//    Right and Down move the focus to the next chip, Left and Up to the one before, Home and
//    End to the first and last; at either end the focus stays (decision 230). Tab still goes
//    chip by chip. Flutter's focus is moved along by as many of its own Tab presses (decision
//    572), so Enter or Space then presses the chip the focus moved to.
(function () {
    "use strict";
    var doc = document.documentElement;
    var LANGUAGES = ["en", "es", "bg", "af", "ne", "hi"];  // scorer/i18n.py
    var PREFIX = "flutter.scorer.";

    function kept(name) {
        var value = null;
        try { value = window.localStorage.getItem(PREFIX + name); } catch (error) { return null; }
        if (value === null) { return null; }
        try { value = JSON.parse(value); } catch (error) { /* kept as plain text */ }
        return value;
    }

    function language() {
        var chosen = kept("language");
        if (LANGUAGES.indexOf(chosen) >= 0) { return chosen; }
        var tags = [].concat(navigator.languages || [], navigator.language || []);
        for (var i = 0; i < tags.length; i++) {
            var primary = String(tags[i]).toLowerCase().split("-")[0];
            if (LANGUAGES.indexOf(primary) >= 0) { return primary; }
        }
        return "en";
    }

    function follow() {
        var lang = language();
        if (doc.getAttribute("lang") !== lang) { doc.setAttribute("lang", lang); }
        var scale = Number(kept("text_size"));
        var size = scale >= 1 && scale <= 3 ? Math.round(scale * 100) + "%" : "";
        if (doc.style.fontSize !== size) { doc.style.fontSize = size; }
    }

    // More contrast asked by the phone (prefers-contrast: more, or forced colours): told to the
    // app the same way, as a kept preference it reads when it starts (decision 196).
    function contrast() {
        var more = false;
        try {
            more = window.matchMedia("(prefers-contrast: more)").matches ||
                window.matchMedia("(forced-colors: active)").matches;
        } catch (error) { /* an old browser: as asked by nothing */ }
        try { window.localStorage.setItem(PREFIX + "contrast", JSON.stringify(more ? "more" : "")); }
        catch (error) { /* no storage: the usual colours */ }
    }

    // The browser's own text size (its default font against 16 px): the app keeps room for
    // large labels where it draws them itself (the chart's axes: decision 198).
    function browserScale() {
        var probe = document.createElement("div");
        probe.style.cssText = "font-size: medium; position: absolute; visibility: hidden";
        (document.body || doc).appendChild(probe);
        var size = parseFloat(window.getComputedStyle(probe).fontSize) || 16;
        probe.parentNode.removeChild(probe);
        try { window.localStorage.setItem(PREFIX + "browser_scale", JSON.stringify(String(size / 16))); }
        catch (error) { /* no storage: as at the usual size */ }
    }

    contrast();
    browserScale();
    follow();
    try {  // a write of the app's own (language, text size) is followed at once
        var setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            setItem.call(this, key, value);
            if (String(key).indexOf(PREFIX) === 0) { follow(); }
        };
    } catch (error) { /* followed by the timer below */ }
    window.setInterval(follow, 1000);
    // Flutter writes the browser's language into <html lang> as it starts: ours is put back.
    new MutationObserver(follow).observe(doc, { attributes: true,
                                                attributeFilter: ["lang", "style"] });

    function zoomable() {
        var meta = document.querySelector('meta[name="viewport"]');
        if (!meta) { return; }
        var content = meta.getAttribute("content") || "";
        var open = content.split(",").map(function (part) { return part.trim(); })
            .filter(function (part) { return part && !/^(user-scalable|maximum-scale)\s*=/.test(part); })
            .join(", ");
        if (open !== content) { meta.setAttribute("content", open); }
    }

    function pressPlaceholder() {
        var placeholder = document.querySelector("flt-semantics-placeholder");
        if (!placeholder) { return false; }
        var box = placeholder.getBoundingClientRect();
        var x = box.left + box.width / 2, y = box.top + box.height / 2;
        placeholder.dispatchEvent(new MouseEvent("click", {
            bubbles: true, cancelable: true, clientX: x, clientY: y, view: window }));
        return true;
    }

    var pressed = false;
    var GROUP = '[flt-semantics-identifier="scorer-chips"]';
    var STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    var held = {};  // arrows taken here: their key-up is kept from Flutter too

    function chipsOf(group) {
        return Array.prototype.filter.call(group.querySelectorAll("[tabindex]"), function (node) {
            return node.getAttribute("tabindex") === "0" && node.closest(GROUP) === group &&
                node.getAttribute("aria-disabled") !== "true";
        });
    }

    function arrow(event) {
        if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
        var key = event.key;
        if (!(key in STEPS) && key !== "Home" && key !== "End") { return; }
        var here = document.activeElement;
        var group = here && here.closest ? here.closest(GROUP) : null;
        if (!group) { return; }
        var chips = chipsOf(group);
        var at = chips.indexOf(here);
        if (at < 0) { return; }
        var step = STEPS[key];
        if ((key === "ArrowLeft" || key === "ArrowRight") &&
            window.getComputedStyle(group).direction === "rtl") { step = -step; }
        var to = key === "Home" ? 0 : key === "End" ? chips.length - 1 :
            Math.max(0, Math.min(chips.length - 1, at + step));  // no wrap: the ends stop it
        event.preventDefault();
        event.stopImmediatePropagation();
        held[event.code] = true;
        if (to !== at) {
            chips[to].focus();
            tabs(to - at);
        }
    }

    // Flutter's own focus follows by as many of its Tab (or Shift-Tab) presses: a key pressed
    // on a layer without ink (decision 572) keeps no focus action by which the page's focus
    // would reach Flutter.
    function tabs(count) {
        if (count === 0) { return; }
        var back = count < 0;
        var at = document.activeElement || document.body;
        function send(type, key, code, keyCode, shift) {
            at.dispatchEvent(new KeyboardEvent(type, {
                key: key, code: code, keyCode: keyCode, which: keyCode, shiftKey: shift,
                location: key === "Shift" ? 1 : 0, bubbles: true, cancelable: true,
                composed: true }));
        }
        if (back) { send("keydown", "Shift", "ShiftLeft", 16, true); }  // Flutter's Shift-Tab
        send("keydown", "Tab", "Tab", 9, back);
        send("keyup", "Tab", "Tab", 9, back);
        if (back) { send("keyup", "Shift", "ShiftLeft", 16, false); }
        // After Flutter's own move (a microtask it queued while it took the press): the
        // next press starts from there, and the page draws the end of the moves only.
        queueMicrotask(function () { tabs(back ? count + 1 : count - 1); });
    }

    function arrowUp(event) {
        if (held[event.code]) {
            delete held[event.code];
            event.preventDefault();
            event.stopImmediatePropagation();
        }
    }

    // Before Flutter's own listeners (this script runs first): an arrow taken here does not
    // also scroll the page.
    window.addEventListener("keydown", arrow, true);
    window.addEventListener("keyup", arrowUp, true);

    var watcher = new MutationObserver(function () {
        if (!pressed) { pressed = pressPlaceholder(); }
        if (pressed && document.querySelector("flt-semantics-host")) { watcher.disconnect(); }
    });
    watcher.observe(doc, { childList: true, subtree: true });
    new MutationObserver(zoomable).observe(document.head || doc, {
        childList: true, subtree: true, attributes: true, attributeFilter: ["content"] });
})();
