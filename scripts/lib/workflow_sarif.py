"""What code scanning's upload would refuse in a SARIF file: not JSON, not SARIF 2.1.0, a result
with no rule, message or place, a place that is not a file of the checkout."""

import json
import os


def problems(path, workspace):
    """The problems of the SARIF file at `path`, as sentences; none when it would be accepted."""
    try:
        log = json.load(open(path, encoding="utf-8"))
    except (OSError, ValueError) as error:
        return [f"{path} is not readable JSON: {error}"]
    found = []
    if log.get("version") != "2.1.0":
        found.append(f"version is {log.get('version')!r}, not '2.1.0'")
    if "2.1.0" not in str(log.get("$schema", "")):
        found.append(f"$schema {log.get('$schema')!r} is not SARIF 2.1.0's")
    runs = log.get("runs")
    if not isinstance(runs, list) or not runs:
        return found + ["no runs"]
    for run in runs:
        driver = run.get("tool", {}).get("driver", {})
        if not driver.get("name"):
            found.append("a run whose tool.driver has no name")
        for result in run.get("results", []):
            rule, message = result.get("ruleId"), result.get("message", {}).get("text")
            if not rule or not message:
                found.append(f"a result without ruleId or message.text: {json.dumps(result)[:200]}")
            for location in result.get("locations", []):
                physical = location.get("physicalLocation", {})
                uri = physical.get("artifactLocation", {}).get("uri", "")
                line = physical.get("region", {}).get("startLine", 0)
                if uri.startswith("file://"):
                    uri = uri[len("file://"):]
                if not os.path.isfile(os.path.join(workspace, uri)):
                    found.append(f"{rule}: {uri} is not a file of the checkout")
                if not isinstance(line, int) or line < 1:
                    found.append(f"{rule}: {uri} has no startLine")
    return found
