"""save_html and show: one self-contained page, everything escaped, the view options as the
element's attributes."""

import json
import re
from html.parser import HTMLParser

import numpy as np
import pytest

import attention_stepper as stepper
from attention_stepper import html as page_html

TOKENS = ["</script>", 'a "quote"', "&amp;", "<!--", "é"]


def scenario():
    w = np.arange(16.0).reshape(4, 4) / 10
    return stepper.from_projections(
        np.eye(5, 4), w, w.T, w, w_o=w, heads=2, tokens=TOKENS, title="A <title> & more"
    )


class Elements(HTMLParser):
    """Every start tag with its attributes, and the scripts' text."""

    def __init__(self):
        super().__init__()
        self.tags, self.scripts, self.in_script = [], [], False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self.in_script = tag == "script"

    def handle_data(self, data):
        if self.in_script:
            self.scripts.append(data)
            self.in_script = False


def parsed(text):
    parser = Elements()
    parser.feed(text)
    return parser


def test_one_self_contained_file(tmp_path):
    s = scenario()
    view = dict(stage="softmax", head=2, query=3, hide=["scenario", "keys"], height=480)
    path = stepper.save_html(s, tmp_path / "layer.html", **view)
    text = path.read_text(encoding="utf-8")
    doc = parsed(text)
    element = [attrs for tag, attrs in doc.tags if tag == "attention-stepper"]
    assert len(element) == 1
    attrs = element[0]
    # The browser reads back exactly the scenario, tokens and all.
    assert json.loads(attrs["scenario"]) == s
    assert attrs["stage"] == "softmax" and attrs["head"] == "2" and attrs["query"] == "3"
    assert attrs["hide"] == "scenario,keys" and attrs["height"] == "480px"
    # One inline module script and nothing loaded from anywhere: no src, no href.
    assert [t for t, a in doc.tags if t == "script"] == ["script"]
    assert not any("src" in a or "href" in a for _, a in doc.tags)
    assert len(doc.scripts) == 1 and doc.scripts[0] == page_html._script()
    assert "data:application/wasm;base64," in doc.scripts[0]
    assert "<title>A &lt;title&gt; &amp; more</title>" in text
    # The tokens appear only escaped: nothing in them can end the attribute or the script.
    assert "</script>\"" not in text and "<!--" not in text


def test_the_script_cannot_be_ended_early(monkeypatch, tmp_path):
    script = tmp_path / "s.js"
    script.write_text('const a = "</script><!-- </SCRIPT>";', encoding="utf-8")
    monkeypatch.setattr(page_html, "SCRIPT", script)
    text = page_html._script()
    assert re.search("</script|<!--", text, re.I) is None
    assert text == 'const a = "<\\/script><\\x21-- <\\/SCRIPT>";'


def test_a_missing_build_says_how_to_make_it(monkeypatch, tmp_path):
    monkeypatch.setattr(page_html, "SCRIPT", tmp_path / "absent.js")
    with pytest.raises(FileNotFoundError, match="npm run build:standalone"):
        stepper.save_html(scenario(), tmp_path / "x.html")


@pytest.mark.parametrize(
    "view, words",
    [
        ({"colour": "red"}, "colour: not a view option"),
        ({"head": 0}, "head: must be a whole number from 1 up"),
        ({"query": "2"}, "query: must be a whole number from 1 up"),
        ({"algorithm_step": 0}, "algorithm_step: must be a whole number from 1 up"),
    ],
)
def test_bad_view_options_are_named(view, words, tmp_path):
    with pytest.raises(ValueError, match=re.escape(words)):
        stepper.save_html(scenario(), tmp_path / "x.html", **view)


def test_show_displays_the_element_and_script(monkeypatch):
    shown = []
    monkeypatch.setattr("IPython.display.display", shown.append)
    stepper.show(scenario(), stage="concat")
    (output,) = shown
    doc = parsed(output.data)
    assert [a["stage"] for t, a in doc.tags if t == "attention-stepper"] == ["concat"]
    assert doc.scripts == [page_html._script()]


def test_the_algorithm_step_is_the_elements_attribute():
    tag = page_html.element({**scenario(), "algorithm": "flash"}, algorithm_step=3, hide="algorithm")
    doc = parsed(tag)
    ((_, attributes),) = [(t, a) for t, a in doc.tags if t == "attention-stepper"]
    assert attributes["algorithm-step"] == "3" and attributes["hide"] == "algorithm"
