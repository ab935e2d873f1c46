"""Stored figures are kept check by check: a change reruns only the checks that read what changed.

Run: .venv/bin/python -m unittest discover -s Scripts/oracle -p 'test_*.py' (from the repository).
"""
import os
import sys
import tempfile
import unittest
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from oracle import stored  # noqa: E402


class StoredTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        root = Path(self.folder.name)
        self.repo, self.client = root / "repo", root / "client"
        for path, text in {"Sources/APIGenRuntime/Request.swift": "runtime", "Scripts/oracle/checks.py": "checks",
                           "Scripts/oracle/expansion.py": "expansion", "Scripts/oracle/requests.py": "requests",
                           "Sources/APIGenGenerator/Translate/ConformanceTranslator.swift": "harness"}.items():
            (self.repo / path).parent.mkdir(parents=True, exist_ok=True)
            (self.repo / path).write_text(text)
        self.client.mkdir()
        for name in ("Models.swift", "Endpoints.swift", "Samples.swift", "Conformance.swift"):
            (self.client / name).write_text(name)
        (root / "spec.yaml").write_text("openapi: 3.0.3")
        self.spec = SimpleNamespace(name="spec", root=None, path=str(root / "spec.yaml"))

    def tearDown(self):
        self.folder.cleanup()

    def changed_after(self, path, text):
        before = stored.keys(self.spec, self.client, self.repo, {"seed": 1})
        path.write_text(text)
        after = stored.keys(self.spec, self.client, self.repo, {"seed": 1})
        return {check for check in stored.CHECKS if before[check] != after[check]}

    def test_new_samples_rerun_the_samples_and_requests_only(self):
        self.assertEqual(self.changed_after(self.client / "Samples.swift", "other samples"), {"samples"})
        self.assertEqual(self.changed_after(self.client / "Conformance.swift", "other cases"), {"samples", "requests"})

    def test_each_check_reruns_for_what_it_reads(self):
        self.assertEqual(self.changed_after(self.client / "Models.swift", "other models"), set(stored.CHECKS))
        self.assertEqual(self.changed_after(self.repo / "Sources/APIGenRuntime/Request.swift", "x"), set(stored.CHECKS))
        self.assertEqual(self.changed_after(self.repo / "Scripts/oracle/expansion.py", "x"), {"trips"})
        self.assertEqual(self.changed_after(self.repo / "Scripts/oracle/requests.py", "x"), {"requests"})
        self.assertEqual(self.changed_after(self.repo / "Sources/APIGenGenerator/Translate/ConformanceTranslator.swift", "x"),
                         {"trips"})

    def test_only_the_checks_whose_key_is_unchanged_are_loaded(self):
        keys = stored.keys(self.spec, self.client, self.repo, {"seed": 1})
        records = {check: {"key": keys[check], "row": {}, "seconds": 1, "findings": [], "skipped": []} for check in stored.CHECKS}
        results = Path(self.folder.name) / "results"
        stored.save(results, self.spec, records)
        self.assertEqual(set(stored.load(results, self.spec, keys)), set(stored.CHECKS))
        (self.client / "Samples.swift").write_text("other samples")
        later = stored.keys(self.spec, self.client, self.repo, {"seed": 1})
        self.assertEqual(set(stored.load(results, self.spec, later)), {"trips", "requests"})
        self.assertEqual(stored.load(results, self.spec, stored.keys(self.spec, self.client, self.repo, {"seed": 2})), {})

    def test_saving_some_checks_keeps_the_others_records(self):
        keys = stored.keys(self.spec, self.client, self.repo, {"seed": 1})
        records = {check: {"key": keys[check], "row": {"n": 1}, "seconds": 1, "findings": [], "skipped": []}
                   for check in stored.CHECKS}
        results = Path(self.folder.name) / "results"
        stored.save(results, self.spec, records)
        stored.save(results, self.spec, {"samples": dict(records["samples"], row={"n": 2})})
        loaded = stored.load(results, self.spec, keys)
        self.assertEqual(set(loaded), set(stored.CHECKS))
        self.assertEqual(loaded["samples"]["row"], {"n": 2})
        self.assertEqual(loaded["requests"]["row"], {"n": 1})


if __name__ == "__main__":
    unittest.main()
