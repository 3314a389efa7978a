"""Scorer: the score keeper for bridge-family card games (Draw Bridge, MiniBridge, Call Break)."""
