"""The CI and release workflows, read as data: tests on the three systems with the oldest and
newest supported Python, builds checked by their self-test, current majors of the actions, a
time limit on every job, and a release that needs the version check and every test and build
job before it publishes anything."""
from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"
# The current major of each action used (Node 24): the Node 20 ones no longer run.
CURRENT = {"actions/checkout": "v7", "actions/setup-python": "v7",
           "actions/upload-artifact": "v7", "actions/download-artifact": "v8"}
SYSTEMS = ("windows", "macos", "ubuntu")


def workflow(name: str) -> dict:
    data = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    data["on"] = data.pop(True, data.get("on"))  # YAML 1.1 reads the key `on` as true
    return data


CI, RELEASE = workflow("ci.yml"), workflow("release.yml")


def steps(job: dict) -> list[dict]:
    return job.get("steps", [])


def runs(job: dict) -> str:
    return "\n".join(step.get("run", "") for step in steps(job))


def python_versions() -> tuple[str, str]:
    """The oldest Python the package allows and the newest it names in its classifiers."""
    info = metadata.metadata("humanity_desktop")
    oldest = re.fullmatch(r">=\s*(3\.\d+)", info["Requires-Python"]).group(1)
    named = [c.rsplit("::", 1)[1].strip() for c in info.get_all("Classifier")
             if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    return oldest, max(named, key=lambda v: tuple(map(int, v.split("."))))


def test_ci_runs_on_every_push_and_pull_request_and_for_the_release():
    assert {"push", "pull_request", "workflow_call"} <= set(CI["on"])
    assert "tags" not in (CI["on"]["push"] or {})  # a tag is the release workflow's, which runs CI itself


def test_the_tests_run_on_three_systems_with_the_oldest_and_newest_python():
    job = CI["jobs"]["test"]
    matrix = job["strategy"]["matrix"]
    assert sorted(os.split("-")[0] for os in matrix["os"]) == sorted(SYSTEMS)
    assert tuple(matrix["python"]) == python_versions()
    assert job["runs-on"] == "${{ matrix.os }}"
    assert "${{ matrix.python }}" in [s.get("with", {}).get("python-version") for s in steps(job)]
    assert "python -m pytest --runslow" in runs(job)


def test_each_system_builds_the_application_and_runs_its_selftest():
    job = CI["jobs"]["build"]
    systems = [entry["os"] for entry in job["strategy"]["matrix"]["include"]]
    assert sorted(os.split("-")[0] for os in systems) == sorted(SYSTEMS)
    assert "ubuntu-22.04" in systems  # the oldest base the runners offer: the C library floor
    assert "python tools/build_exe.py --selftest --check-floor" in runs(job)
    assert any(s.get("uses", "").startswith("actions/upload-artifact@") for s in steps(job))


@pytest.mark.parametrize("name", ["ci.yml", "release.yml"])
def test_every_action_is_at_its_current_major(name):
    used = [step["uses"] for job in workflow(name)["jobs"].values() for step in steps(job) if "uses" in step]
    assert used
    for ref in used:
        action, _, version = ref.partition("@")
        assert CURRENT.get(action) == version, f"{ref}: the current major is {CURRENT.get(action)}"


@pytest.mark.parametrize("name", ["ci.yml", "release.yml"])
def test_every_job_has_a_time_limit(name):
    for job_name, job in workflow(name)["jobs"].items():
        if "uses" in job:  # a called workflow: its own jobs carry the limits
            assert job["uses"].startswith("./.github/workflows/")
            continue
        assert isinstance(job.get("timeout-minutes"), int) and job["timeout-minutes"] > 0, job_name


def test_publish_needs_the_version_and_every_test_and_build_job():
    jobs = RELEASE["jobs"]
    publish = jobs["publish"]
    needs = set(publish["needs"])
    calls_ci = {name for name, job in jobs.items() if job.get("uses") == "./.github/workflows/ci.yml"}
    assert calls_ci and calls_ci <= needs and "version" in needs
    assert set(CI["jobs"]) == {"test", "build"}  # all of them stand behind the one call
    for job in [*CI["jobs"].values(), *jobs.values()]:
        assert not job.get("continue-on-error")
        assert not any(step.get("continue-on-error") for step in steps(job))
    assert "if" not in publish  # no always(): a failed test or build stops it


def test_the_release_publishes_only_on_a_tag_that_is_the_package_version():
    assert set(RELEASE["on"]) == {"push"} and RELEASE["on"]["push"] == {"tags": ["v*"]}
    check = runs(RELEASE["jobs"]["version"])
    assert "humanity_desktop.__version__" in check and '"v$version"' in check and "exit 1" in check
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'version = {attr = "humanity_desktop.__version__"}' in pyproject  # the one source


def test_the_release_holds_the_built_archives_and_their_checksums():
    publish = runs(RELEASE["jobs"]["publish"])
    assert publish.index("sha256sum -- * > SHA256SUMS") < publish.index("gh release create")
    assert RELEASE["jobs"]["publish"]["permissions"] == {"contents": "write"}
    assert RELEASE["permissions"] == {"contents": "read"} and CI["permissions"] == {"contents": "read"}
