"""The screens of the table app, one module each; :mod:`scorer.ui.shell.routes` says which
route shows which. Each module's ``build(app, route)`` draws its screen from the session's state
(the app as :class:`scorer.ui.screens.host.App`, its :class:`scorer.ui.shell.keeper.Keeper`)."""
