"""The phone build, a static site that runs alone and offline (``scorer publish``):
:mod:`~scorer.ui.site.publish` builds it from Flet's web client
(:mod:`~scorer.ui.serve.flet_files`: every change to Flet's built files, shared with
``scorer serve``),
:mod:`~scorer.ui.site.pack` (the app archive), :mod:`~scorer.ui.site.slim` (trimmed stdlib,
fonts, icons) and :mod:`~scorer.ui.site.offline` (the service worker's list);
:mod:`~scorer.ui.site.browser` is the only one the site runs: it starts the app in the page
(Pyodide) over the browser's storage."""
