"""The static site (``seven site``): the rules, the card designs and the rulings as pages
that work from the file system and offline, with the search of ``seven judge`` running in
the browser. :func:`judge_cli.site.build.build_site` writes it."""
