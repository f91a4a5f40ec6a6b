#!/usr/bin/env python3
"""Checks Mermaid charts with mermaid.js itself, in Debian's headless chromium.

Reads a JSON list of chart texts on standard input and prints a JSON list with, for each chart,
null when mermaid.js parses it, or the parser's error. mermaid.js comes from the pymermaid
package on PyPI (Mermaid 8.10.1, MIT licence), which `bash scripts/test` installs into
.build/browser-tests: npm, where Mermaid is published, cannot be reached from this machine.
"""
import json
import os
import sys

from pymermaid.mermaid_js import mermaid_js

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drive import browser  # noqa: E402

PARSE = """
var errors = [];
for (var i = 0; i < arguments[0].length; i++) {
  try { mermaid.parse(arguments[0][i]); errors.push(null); }
  catch (e) { errors.push(String(e.str || e.message || e)); }
}
return errors;
"""


def main():
    charts = json.load(sys.stdin)
    driver = browser()
    try:
        driver.get("about:blank")
        driver.execute_script(mermaid_js + "\n;window.mermaid = mermaid;")
        print(json.dumps(driver.execute_script(PARSE, charts)))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
