"""Scorer: the score keeper for bridge-family card games (see README.md)."""
