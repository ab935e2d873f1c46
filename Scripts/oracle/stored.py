"""Each spec's figures, kept between runs of Scripts/conformance under the key of everything they
depend on: the generated client, the runtime, the oracle's code, the spec's own files and the
run's settings. Instances are seeded, so an unchanged key gives unchanged figures: such a spec is
neither compiled nor checked again, and the report says which figures were reused. `--fresh`
checks every spec."""
import hashlib
import json
from pathlib import Path


# The oracle's modules that do not decide figures: the report's layout, explanations and storage.
NOT_CHECKS = {"__init__.py", "explained.py", "report.py", "results.py", "stored.py"}


def key(spec, client, repo, settings):
    """The digest of what `spec`'s figures depend on: `client` is the folder of its generated code,
    `settings` the run's settings."""
    digest = hashlib.sha256(json.dumps(settings, sort_keys=True).encode())
    spec_files = sorted(Path(spec.root).rglob("*")) if spec.root else [Path(spec.path)]
    code = sorted(Path(client).glob("*.swift")) + sorted((repo / "Sources" / "APIGenRuntime").rglob("*.swift"))
    oracle = [file for file in sorted((repo / "Scripts" / "oracle").glob("*.py"))
              if file.name not in NOT_CHECKS and not file.name.startswith("test_")]
    for file in spec_files + code + oracle:
        if file.is_file():
            digest.update(file.name.encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()


def load(folder, spec, wanted):
    """The record kept for `spec` under the key `wanted`, or None."""
    path = Path(folder) / f"{spec.name}.json"
    try:
        record = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return record if record.get("key") == wanted else None


def save(folder, spec, record):
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{spec.name}.json").write_text(json.dumps(record, ensure_ascii=False))
