"""The stepper on a scenario, in one self-contained HTML file or in a Jupyter output.

Both inline the standalone build of ``<attention-stepper>`` (``npm run build:standalone`` writes
``static/attention-stepper.standalone.js``: one ES module with the core's worker and its wasm
inside), so the page needs no network and works from ``file://``.
"""

import html
import json
import re
from pathlib import Path

import numpy as np

from .scenario import check_file_size

SCRIPT = Path(__file__).with_name("static") / "attention-stepper.standalone.js"

# The element's view options (web/src/state/embed-options.ts checks their values and names a bad
# one inside the stepper); head and query count from 1.
VIEW_OPTIONS = (
    "stage",
    "head",
    "query",
    "granularity",
    "algorithm_step",
    "hide",
    "theme",
    "height",
    "autoplay",
)


def _script():
    try:
        text = SCRIPT.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileNotFoundError(
            f"{SCRIPT} is missing: build it in the repository with `npm run build:standalone`"
        ) from None
    # An inline script ends at the first "</script" and "<!--" changes how it ends: escape both
    # (the build has neither today; inside a string or a regular expression they mean the same).
    return re.sub(r"</(script)", r"<\\/\1", text, flags=re.IGNORECASE).replace("<!--", "<\\x21--")


def _attribute(name, value):
    if name in ("head", "query", "algorithm_step"):
        whole = not isinstance(value, (bool, np.bool_)) and isinstance(value, (int, np.integer))
        if not whole or value < 1:
            raise ValueError(
                f"{name}: must be a whole number from 1 up (1 is the first), got {value!r:.40}"
            )
        return str(int(value))
    if name == "hide" and not isinstance(value, str):
        return ",".join(str(v) for v in value)
    if name == "height" and isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return f"{int(value)}px"
    if name == "autoplay":
        return "true" if value else "false"
    return str(value)


def element(scenario, **view):
    """The ``<attention-stepper>`` tag for `scenario` (a dict, docs/scenario.md) with `view`.

    `view` takes the element's options: ``stage`` (a name such as "softmax", or 1..10), ``head``
    and ``query`` (1-based), ``granularity`` ("query" or "matrix"), ``algorithm_step`` (1-based:
    the step of the scenario's ``algorithm``, "kv-cache" or "flash", which a page with one opens
    on), ``hide`` (a list or comma list of header, controls, tools, pipeline, heatmaps, scenario,
    keys, algorithm), ``theme`` ("light" or
    "dark"), ``height`` (a CSS length, or pixels as a number) and ``autoplay``.
    """
    if not isinstance(scenario, dict):
        kind = type(scenario).__name__
        raise ValueError(f"scenario: must be a dict (a scenario file), got a {kind}")
    text = json.dumps(scenario, ensure_ascii=False, allow_nan=False)
    check_file_size(scenario, text)
    attributes = {"scenario": text}
    for name, value in view.items():
        if name not in VIEW_OPTIONS:
            raise ValueError(f"{name}: not a view option; they are {', '.join(VIEW_OPTIONS)}")
        if value is not None:
            attributes[name.replace("_", "-")] = _attribute(name, value)
    text = " ".join(f'{key}="{html.escape(v, quote=True)}"' for key, v in attributes.items())
    return f"<attention-stepper {text}></attention-stepper>"


def fragment(scenario, **view):
    """The element and the inlined script: what a Jupyter output or a page's body holds."""
    return f'{element(scenario, **view)}\n<script type="module">{_script()}</script>'


def page(scenario, **view):
    """A whole HTML page with the stepper on `scenario` (see `element` for `view`)."""
    body = fragment(scenario, **view)
    title = html.escape(str(scenario.get("title", "Attention Stepper")))
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n"
        "<style>body { margin: 0; padding: 1rem; font-family: system-ui, sans-serif; }</style>\n"
        f"</head>\n<body>\n{body}\n</body>\n</html>\n"
    )


def save_html(scenario, path, **view):
    """Writes one self-contained HTML file showing the stepper on `scenario`; returns its Path.

    The script and the wasm core are inlined: the file opens offline, from ``file://``, in any
    current browser. `view` takes the element's options (stage, head, query, hide, height, ...;
    head and query count from 1): ``save_html(s, "layer.html", stage="softmax", head=2)``.
    """
    path = Path(path)
    path.write_text(page(scenario, **view), encoding="utf-8")
    return path


def show(scenario, **view):
    """Shows the stepper on `scenario` in a Jupyter output (IPython display), with `view` as in
    `save_html`. The output holds the whole script (about 580 kB), so a notebook saved or
    converted to HTML (nbconvert) still shows it offline."""
    from IPython.display import HTML, display

    display(HTML(fragment(scenario, **view)))
