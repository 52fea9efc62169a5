"""The Jinja2 templates of the static site and the PDFs, shipped inside the wheel.

A tournament folder may override any of them with a file of the same name in
its own ``templates/`` folder.
"""
