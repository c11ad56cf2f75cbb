"""Allow `python -m emberdeep`, which is what the frozen binary and the README scripts run."""

from emberdeep.cli import main

raise SystemExit(main())
