"""Moved to tools/testing/golden.py (tools/ is laid out by purpose: build/, testing/, measure/); this path
keeps ``python tools/golden.py ...`` working by running that file with the same arguments."""

import runpy
from pathlib import Path

if __name__ == "__main__":
    runpy.run_path(str(Path(__file__).resolve().parent / "testing" / "golden.py"), run_name="__main__")
