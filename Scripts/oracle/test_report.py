"""The report's account of findings: each explained one under its reason, the rest by cause.

Run: .venv/bin/python -m unittest discover -s Scripts/oracle -p 'test_*.py' (from the repository).
"""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from oracle import explained, report  # noqa: E402


class Spec:
    def __init__(self, name):
        self.name = name


class Results:
    def __init__(self, findings, specs):
        self.findings = findings
        self.skipped = []
        self.reused = {}
        self.per_spec = [(Spec(name), {"schemas": 1, "skipped": 0, "instances": 1, "round_trips": 1}, {"operations": 0, "valid": 0}, 1.0)
                         for name in specs]

    def summary(self):
        return "conformance: summary"


class ReportTests(unittest.TestCase):
    def setUp(self):
        self.saved = explained.EXPLAINED
        explained.EXPLAINED = [
            ("shop", "invalid sample", "Order", "total", explained.SPEC, "`total` is `{type: integer, default: \"0\"}`."),
            ("shop", "request rejected", "gone", "", explained.VALIDATOR, "No finding has this any more."),
        ]

    def tearDown(self):
        explained.EXPLAINED = self.saved

    def written(self, findings, specs=("shop",)):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "report.md")
            report.write_markdown(path, Results(findings, specs), "Scripts/conformance", 60, [])
            with open(path) as file:
                return file.read()

    def test_an_explained_finding_is_listed_under_its_reason_and_the_others_by_cause(self):
        text = self.written([
            ("shop", "invalid sample", "shop.yaml#/components/schemas/Order #1", "total: '0' is not of type 'integer'"),
            ("shop", "changed", "shop.yaml#/components/schemas/Cart #2", "$.items: lost (was [1])"),
        ])
        explained_part, unexplained_part = text.split("## Findings not explained: 1")
        self.assertIn("## Findings explained: 1", explained_part)
        self.assertIn("`total` is `{type: integer, default: \"0\"}`.", explained_part)
        self.assertIn("Order #1", explained_part)
        self.assertIn("### changed: a key was lost: 1", unexplained_part)
        self.assertNotIn("Order #1", unexplained_part)

    def test_an_explanation_no_finding_matches_is_reported_as_stale(self):
        text = self.written([])
        self.assertIn("Explanations no finding matched any more", text)
        self.assertIn("- shop request rejected `gone`", text)
        self.assertIn("## Findings not explained: 0", text)

    def test_explanations_of_specs_not_checked_are_not_stale(self):
        self.assertNotIn("Explanations no finding matched", self.written([], specs=("other",)))


if __name__ == "__main__":
    unittest.main()
