"""The file system: atomic writes, the folder lock, the output folder of a site.

Rule: knows files, not tournaments; imports only ``tourney.errors``.
"""
