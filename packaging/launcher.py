"""Entry point of the one-file executable (see emberdeep.spec): the same ``main`` as the
``emberdeep`` command. A script outside the package, so PyInstaller imports emberdeep as
a package (absolute imports, importlib.resources) exactly as an installed copy does."""

from emberdeep.cli import main

raise SystemExit(main())
