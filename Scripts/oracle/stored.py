"""Each spec's figures, kept between runs of Scripts/conformance, check by check, under the key of
everything that check depends on: the parts of the generated client it reads, the runtime, the
oracle's code it runs, the spec's own files and the run's settings. Instances are seeded, so an
unchanged key gives unchanged figures: a check whose key is unchanged is not run again, a spec
whose three checks are all unchanged is not even compiled, and the report says which figures were
reused. `--fresh` checks every spec."""
import hashlib
import json
from pathlib import Path

CHECKS = ("trips", "samples", "requests")
# What each check reads besides the runtime, the spec and the oracle's shared modules (checks.py,
# runner.py): the generated files it depends on, the generator sources that write its part of the
# conformance file, and the oracle modules it runs. The round trips read the models, not their
# samples or the request cases (which hold samples): a change of samples keeps their figures.
DEPENDS = {
    "trips": {"skip_files": ("Samples", "Conformance"),
              "generator": ("ConformanceTranslator.swift", "ConformanceFileGenerator.swift"),
              "oracle": ("instances.py", "expansion.py", "schemas.py")},
    "samples": {"skip_files": (), "generator": (), "oracle": ("instances.py", "schemas.py")},
    "requests": {"skip_files": ("Samples",), "generator": (),
                 "oracle": ("requests.py", "media.py", "swagger.py", "schemas.py")},
}
SHARED_ORACLE = ("checks.py", "runner.py")


def keys(spec, client, repo, settings):
    """{check: digest of what its figures depend on}: `client` is the folder of the spec's
    generated code, `settings` the run's settings."""
    spec_files = sorted(Path(spec.root).rglob("*")) if spec.root else [Path(spec.path)]
    runtime = sorted((repo / "Sources" / "APIGenRuntime").rglob("*.swift"))
    generated = sorted(Path(client).glob("*.swift"))
    found = {}
    for check in CHECKS:
        depends = DEPENDS[check]
        digest = hashlib.sha256(json.dumps(settings, sort_keys=True).encode())
        own = [file for file in generated if not file.name.startswith(depends["skip_files"])]
        generator = [file for file in sorted((repo / "Sources" / "APIGenGenerator").rglob("*.swift"))
                     if file.name in depends["generator"]]
        oracle = [repo / "Scripts" / "oracle" / name for name in SHARED_ORACLE + depends["oracle"]]
        for file in spec_files + own + runtime + generator + oracle:
            if file.is_file():
                digest.update(file.name.encode())
                digest.update(file.read_bytes())
        found[check] = digest.hexdigest()
    return found


def load(folder, spec, wanted):
    """{check: its kept record} for the checks of `spec` whose key is as `wanted` says."""
    path = Path(folder) / f"{spec.name}.json"
    try:
        record = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    checks = record.get("checks") if isinstance(record, dict) else None
    if not isinstance(checks, dict):
        return {}  # a record of the earlier layout, one key for the whole spec
    return {check: kept for check, kept in checks.items() if check in wanted and kept.get("key") == wanted[check]}


def save(folder, spec, checks):
    """`checks`: {check: {"key", "row", "seconds", "findings", "skipped"}}, those done so far. The
    spec's other checks keep the records the file holds: a run that checks only some of them (the
    others kept, or checked by another run) drops none, and `load` still takes a record only
    under its key."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{spec.name}.json"
    try:
        held = json.loads(path.read_text()).get("checks")
    except (OSError, ValueError, AttributeError):
        held = None
    merged = {check: record for check, record in (held or {}).items() if check in CHECKS and check not in checks}
    merged.update(checks)
    path.write_text(json.dumps({"checks": {check: merged[check] for check in CHECKS if check in merged}}, ensure_ascii=False))
