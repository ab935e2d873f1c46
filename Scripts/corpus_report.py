"""The corpus report: the table of specs, the examples' summary, the problems that fail the run,
and the Markdown file (Scripts/corpus --markdown)."""
import datetime
import os
import platform
import subprocess
from pathlib import Path

from corpus_common import grouped, seconds, short

LOAD_AT_START = os.getloadavg()[0]

# ---------------------------------------------------------------------------------------------
# Report

HEADERS = ["spec", "version", "ops", "schemas", "lines", "gen (wall/CPU)", "compile (wall/CPU)",
           "generation warnings", "compiler warnings", "result"]


def table_rows(specs, width):
    rows = []
    for spec in specs:
        compiler = spec.compiler_warning_count
        compiler_text = str(compiler) if not compiler else f"{compiler}: {grouped(spec.compiler['warning'], width)}"
        if spec.compiler_error_count:
            compiler_text += f" (+{spec.compiler_error_count} errors)"
        gen_warnings = grouped(spec.gen_warnings, width) or "–"
        if spec.gen_dropped:
            gen_warnings += f" (+{spec.gen_dropped} not shown)"
        rows.append([
            spec.name,
            spec.version or "?",
            "–" if spec.operations is None else str(spec.operations),
            "–" if spec.schemas is None else str(spec.schemas),
            "–" if spec.lines is None else f"{spec.lines:,}",
            "–" if spec.gen_wall is None else f"{seconds(spec.gen_wall)} / {seconds(spec.gen_cpu)}",
            "–" if spec.compile_wall is None else f"{seconds(spec.compile_wall)} / {seconds(spec.compile_cpu)}"
                                                  + (" *" if spec.runtime_rebuilt else ""),
            gen_warnings,
            compiler_text,
            spec.result,
        ])
    return rows


def text_table(rows):
    widths = [max(len(str(row[i])) for row in [HEADERS] + rows) for i in range(len(HEADERS))]
    numeric = {2, 3, 4}
    def line(row):
        return "  ".join(str(cell).rjust(widths[i]) if i in numeric else str(cell).ljust(widths[i])
                         for i, cell in enumerate(row)).rstrip()
    return "\n".join([line(HEADERS), line(["-" * w for w in widths])] + [line(row) for row in rows])


def md_cell(text):
    return str(text).replace("|", "\\|")


def markdown_table(rows):
    cell = md_cell
    out = ["| " + " | ".join(HEADERS) + " |", "|" + "|".join("---:" if i in (2, 3, 4) else "---" for i in range(len(HEADERS))) + "|"]
    out += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def example_summary(specs):
    """(per-spec lines, overall line, failures list of (spec, location, type, verdict, error))."""
    per_spec, failures = [], []
    total = decoded = 0
    for spec in specs:
        if spec.compiled and (spec.examples or spec.examples_note):
            ok = sum(1 for example in spec.examples if example[3] is None)
            total, decoded = total + len(spec.examples), decoded + ok
            rate = f"{100 * ok / len(spec.examples):.1f}%" if spec.examples else "–"
            note = f" — {spec.examples_note}" if spec.examples_note else ""
            per_spec.append((spec.name, ok, len(spec.examples), rate, note))
            for location, type_name, fits, error in spec.examples:
                if error is not None:
                    failures.append((spec.name, location, type_name, "apigen bug" if fits else "spec's fault", error))
        elif spec.compiled:
            per_spec.append((spec.name, 0, 0, "–", " — no examples"))
        else:
            per_spec.append((spec.name, 0, 0, "–", f" — not run ({spec.result})"))
    overall = (decoded, total, f"{100 * decoded / total:.1f}%" if total else "–")
    return per_spec, overall, failures


def problems(specs, examples_build_error, runtime_warnings=()):
    found = [f"APIGenRuntime: compiler {line}" for line in runtime_warnings]
    for spec in specs:
        if not spec.generated:
            found.append(f"{spec.name}: generate failed: {spec.generate_error}")
            continue
        for (level, kind), (location, message, code) in sorted(spec.compiler_examples.items()):
            count = spec.compiler[level][kind]
            found.append(f"{spec.name}: compiler {level} ×{count}: {location}: {message}" + (f"\n      {code}" if code else ""))
        if spec.compiled is False and not spec.compiler_error_count:
            found.append(f"{spec.name}: compile failed:\n{spec.compile_tail}")
        if spec.examples_note:
            found.append(f"{spec.name}: {spec.examples_note}")
    if examples_build_error:
        found.append(f"CorpusExamples failed to build:\n{examples_build_error}")
    return found


def report(specs, phases, examples_build_error, markdown_path, command, runtime_warnings=()):
    rows = table_rows(specs, 40)
    per_spec, overall, failures = example_summary(specs)
    found = problems(specs, examples_build_error, runtime_warnings)
    generated = sum(spec.generated for spec in specs)
    compiled = sum(bool(spec.compiled) for spec in specs)
    clean = sum(spec.result == "ok" for spec in specs)
    bugs = [failure for failure in failures if failure[3] == "apigen bug"]
    fitting = overall[1] - (len(failures) - len(bugs))
    fitting_rate = f"{100 * overall[0] / fitting:.1f}%" if fitting else "–"
    summary = (f"{generated}/{len(specs)} generated, {compiled}/{len(specs)} compiled, {clean}/{len(specs)} without compiler warnings; "
               f"examples decoded {overall[0]}/{overall[1]} ({overall[2]}); of those that fit their schema "
               f"{overall[0]}/{fitting} ({fitting_rate}); {len(bugs)} apigen bug(s), {len(failures) - len(bugs)} spec's fault")
    phase_text = ", ".join(f"{name} {seconds(value)}" for name, value in phases)
    footnote = ("* APIGenRuntime changed during the run and was rebuilt inside this compile (its time includes that)"
                if any(spec.runtime_rebuilt for spec in specs) else None)

    print()
    print(text_table(rows))
    if footnote:
        print(footnote)
    print()
    print("Examples decoded:")
    for name, ok, count, rate, note in per_spec:
        print(f"  {name}: {ok}/{count} ({rate}){note}")
    print(f"  overall: {overall[0]}/{overall[1]} ({overall[2]})")
    if failures:
        print()
        print("Failing examples:")
        for name, location, type_name, verdict, error in failures:
            print(f"  [{verdict}] {name}: {location} ({type_name}): {short(error, 400)}")
    if found:
        print()
        print("Problems:")
        for problem in found:
            print(f"  {problem}")
    print()
    print(summary)
    print(f"Time: {phase_text}")

    if markdown_path:
        cores = os.cpu_count()
        swift = subprocess.run(["swift", "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
        swift = next((line for line in swift.splitlines() if "version" in line), "swift").strip()
        md = [
            "# Corpus report",
            "",
            f"Produced by `{command}` on {datetime.date.today().isoformat()}, on {platform.system()} "
            f"{platform.machine()} with {cores} cores ({swift}; load average {LOAD_AT_START:.1f} at the start, "
            "the machine being shared). Each spec is generated with "
            "`apigen generate --example-checks`, compiled on its own (debug, Swift 6 mode) against `APIGenRuntime` "
            "in one scratch package, and its examples are decoded with the generated types. "
            "Times: generation wall / CPU, compile wall / CPU of `swift build --target <Module>` with the runtime already built.",
            "",
            f"**{summary}.**",
            "",
            f"Phases: {phase_text}.",
            "",
            markdown_table(table_rows(specs, 0)),
            "",
        ] + ([footnote, ""] if footnote else []) + [
            "## Examples",
            "",
            "Every `example`/`examples` of the specs that apigen attaches to a generated type, decoded with it "
            "(a failure whose example does not fit its own schema is the spec's fault).",
            "",
            "| spec | decoded | rate |",
            "|---|---:|---:|",
        ]
        md += [f"| {name}{note} | {ok}/{count} | {rate} |" for name, ok, count, rate, note in per_spec]
        md += [f"| **overall** | **{overall[0]}/{overall[1]}** | **{overall[2]}** |", ""]
        if failures:
            md += ["### Failing examples", "", "| spec | example | type | verdict | reason |", "|---|---|---|---|---|"]
            md += [f"| {name} | `{location}` | `{type_name}` | {verdict} | {md_cell(short(error, 400))} |"
                   for name, location, type_name, verdict, error in failures]
            md.append("")
        if found:
            md += ["## Problems", ""] + [f"- {problem}".replace("\n", "  \n  ") for problem in found] + [""]
        Path(markdown_path).parent.mkdir(parents=True, exist_ok=True)
        Path(markdown_path).write_text("\n".join(md))
        print(f"Wrote {markdown_path}")

    failed = runtime_warnings or generated < len(specs) or compiled < len(specs) or clean < len(specs) or bugs or examples_build_error \
        or any(spec.examples_note for spec in specs)
    return 1 if failed else 0
