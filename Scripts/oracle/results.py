"""What a run of Scripts/conformance found: totals, findings and skips, and the summary line."""
import re


class Results:
    def __init__(self):
        self.specs = self.schemas = self.instances = self.round_trips = 0
        self.operations = self.valid_operations = 0
        self.samples = self.valid_samples = 0
        self.shallow = 0  # schemas whose instances come from an expansion cut after a few references
        self.findings = []  # (spec, kind, where, what)
        self.skipped = []   # (spec, kind, where, why)
        self.per_spec = []  # rows for the report
        self.reused = {}  # spec name → the checks whose figures were kept from an earlier run

    def add(self, spec, trips, samples, requests, spent):
        """One spec's figures, added to the totals."""
        self.specs += 1
        self.schemas += trips["schemas"]
        self.instances += trips["instances"]
        self.round_trips += trips["round_trips"]
        self.shallow += trips.get("shallow", 0)
        self.samples += samples["samples"]
        self.valid_samples += samples["valid"]
        self.operations += requests["operations"] or 0
        self.valid_operations += requests["valid"]
        self.per_spec.append((spec, trips, requests, spent))

    def finding(self, spec, kind, where, what):
        self.findings.append((spec, kind, where, what))
        print(f"{spec}\t{kind}\t{where}\t{what}", flush=True)

    def summary(self):
        def pct(part, whole):
            return f"{100 * part / whole:.1f}%" if whole else "–"
        shallow = f" ({self.shallow} drawn from a shallower expansion)" if self.shallow else ""
        return (f"conformance: {self.specs} specs, {self.schemas} schemas{shallow}, {self.instances} instances, "
                f"{self.round_trips} round-trip ({pct(self.round_trips, self.instances)}), {self.samples} samples, "
                f"{self.valid_samples} valid ({pct(self.valid_samples, self.samples)}), {self.operations} operations, "
                f"{self.valid_operations} valid requests ({pct(self.valid_operations, self.operations)}); "
                f"skipped: {self.skip_summary()}")

    def skip_summary(self):
        """Every skip, counted by kind and reason, so that a reader sees what the percentages leave out."""
        counts = {}
        for _, kind, _, why in self.skipped:
            reason = re.sub(r"\d+", "N", why.split(":")[0]) if kind != "requests" else why
            counts[(kind, reason)] = counts.get((kind, reason), 0) + 1
        if not counts:
            return "none"
        return "; ".join(f"{count} {kind} ({reason})" for (kind, reason), count in sorted(counts.items()))
