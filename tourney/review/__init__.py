"""Review of a change: two versions of a folder (from git) compared in words a reviewer reads.

Rule: reads, never writes the folder; never imports app or cli.
"""
