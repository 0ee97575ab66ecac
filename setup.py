"""What the package holds: the code, its data files, and the game's art and sounds as the
packages humanity_desktop.art and humanity_desktop.sounds. Those two stay at the top of the
project as art/ and sounds/ and are mapped into the package here, so a wheel, --user and
--target installs and an editable checkout all find them the same way (assets.py). The rest of
the project's metadata is in pyproject.toml."""
from setuptools import find_packages, setup

ASSETS = {f"humanity_desktop.{folder}": folder for folder in ("art", "sounds")}  # assets.FOLDERS

setup(
    packages=find_packages(include=["humanity_desktop", "humanity_desktop.*"]) + list(ASSETS),
    package_dir=ASSETS,
    package_data={"humanity_desktop": ["*/data/*.json", "language/locale/*/LC_MESSAGES/*.mo"],
                  **{name: ["**/*"] for name in ASSETS}},
    exclude_package_data={name: ["*__pycache__*"] for name in ASSETS},
)
