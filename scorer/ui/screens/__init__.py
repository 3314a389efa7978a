"""The screens of the table app, one module each; :mod:`scorer.ui.routes` says which route
shows which. Each module's ``build(app, route)`` draws its screen from the session's state
(:class:`scorer.ui.app.ScorerApp`, :class:`scorer.ui.session.Session`)."""
