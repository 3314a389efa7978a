// Scorer: going up in the app goes back in the browser's history (decision 150). Put in the
// page's <head> by `scorer serve` and `scorer publish`, before Flutter starts.
//
// Flutter's web router adds a history entry for every screen the app moves to (Flet 1.0.5's
// push_route cannot replace one, and Python cannot call the page), so after a few deals the
// browser's or Android's back stepped through old deal forms. Here every entry the app adds
// carries, in its state, the addresses of the entries below it (its "trail"). When the app
// then moves to one of those (the scoreboard after a Save or Back, the games after a game),
// the browser goes back to that entry instead of adding one. The entry is replaced instead of
// added when the app moves to a screen above this one that is not below it in the history
// (an address opened directly), and when a form that opens a game (New game, a game opened by
// link) opens it: the game's back leads to the games, not to the form. Flutter is not told of
// the traversals started here: it asked for that address and already shows it. The same for
// an address in the page's path (`scorer serve`) or in its fragment (the published site).
(function () {
    "use strict";
    var history = window.history;
    if (!history || typeof history.pushState !== "function" || typeof URL !== "function") {
        return;
    }
    var push = history.pushState;
    var replace = history.replaceState;
    var TRAIL = "scorerTrail";
    // The shapes of the routes of the forms that are done with once they open a game, and of a
    // game's scoreboard: written here from the route table (routes.page_shapes) by both builds.
    var SHAPES = __SCORER_ROUTE_SHAPES__;
    var OPENS_A_GAME = SHAPES.opensAGame.map(function (source) { return new RegExp(source); });
    var GAME = new RegExp(SHAPES.game);
    var MAX = 100;  // the addresses kept in an entry's trail (the stack stays shallow)
    var traversal = null;  // one started here: {to: address, timer}
    var waiting = [];  // what Flutter asked for meanwhile, done once it has ended

    // An address as the app's route sees it: the path and the fragment ("#/" is home).
    function address(url) {
        var parsed = new URL(url, window.location.href);
        var fragment = parsed.hash === "#" || parsed.hash === "#/" ? "" : parsed.hash;
        return parsed.pathname + fragment;
    }

    // The app's route at an address: the fragment's path (the published site), else the path
    // under the page's base.
    function route(url) {
        var parsed = new URL(url, window.location.href);
        if (parsed.hash.length > 1) {
            return parsed.hash.slice(1).split("?")[0];
        }
        var base = new URL(document.baseURI).pathname;
        var path = parsed.pathname;
        return "/" + (path.indexOf(base) === 0 ? path.slice(base.length) : path.slice(1));
    }

    function trail() {
        var state = history.state;
        return state && typeof state === "object" && Array.isArray(state[TRAIL])
            ? state[TRAIL] : [];
    }

    // Flutter's state ({serialCount, state}) with the trail added; any other left as it is.
    function tagged(state, path) {
        if (!state || typeof state !== "object" || Array.isArray(state)) {
            return state;
        }
        var copy = {};
        Object.keys(state).forEach(function (name) { copy[name] = state[name]; });
        copy[TRAIL] = path.slice(-MAX);
        return copy;
    }

    // Is the route ``target`` a screen above the route ``current`` (a parent folder of it)?
    function above(target, current) {
        if (target === current) {
            return false;
        }
        var folder = target.charAt(target.length - 1) === "/" ? target : target + "/";
        return current.indexOf(folder) === 0;
    }

    function pushed(state, title, url) {
        if (url === undefined || url === null) {
            return push.call(history, state, title, url);
        }
        var path = trail();
        var current = address(window.location.href);
        var target = address(url);
        var at = path.lastIndexOf(target);
        if (at >= 0) {
            traversal = {to: url, timer: window.setTimeout(ended, 3000)};
            history.go(at - path.length);
            return undefined;
        }
        var from = route(window.location.href);
        var to = route(url);
        var opensAGame = OPENS_A_GAME.some(function (shape) { return shape.test(from); });
        if (above(to, from) || (opensAGame && GAME.test(to))) {
            return replace.call(history, tagged(state, path), title, url);
        }
        return push.call(history, tagged(state, path.concat([current])), title, url);
    }

    function replaced(state, title, url) {
        return replace.call(history, tagged(state, trail()), title, url);
    }

    // The traversal has ended (or never started: a trail that names entries the browser no
    // longer has): the page's address is the one asked for, whatever happened; then what
    // Flutter asked for meanwhile is done, in order.
    function ended() {
        var done = traversal;
        traversal = null;
        if (!done) {
            return;
        }
        window.clearTimeout(done.timer);
        if (address(window.location.href) !== address(done.to)) {
            replace.call(history, history.state, "", done.to);
        }
        var calls = waiting;
        waiting = [];
        calls.forEach(function (call) { call[0](call[1], call[2], call[3]); });
    }

    history.pushState = function (state, title, url) {
        if (traversal) {
            waiting.push([pushed, state, title, url]);
            return undefined;
        }
        return pushed(state, title, url);
    };
    history.replaceState = function (state, title, url) {
        if (traversal) {
            waiting.push([replaced, state, title, url]);
            return undefined;
        }
        return replaced(state, title, url);
    };
    // Added before Flutter's listener (this runs first in the page), so it can keep Flutter
    // from hearing of a traversal started here.
    window.addEventListener("popstate", function (event) {
        if (traversal) {
            event.stopImmediatePropagation();
            ended();
        }
    });
})();
