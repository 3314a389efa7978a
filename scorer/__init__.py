"""Scorer: a score keeper for bridge-family card games (see README.md and docs/)."""
