"""The CI and release workflows, read as data: tests on the three systems with the oldest and
newest supported Python, builds checked by their self-test (Apple silicon and Intel Macs
each on their own runner), the Windows installer and the macOS disk images made and checked,
signing and notarising only with the maintainer's secrets and a notice without them, current
majors of the actions, a time limit on every job, and a release that needs the version check
and every test and build job before it publishes every download with its checksum."""
from __future__ import annotations

import ast
import importlib.util
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
# GitHub's Intel macOS runner since macos-13 was retired (December 2025); macos-latest is Apple silicon.
INTEL_MAC_RUNNERS = ("macos-15-intel",)
INSTALLER_SCRIPT = ROOT / "packaging" / "humanity-desktop.iss"
# What each system's build job publishes, after the download's name.
DOWNLOADS = {"windows": (".zip", "-Setup.exe"), "macos": (".zip", ".dmg"), "ubuntu": (".tar.gz",)}


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


BUILD = CI["jobs"]["build"]
BUILDS = BUILD["strategy"]["matrix"]["include"]


def step(job: dict, name_starts: str) -> dict:
    return next(s for s in steps(job) if s.get("name", "").startswith(name_starts))


def test_each_system_builds_the_application_and_runs_its_selftest():
    systems = [entry["os"] for entry in BUILDS]
    assert {os.split("-")[0] for os in systems} == set(SYSTEMS)
    assert "ubuntu-22.04" in systems  # the oldest base the runners offer: the C library floor
    assert "python tools/build_exe.py --selftest --check-floor" in runs(BUILD)
    assert any(s.get("uses", "").startswith("actions/upload-artifact@") for s in steps(BUILD))


def test_apple_silicon_and_intel_macs_each_get_a_build_made_and_self_tested_on_their_own_processor():
    macs = {entry["arch"]: entry for entry in BUILDS if entry["os"].startswith("macos")}
    assert set(macs) == {"arm64", "x86_64"}
    assert macs["arm64"]["os"] == "macos-latest" and macs["x86_64"]["os"] in INTEL_MAC_RUNNERS
    assert len({entry["download"] for entry in macs.values()}) == 2
    checks = step(BUILD, "The build is for this runner's processor")
    assert checks["if"] == "runner.os == 'macOS'" and 'test "$(uname -m)" = "${{ matrix.arch }}"' in checks["run"]
    built = step(BUILD, "The application's signature holds, and it is for this processor")
    assert 'lipo -archs' in built["run"] and "${{ matrix.arch }}" in built["run"]
    assert "LSMinimumSystemVersion" in built["run"] and "codesign --verify --deep --strict" in built["run"]
    order = [s.get("name", "") for s in steps(BUILD)]
    assert order.index(checks["name"]) < order.index("Build with build_exe.spec and run the built program's --selftest")


def installer_settings() -> dict[str, str]:
    """The [Setup] section of the installer script, as its keys and values."""
    section, settings = None, {}
    for line in INSTALLER_SCRIPT.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line
        elif section == "[Setup]" and "=" in line and not line.startswith((";", "#")):
            key, _, value = line.partition("=")
            settings[key.strip()] = value.strip()
    return settings


def test_windows_gets_an_installer_for_one_user_with_a_start_menu_entry_and_an_uninstaller():
    settings = installer_settings()
    assert settings["PrivilegesRequired"] == "lowest" and "PrivilegesRequiredOverridesAllowed" not in settings
    assert settings["DefaultDirName"].startswith("{autopf}")  # the user's own Programs folder at lowest
    assert settings["AppId"].startswith("{{") and "Uninstallable" not in settings
    script = INSTALLER_SCRIPT.read_text(encoding="utf-8")
    assert 'Name: "{autoprograms}\\{#AppName}"; Filename: "{app}\\{#AppExe}"' in script
    assert 'Source: "{#SourceDir}\\*"' in script and "recursesubdirs" in script
    pack = step(BUILD, "Pack the application and its installer (Windows)")
    assert pack["if"] == "runner.os == 'Windows'" and "packaging\\humanity-desktop.iss" in pack["run"]
    assert "Compress-Archive" in pack["run"] and "/DOutputName=${{ matrix.download }}-Setup" in pack["run"]
    tried = step(BUILD, "The installer installs for this user alone")
    for part in ("/VERYSILENT", "Programs\\Humanity Desktop", 'GetFolderPath("Programs")', "--selftest",
                 "selftest passed", "unins000.exe"):
        assert part in tried["run"], part
    assert "PrivilegesRequired" not in tried["run"] and "-Verb RunAs" not in tried["run"]  # no administrator


def test_macos_gets_a_disk_image_with_the_app_and_an_applications_link_whose_app_passes_the_selftest():
    made = step(BUILD, "Pack the application in a disk image (macOS)")
    assert made["if"] == "runner.os == 'macOS'"
    assert 'ln -s /Applications "$staging/Applications"' in made["run"]
    assert 'hdiutil create -volname "Humanity Desktop" -srcfolder "$staging"' in made["run"]
    assert '"dist/${{ matrix.download }}.dmg"' in made["run"]
    tried = step(BUILD, "The disk image holds the app and an Applications link")
    assert "hdiutil attach -readonly" in tried["run"] and 'readlink "$mount/Applications")" = /Applications' in tried["run"]
    assert '"$mount/Humanity Desktop.app/Contents/MacOS/Humanity Desktop" --selftest' in tried["run"]


def secret_steps(job: dict) -> list[dict]:
    return [s for s in steps(job) if "secrets." in str(s.get("env", {}))]


def test_signing_runs_only_where_the_secrets_are_and_a_notice_says_when_they_are_not():
    on_call = CI["on"]["workflow_call"]["inputs"]["sign"]
    assert on_call["type"] == "boolean" and on_call["default"] is False  # a push or pull request signs nothing
    ci = RELEASE["jobs"]["ci"]
    assert ci["with"] == {"sign": True} and ci["secrets"] == "inherit"
    flags = BUILD["env"]
    assert flags["SIGN_MACOS"].startswith("${{ inputs.sign && secrets.MACOS_CERTIFICATE != ''")
    assert "secrets.APPLE_APP_PASSWORD != ''" in flags["SIGN_MACOS"]
    assert flags["SIGN_WINDOWS"] == "${{ inputs.sign && secrets.WINDOWS_CERTIFICATE != '' }}"
    for workflow_data in (CI, RELEASE):
        for job in workflow_data["jobs"].values():
            assert not any("secrets." in str(s.get("if", "")) for s in steps(job))  # not allowed there
            assert "secrets." not in str({k: v for k, v in job.get("env", {}).items() if not k.startswith("SIGN_")})
    for s in secret_steps(BUILD):  # each secret only for the steps that sign with it
        system = "MACOS" if "macOS" in s["if"] else "WINDOWS"
        assert f"env.SIGN_{system} == 'true'" in s["if"] or f"$env:SIGN_{system} -eq 'true'" in s["run"], s["name"]
    notice = step(BUILD, "No certificate to sign with")
    assert notice["if"].startswith("inputs.sign && ") and "env.SIGN_MACOS != 'true'" in notice["if"]
    assert "env.SIGN_WINDOWS != 'true'" in notice["if"] and "::notice " in notice["run"]


def test_the_mac_downloads_are_signed_with_the_hardened_runtime_notarised_and_stapled():
    keychain = step(BUILD, "The signing certificate and the notary's credentials")
    assert 'echo "MACOS_SIGNING_IDENTITY=$identity" >> "$GITHUB_ENV"' in keychain["run"]
    assert "xcrun notarytool store-credentials notary" in keychain["run"]
    order = [s.get("name", "") for s in steps(BUILD)]
    assert order.index(keychain["name"]) < order.index("Build with build_exe.spec and run the built program's --selftest")
    app = step(BUILD, "Notarise the application and staple its ticket")
    dmg = step(BUILD, "Sign and notarise the disk image and staple its ticket")
    for signed in (app, dmg):
        assert signed["if"] == "runner.os == 'macOS' && env.SIGN_MACOS == 'true'"
        assert "xcrun notarytool submit" in signed["run"] and "--wait" in signed["run"]
        assert "xcrun stapler staple" in signed["run"] and "spctl --assess" in signed["run"]
    assert 'codesign --force --timestamp --sign "$MACOS_SIGNING_IDENTITY"' in dmg["run"]
    # the app is stapled before it goes into the disk image and the zip
    assert order.index(app["name"]) < order.index("Pack the application in a disk image (macOS)") \
        < order.index(dmg["name"]) < order.index("Pack the application in a zip (macOS)")
    # build_exe.spec hands the identity to PyInstaller, which signs with the hardened runtime
    spec = (ROOT / "build_exe.spec").read_text(encoding="utf-8")
    assert 'SIGNING_IDENTITY_ENV = "MACOS_SIGNING_IDENTITY"' in spec
    assert "codesign_identity=os.environ.get(SIGNING_IDENTITY_ENV) or None" in spec
    osx = Path(importlib.util.find_spec("PyInstaller").submodule_search_locations[0]) / "utils" / "osx.py"
    source = osx.read_text(encoding="utf-8")  # read, not imported: it needs macOS's own modules
    signing = next(node for node in ast.parse(source).body if getattr(node, "name", "") == "sign_binary")
    assert "'--options=runtime'" in ast.get_source_segment(source, signing)


def test_the_windows_downloads_are_signed_with_a_timestamp_the_installer_and_its_uninstaller_too():
    signing = step(BUILD, "Sign the program (Windows)")
    assert signing["if"] == "runner.os == 'Windows' && env.SIGN_WINDOWS == 'true'"
    assert "FromBase64String($env:WINDOWS_CERTIFICATE)" in signing["run"]
    assert "signtool" in signing["run"] and "/fd SHA256 /tr http://timestamp.digicert.com /td SHA256" in signing["run"]
    assert '"dist\\Humanity Desktop\\Humanity Desktop.exe"' in signing["run"]
    pack = step(BUILD, "Pack the application and its installer (Windows)")
    assert '"/DSign", "/Ssigntool=cmd.exe /c $env:RUNNER_TEMP\\sign.cmd `$f"' in pack["run"]
    script = INSTALLER_SCRIPT.read_text(encoding="utf-8")
    assert "#ifdef Sign\nSignTool=signtool\nSignedUninstaller=yes\n#endif" in script
    order = [s.get("name", "") for s in steps(BUILD)]
    assert order.index(signing["name"]) < order.index(pack["name"])  # signed before it is zipped and installed


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


def downloads() -> set[str]:
    return {entry["download"] + end for entry in BUILDS for end in DOWNLOADS[entry["os"].split("-")[0]]}


def test_the_release_holds_every_download_and_their_checksums():
    assert downloads() == {"Humanity-Desktop-Windows.zip", "Humanity-Desktop-Windows-Setup.exe",
                           "Humanity-Desktop-macOS-Apple-silicon.zip", "Humanity-Desktop-macOS-Apple-silicon.dmg",
                           "Humanity-Desktop-macOS-Intel.zip", "Humanity-Desktop-macOS-Intel.dmg",
                           "Humanity-Desktop-Linux.tar.gz"}
    upload = next(s for s in steps(BUILD) if s.get("uses", "").startswith("actions/upload-artifact@"))
    assert upload["with"]["name"] == "${{ matrix.download }}" and upload["with"]["if-no-files-found"] == "error"
    kept = upload["with"]["path"].splitlines()
    assert {"dist/${{ matrix.download }}" + end for ends in DOWNLOADS.values() for end in ends} == set(kept)
    get = next(s for s in steps(RELEASE["jobs"]["publish"]) if s.get("uses", "").startswith("actions/download-artifact@"))
    assert get["with"] == {"path": "release", "merge-multiple": True}
    publish = runs(RELEASE["jobs"]["publish"])
    assert publish.index("sha256sum -- * > SHA256SUMS") < publish.index("gh release create")
    assert 'gh release create "$GITHUB_REF_NAME" release/*' in publish
    assert RELEASE["jobs"]["publish"]["permissions"] == {"contents": "write"}
    assert RELEASE["permissions"] == {"contents": "read"} and CI["permissions"] == {"contents": "read"}
