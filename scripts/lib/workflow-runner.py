"""Runs one job of a GitHub Actions workflow here, as a runner would, for scripts/ci-workflow.

    workflow-runner.py WORKFLOW EVENT.json STATE

EVENT.json says what happened: {"event_name", "sha", "ref", "origin" (the repository to check out),
"repository": "owner/name", "pull_request": {"number", "base": {"sha"}, "head": {"sha"}}} (no
pull_request on a push). STATE is a folder kept between runs: the caches, the pull request's
comments, the uploaded SARIF and artifacts, the workspace (one path for every run, as GitHub's).

Each `run:` step runs with `bash --noprofile --norc -eo pipefail`, as GitHub runs bash, in a fresh
clone, with GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH, RUNNER_TEMP (emptied per run) and a fresh
HOME (STATE/gitconfig copied in: how this machine reaches the repositories a URL names). Each
`uses:` step is played here: checkout clones the origin at the commit (the pull request's head,
where GitHub checks out a merge of it into the base: the same tree when the base has not moved);
cache, cache/restore and cache/save keep folders in STATE/caches by key (restore-keys as
prefixes, the newest first; a key is never written twice; cache's own save runs after the job, if
it succeeded); github-script runs the script in node with a fake API over STATE/comments.json;
upload-sarif checks the file is SARIF 2.1.0 that names files of the checkout, and keeps it;
upload-artifact copies. Workflow commands in a step's output (`::error file=...::`) become the
run's annotations. Writes STATE/run-N/result.json; exits 0 when the runner could run the job,
whatever the job's outcome, and 2 when it could not (an action or expression it does not know).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the checkout
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import yaml  # noqa: E402
from workflow_cache import Cache  # noqa: E402
from workflow_expressions import Evaluator, ExpressionError, condition, substitute, text  # noqa: E402
from workflow_sarif import problems  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


class RunnerError(Exception):
    pass


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def read_outputs(path):
    """A GITHUB_OUTPUT or GITHUB_ENV file: `name=value` lines and `name<<DELIMITER` blocks."""
    values = {}
    if not os.path.exists(path):
        return values
    lines = open(path, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            block = []
            index += 1
            while index < len(lines) and lines[index] != delimiter:
                block.append(lines[index])
                index += 1
            values[name] = "\n".join(block)
        elif "=" in line:
            name, value = line.split("=", 1)
            values[name] = value
        index += 1
    return values


ANNOTATION = re.compile(r"^::(error|warning|notice)( [^:]*)?::(.*)$")


class Job:
    def __init__(self, workflow_path, event, state):
        self.workflow = yaml.safe_load(open(workflow_path, encoding="utf-8"))
        # PyYAML reads the key `on` as True.
        self.event, self.state = event, state
        jobs = self.workflow["jobs"]
        if len(jobs) != 1:
            raise RunnerError("the runner runs a workflow of one job")
        self.job_id, self.job = next(iter(jobs.items()))
        runs = sorted(int(name[4:]) for name in os.listdir(state) if re.fullmatch(r"run-\d+", name))
        self.run_folder = fresh(os.path.join(state, f"run-{(runs[-1] if runs else 0) + 1}"))
        repository = event["repository"].split("/")[1]
        self.workspace = os.path.join(state, "work", repository, repository)
        self.temp = fresh(os.path.join(state, "work", "_temp"))
        self.home = fresh(os.path.join(state, "work", "_home"))
        if os.path.exists(os.path.join(state, "gitconfig")):
            shutil.copy(os.path.join(state, "gitconfig"), os.path.join(self.home, ".gitconfig"))
        self.path = []  # GITHUB_PATH, newest first
        self.env = {}   # GITHUB_ENV
        self.steps = {}
        self.status = "success"
        self.annotations = []
        self.post = []
        self.records = []

    def contexts(self, step_env):
        payload = {"repository": {"full_name": self.event["repository"]}}
        if "pull_request" in self.event:
            payload["pull_request"] = self.event["pull_request"]
            payload["number"] = self.event["pull_request"]["number"]
        env = {**{k: text(v) for k, v in (self.workflow.get("env") or {}).items()},
               **{k: text(v) for k, v in (self.job.get("env") or {}).items()}, **self.env, **step_env}
        return {
            "github": {"event_name": self.event["event_name"], "sha": self.event["sha"], "ref": self.event["ref"],
                       "event": payload, "repository": self.event["repository"], "workspace": self.workspace,
                       "job": self.job_id},
            "env": env,
            "steps": self.steps,
            "runner": {"temp": self.temp, "os": "Linux", "arch": "X64"},
            "job": {"status": self.status},
        }

    def evaluator(self, step_env=None):
        return Evaluator(self.contexts(step_env or {}), self.status, self.workspace)

    def process_env(self, step_env):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "RUNNER_"))}
        env.update(self.contexts(step_env)["env"])
        env.update(HOME=self.home, CI="true", GITHUB_ACTIONS="true", RUNNER_TEMP=self.temp, RUNNER_OS="Linux",
                   GITHUB_WORKSPACE=self.workspace, GITHUB_SHA=self.event["sha"], GITHUB_REF=self.event["ref"],
                   GITHUB_EVENT_NAME=self.event["event_name"], GITHUB_REPOSITORY=self.event["repository"])
        env["PATH"] = os.pathsep.join(self.path + [os.path.join(self.state, "image-bin"), env.get("PATH", "")])
        return env

    def run(self):
        for index, step in enumerate(self.job["steps"]):
            name = step.get("name") or step.get("uses") or step.get("run", "").split("\n")[0]
            started = time.monotonic()
            log_path = os.path.join(self.run_folder, f"{index + 1:02d}.log")
            try:
                runs = condition(step.get("if"), self.evaluator())
            except ExpressionError as error:
                raise RunnerError(f"step `{name}`: if: {error}")
            outcome, outputs = "skipped", {}
            if runs:
                with open(log_path, "w", encoding="utf-8") as log:
                    outcome, outputs = self.run_step(step, log)
                for line in open(log_path, encoding="utf-8", errors="replace"):
                    found = ANNOTATION.match(line.rstrip("\n"))
                    if found:
                        self.annotations.append({"level": found.group(1), "where": (found.group(2) or "").strip(),
                                                 "message": found.group(3), "step": name})
                if outcome == "failure" and not step.get("continue-on-error"):
                    self.status = "failure"
            if "id" in step:
                self.steps[step["id"]] = {"outputs": outputs, "outcome": outcome, "conclusion": outcome}
            seconds = time.monotonic() - started
            self.records.append({"name": name, "id": step.get("id"), "outcome": outcome, "seconds": round(seconds, 1),
                                 "log": log_path if runs else None})
            print(f"  {outcome:8} {seconds:6.1f}s  {name}", flush=True)
        for post in reversed(self.post):
            post()
        result = {"status": self.status, "steps": self.records, "annotations": self.annotations}
        with open(os.path.join(self.run_folder, "result.json"), "w", encoding="utf-8") as file:
            json.dump(result, file, indent=2)
        return result

    def run_step(self, step, log):
        step_env = {k: substitute(text(v), self.evaluator()) for k, v in (step.get("env") or {}).items()}
        if "run" in step:
            return self.run_script(substitute(step["run"], self.evaluator(step_env)), step_env, step, log)
        uses = step["uses"]
        action = uses.split("@")[0]
        inputs = {k: substitute(text(v), self.evaluator(step_env)) for k, v in (step.get("with") or {}).items()}
        play = {
            "actions/checkout": self.checkout,
            "actions/cache": lambda i, l: self.cache(i, l, restore=True, save="post"),
            "actions/cache/restore": lambda i, l: self.cache(i, l, restore=True, save=None),
            "actions/cache/save": lambda i, l: self.cache(i, l, restore=False, save="now"),
            "actions/github-script": self.github_script,
            "github/codeql-action/upload-sarif": self.upload_sarif,
            "actions/upload-artifact": self.upload_artifact,
        }.get(action)
        if play is None:
            raise RunnerError(f"the runner does not play `{uses}`")
        try:
            return play(inputs, log)
        except subprocess.CalledProcessError as error:
            log.write(f"{error}\n")
            return "failure", {}

    def run_script(self, script, step_env, step, log):
        path = os.path.join(self.temp, f"step-{len(self.records) + 1}.sh")
        with open(path, "w", encoding="utf-8") as file:
            file.write(script)
        files = {name: os.path.join(self.temp, f"{name.lower()}-{len(self.records) + 1}") for name in ("GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_PATH")}
        for file in files.values():
            open(file, "w").close()
        env = self.process_env(step_env)
        env.update(files)
        directory = os.path.join(self.workspace, step.get("working-directory", "."))
        status = subprocess.call(["bash", "--noprofile", "--norc", "-eo", "pipefail", path], cwd=directory, env=env,
                                 stdout=log, stderr=subprocess.STDOUT)
        self.env.update(read_outputs(files["GITHUB_ENV"]))
        self.path = [line for line in open(files["GITHUB_PATH"]).read().split("\n") if line][::-1] + self.path
        log.write(f"[exit {status}]\n")
        return ("success" if status == 0 else "failure"), read_outputs(files["GITHUB_OUTPUT"])

    def git(self, *arguments, log):
        subprocess.run(["git", *arguments], check=True, stdout=log, stderr=subprocess.STDOUT,
                       env={**os.environ, "HOME": self.home})

    def checkout(self, inputs, log):
        # The last run's workspace is moved out of the way, not deleted: deleting a .build takes
        # longer than the clone (STATE goes whole when the caller is done).
        if os.path.exists(os.path.dirname(self.workspace)):
            os.rename(os.path.dirname(self.workspace), os.path.join(self.run_folder, "previous-workspace"))
        os.makedirs(os.path.dirname(self.workspace))
        self.git("clone", "--quiet", "--no-local", self.event["origin"], self.workspace, log=log)
        self.git("-C", self.workspace, "checkout", "--quiet", "--detach", self.event["sha"], log=log)
        return "success", {}

    def cache_paths(self, inputs):
        return [os.path.join(self.workspace, os.path.expanduser(line.strip()))
                for line in inputs["path"].split("\n") if line.strip()]

    def cache(self, inputs, log, restore, save):
        store = Cache(os.path.join(self.state, "caches"))
        key, paths, outputs = inputs["key"], self.cache_paths(inputs), {}
        if restore:
            prefixes = [line.strip() for line in inputs.get("restore-keys", "").split("\n") if line.strip()]
            matched = store.restore(key, prefixes, paths, log)
            outputs = {"cache-hit": "true" if matched == key else "false", "cache-matched-key": matched or ""}
        if save == "now":
            store.save(key, paths, log)
        elif save == "post" and outputs.get("cache-hit") != "true":
            self.post.append(lambda: self.status == "success" and store.save(key, paths, open(os.devnull, "w")))
        return "success", outputs

    def github_script(self, inputs, log):
        context = {"repo": {"owner": self.event["repository"].split("/")[0], "repo": self.event["repository"].split("/")[1]},
                   "eventName": self.event["event_name"], "sha": self.event["sha"],
                   "issue": {"number": self.event.get("pull_request", {}).get("number")}}
        script = os.path.join(self.temp, f"github-script-{len(self.records) + 1}.js")
        with open(script, "w", encoding="utf-8") as file:
            file.write(inputs["script"])
        status = subprocess.call(["node", os.path.join(HERE, "github-script.js"), script, os.path.join(self.state, "comments.json"),
                                  json.dumps(context)], cwd=self.workspace, stdout=log, stderr=subprocess.STDOUT,
                                 env=self.process_env({}))
        return ("success" if status == 0 else "failure"), {}

    def upload_sarif(self, inputs, log):
        path = os.path.join(self.workspace, inputs["sarif_file"])
        found = problems(path, self.workspace)
        for problem in found:
            log.write(f"::error::upload-sarif: {problem}\n")
        if found:
            return "failure", {}
        kept = os.path.join(self.run_folder, "sarif", inputs.get("category", "default") + ".sarif")
        os.makedirs(os.path.dirname(kept), exist_ok=True)
        shutil.copy(path, kept)
        log.write(f"upload-sarif: {inputs['sarif_file']} is SARIF 2.1.0; kept as {kept}\n")
        return "success", {}

    def upload_artifact(self, inputs, log):
        folder = fresh(os.path.join(self.run_folder, "artifacts", inputs.get("name", "artifact")))
        copied = 0
        for path in self.cache_paths(inputs):
            if os.path.isdir(path):
                shutil.copytree(path, os.path.join(folder, os.path.basename(path.rstrip("/"))), dirs_exist_ok=True)
                copied += 1
            elif os.path.isfile(path):
                shutil.copy(path, folder)
                copied += 1
            else:
                log.write(f"::warning::upload-artifact: no files at {path}\n")
        log.write(f"upload-artifact: {copied} paths into {folder}\n")
        return "success", {}


def main():
    if len(sys.argv) != 4:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 64
    workflow, event_path, state = sys.argv[1:]
    event = json.load(open(event_path, encoding="utf-8"))
    try:
        result = Job(workflow, event, os.path.abspath(state)).run()
    except (RunnerError, ExpressionError) as error:
        print(f"workflow-runner: {error}", file=sys.stderr)
        return 2
    print(f"  job: {result['status']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
