"""The use cases: build a site, pair a round, print documents; what a command does,
without the command line.

Rule: composes load, check, engine, render, edit and fs; returns results for the
caller to print; never imports cli. A use case that renders evaluates the
tournament once (``tourney.engine.evaluation.evaluate``) and hands the evaluation
to render. ``bench/`` and ``fuzz/`` call these.
"""
