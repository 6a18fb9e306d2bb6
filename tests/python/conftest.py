"""pytest for the Python package (python/attention_stepper): run from the repository root with
Debian's interpreter, `/usr/bin/python3 -m pytest tests/python` (README.md, Python)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))


@pytest.fixture
def trace(tmp_path):
    """The core's whole trace of a scenario dict, by `node tools/cli/trace.mjs` (npm run trace)."""

    def run(scenario):
        path = tmp_path / "scenario.json"
        path.write_text(json.dumps(scenario), encoding="utf-8")
        done = subprocess.run(
            ["node", str(ROOT / "tools" / "cli" / "trace.mjs"), str(path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    return run
