"""Where the shipped data files are: ``data/`` of a checkout, or the installed copy.

``pip install .`` puts the fonts, the SQL migrations and the analysis tables under
``<prefix>/share/mahjong-table/`` (``[tool.setuptools.data-files]`` in pyproject.toml), since
``data/`` is not a package (and new migrations or fonts land there without a list to keep);
a checkout reads them where they are.
"""

from __future__ import annotations

import site
import sys
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1] / "data"
SHARE = Path("share") / "mahjong-table"


def data_path(*parts: str) -> Path:
    """``data/<parts>``: the checkout's when it has it, else the installed copy's (in the
    environment's prefix, or the user's for ``pip install --user``); the checkout's path
    when neither exists, so an error names the expected place."""
    here = CHECKOUT.joinpath(*parts)
    if here.exists():
        return here
    # the prefix this copy is installed in (<prefix>/lib/pythonX.Y/site-packages/engine/…),
    # then the environment's and the user's
    parents = Path(__file__).resolve().parents
    prefixes: list[Path] = [parents[4]] if len(parents) > 4 else []
    prefixes += [Path(sys.prefix), Path(site.getuserbase())]
    for prefix in prefixes:
        installed = prefix / SHARE / Path(*parts)
        if installed.exists():
            return installed
    return here
