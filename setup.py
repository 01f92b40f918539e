"""Build settings pyproject.toml cannot express: the repository keeps
`templates/` and `data/` at its top, and the wheel carries them inside the
package as `companion/templates/` and `companion/data/`, where
`companion.resource_dir` finds them at run time. Everything else is in
pyproject.toml."""

from setuptools import find_namespace_packages, setup

# Top-level folders shipped as sub-folders of the package.
MAPPED = {"companion.templates": "templates", "companion.data": "data"}
# Files the app reads at run time, next to the code that reads them.
RUNTIME_FILES = ["*.html", "*.css", "*.js", "*.svg", "*.png", "*.webm", "*.mp4", "*.json",
                 "*.mo", "*.po", "*.pot", "*.cfg"]


def mapped_packages() -> list[str]:
    """Each mapped folder and its sub-folders, as packages (setuptools warns
    about a data folder that looks like a package but is not listed)."""
    found = []
    for package, folder in MAPPED.items():
        found += [package] + [f"{package}.{sub}" for sub in find_namespace_packages(where=folder)]
    return found


setup(
    packages=find_namespace_packages(include=["companion", "companion.*"], exclude=["*.__pycache__"])
    + mapped_packages(),
    package_dir=MAPPED,
    # data/ ships whole, whatever its files and folder names.
    package_data={"": RUNTIME_FILES, "companion.data": ["**/*"]},
)
