"""Delivering the app from this machine: :mod:`~scorer.ui.serve.run` (``scorer run`` in a window
or the browser, ``scorer serve`` to the phones at a table), :mod:`~scorer.ui.serve.server` (the
web server around Flet's), :mod:`~scorer.ui.serve.table` (a table's address and code) and
:mod:`~scorer.ui.serve.client_files` (the browser client's files, shared with the site) and
:mod:`~scorer.ui.serve.flet_files` (every change to Flet's and Pyodide's built files, checked,
for both builds)."""
