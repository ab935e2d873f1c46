"""The conformance report in Markdown: the summary, a row per spec, and every finding grouped by cause."""
import datetime
import os
import platform
import re

from oracle.stored import CHECKS

MAX_LISTED = 40  # findings listed per cause and spec; the rest are counted


def cause(kind, what):
    """A short name for why a finding happened, to group findings that share it."""
    if kind == "decode failed":
        match = re.match(r"(?:APIError\.)?(?:DecodingError\.)?(\w+)", what)
        detail = re.search(r"(Expected[^.;]*|not found|Cannot initialize[^.;]*|corrupted[^.;]*)", what)
        return f"decode failed: {match[1] if match else 'error'}" + (f" ({trim(detail[1])})" if detail else "")
    if kind == "changed":
        if ": lost" in what:
            return "changed: a key was lost"
        if ": added" in what:
            return "changed: a key was added"
        if "items became" in what:
            return "changed: an array's length"
        # Only the changed value counts, not the instance quoted after it.
        if re.search(r'\d{4}-\d\d-\d\dT', what.split("; instance ")[0]):
            return "changed: a date-time"
        return "changed: a value"
    if kind == "request rejected":
        if what.startswith("not built"):
            return "request: could not be built"
        names = re.findall(r"\b([A-Z]\w+(?:Error|NotFound|Invalid\w*|Missing\w*))\b", what)
        return "request: " + (" ← ".join(dict.fromkeys(names[:3])) if names else "rejected")
    if kind == "sample in overlapping oneOf":
        return kind
    if kind == "invalid sample":
        # The keyword that failed, without the value quoted in the message.
        message = what.split(": ", 1)[-1].split("; sample ")[0]
        return "invalid sample: " + trim(re.sub(r"'[^']*'|\d+(\.\d+)?", "…", message), 60)
    return kind


def trim(text, width=60):
    text = re.sub(r"\s+", " ", text)
    return text if len(text) <= width else text[:width - 1] + "…"


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def split_findings(findings):
    """({(whose, why): [(spec, where, what)]}, [(spec, kind, where, what)]): findings an entry of
    `explained.py` explains, and the others."""
    from oracle.explained import explanation
    explained, unexplained = {}, []
    for finding in findings:
        reason = explanation(*finding)
        if reason:
            explained.setdefault(reason, []).append((finding[0], finding[2], finding[3]))
        else:
            unexplained.append(finding)
    return explained, unexplained


def explained_section(explained, results):
    from oracle.explained import unused
    count = sum(len(items) for items in explained.values())
    lines = ["", f"## Findings explained: {count}", "",
             "Each is the spec's own fault or a validator's limit, as `Scripts/oracle/explained.py` says and quotes.", ""]
    for (whose, why), items in sorted(explained.items(), key=lambda item: -len(item[1])):
        lines += [f"### {cell(whose)}: {len(items)}", "", why, ""]
        for spec, where, what in items[:MAX_LISTED]:
            lines.append(f"- {spec} `{cell(where)}`: {cell(trim(what, 300))}")
        if len(items) > MAX_LISTED:
            lines.append(f"- {len(items) - MAX_LISTED} more (the script prints every one)")
        lines.append("")
    stale = unused(results.findings, {spec.name for spec, _, _, _ in results.per_spec})
    if stale:
        lines += ["Explanations no finding matched any more (remove them from `Scripts/oracle/explained.py`):", ""]
        lines += [f"- {entry[0]} {entry[1]} `{cell(entry[2])}`" for entry in stale] + [""]
    return lines


def unexplained_section(findings):
    """Findings no entry explains, by cause: apigen's to fix."""
    groups = {}
    for spec, kind, where, what in findings:
        groups.setdefault(cause(kind, what), []).append((spec, where, what))
    lines = [f"## Findings not explained: {len(findings)}", ""]
    if not groups:
        lines += ["None.", ""]
    for name, items in sorted(groups.items(), key=lambda item: -len(item[1])):
        specs = sorted({spec for spec, _, _ in items})
        lines += [f"### {cell(name)}: {len(items)}", "", f"In {', '.join(specs)}.", ""]
        for spec in specs:
            own = [(where, what) for owner, where, what in items if owner == spec]
            for where, what in own[:MAX_LISTED]:
                lines.append(f"- {spec} `{cell(where)}`: {cell(trim(what, 400))}")
            if len(own) > MAX_LISTED:
                lines.append(f"- {spec}: {len(own) - MAX_LISTED} more of this cause (the script prints every one)")
        lines.append("")
    return lines


def write_markdown(path, results, command, seconds, failed):
    lines = [
        "# Conformance report",
        "",
        f"Written by `{command}` on {datetime.date.today().isoformat()}, {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} cores, in {seconds / 60:.1f} min. What each check does and how results are normalised: "
        "`Scripts/conformance --help` and the notes at the top of `Scripts/oracle/*.py`.",
        "",
        "```",
        results.summary(),
        "```",
        "",
        "How to read it. *Schemas* are the named schemas and JSON body schemas the client has a type for "
        "that instances could be generated for (a body that only references a named schema is that schema, counted "
        "under *same as another*); *instances* are the valid instances hypothesis-jsonschema generated "
        "for them (confirmed by jsonschema), plus each enum value and one value the enum does not list (where a web of "
        "recursive schemas is too large to draw from whole, from the schema cut after a few references, which the summary "
        "counts as *drawn from a shallower expansion*); an instance "
        "*round-trips* when decoding it with the generated type and encoding it again gives it back (key order, "
        "numbers by value and date-times as instants aside). *Operations* are checked by openapi-core (a Swagger 2.0 spec's "
        "through an up-converted OpenAPI 3.0 copy); one is *valid* when openapi-core accepts its request built with its "
        "required arguments and with all of them. Objects are generated with the keys they declare: the models drop undeclared keys "
        "by design (`--undeclared-keys` generates them too). *Samples* are the models' `sample` and `samples` as the "
        "client encodes them; one is *valid* when jsonschema accepts it for the model's schema.",
        "",
    ]
    if results.reused:
        lines += [f"Figures marked *kept* ({len(results.reused)} spec(s), all three checks or those named) are stored "
                  "results (Scripts/oracle/stored.py), each check's filed under a key of the generated code it reads, the "
                  "runtime, the oracle code it runs, the spec files and settings, all identical here; instances are seeded, "
                  "so `--fresh` gives the same figures.", ""]
    lines += [
        "| spec | schemas | same as another | skipped | instances | round-trip | samples | valid samples | operations | valid requests | time |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for spec, trips, requests, spent in results.per_spec:
        rate = f"{100 * trips['round_trips'] / trips['instances']:.1f}%" if trips["instances"] else "–"
        if requests["operations"] is None:
            operations, valid = "skipped", "–"
        else:
            operations = requests["operations"]
            valid = f"{requests['valid']} ({100 * requests['valid'] / operations:.1f}%)" if operations else "–"
        samples = trips.get("sample_count", 0)
        valid_samples = f"{trips['valid_samples']} ({100 * trips['valid_samples'] / samples:.1f}%)" if samples else "–"
        own = results.reused.get(spec.name, [])
        kept = "" if not own else " (kept)" if len(own) == len(CHECKS) else f" (kept: {', '.join(own)})"
        lines.append(f"| {spec.name} | {trips['schemas']} | {trips.get('same', 0)} | {trips['skipped']} | {trips['instances']} | {rate} | "
                     f"{samples} | {valid_samples} | {operations} | {valid} | {spent:.0f} s{kept} |")
    for name in failed:
        lines.append(f"| {name} | not checked: the client did not generate or compile | | | | | | | | | |")
    explained, unexplained = split_findings(results.findings)
    lines += explained_section(explained, results)
    lines += unexplained_section(unexplained)
    lines += ["## Skipped", "", "What the tools could not express, counted and not sent:", ""]
    reasons = {}
    for spec, kind, where, why in results.skipped:
        reasons.setdefault((kind, trim(re.sub(r"\d+", "N", why), 120)), []).append(f"{spec} `{where}`")
    if not reasons:
        lines.append("Nothing.")
    for (kind, why), where in sorted(reasons.items(), key=lambda item: -len(item[1])):
        shown = ", ".join(where[:8]) + (f" and {len(where) - 8} more" if len(where) > 8 else "")
        lines.append(f"- {kind}, {len(where)}: {cell(why)}: {shown}")
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")
