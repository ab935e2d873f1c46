"""What Scripts/corpus and Scripts/conformance share: small helpers for running commands and
grouping diagnostics, and the corpus's specs (found by MANIFEST.tsv, or by their files)."""
import re
import resource
import subprocess
import sys
import time

SPEC_SUFFIXES = (".yaml", ".yml", ".json")

# ---------------------------------------------------------------------------------------------
# Small helpers

def log(message):
    print(message, file=sys.stderr, flush=True)


def cpu_of_children():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_build(command):
    """Runs `swift build`, again (up to twice) when a source changed under it (others may be editing the repository)."""
    for attempt in range(3):
        result = run(command)
        if result[0] == 0 or "was modified during the build" not in result[1] + result[2] or attempt == 2:
            return result
        log("   (a source file changed during the build; building again)")


def run(command, cwd=None, env=None):
    """Runs a command; returns (returncode, stdout, stderr, wall seconds, cpu seconds)."""
    cpu_before, started = cpu_of_children(), time.monotonic()
    completed = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, errors="replace")
    wall, cpu = time.monotonic() - started, cpu_of_children() - cpu_before
    return completed.returncode, completed.stdout, completed.stderr, wall, cpu


def seconds(value):
    if value is None:
        return "–"
    if value < 10:
        return f"{value:.2f}s"
    if value < 120:
        return f"{value:.1f}s"
    return f"{int(value // 60)}m{int(value % 60):02d}s"


def module_name(stem, prefix="C"):
    """`openai` → COpenai, `kubernetes-batch-v1` → CKubernetesBatchV1 (the prefix keeps it off the spec's types)."""
    words = [word for word in re.split(r"[^A-Za-z0-9]+", stem) if word]
    return prefix + "".join(word[0].upper() + word[1:] for word in words) or prefix + "Spec"


def warning_kind(message):
    """A diagnostic's kind: the message without its JSON pointer, names and numbers."""
    message = re.sub(r"\s*\(#/[^)]*\)\s*$", "", message)           # apigen's (#/pointer)
    message = re.sub(r"\s*\[-W[^\]]*\]\s*$", "", message)           # swiftc's [-Wgroup]
    message = re.sub(r"'[^']*'", "'…'", message)
    message = re.sub(r'"[^"]*"', '"…"', message)
    message = re.sub(r"\b(its type|type) [^;,]+([;,])", r"\1 …\2", message)
    message = re.sub(r"\b\d+\b", "N", message)
    return message.strip()


def short(text, width):
    return text if len(text) <= width else text[: width - 1] + "…"


def grouped(kinds, width=None):
    """{kind: count} → "12× kind; 3× other" (largest first)."""
    items = sorted(kinds.items(), key=lambda item: (-item[1], item[0]))
    return "; ".join(f"{count}× {short(kind, width) if width else kind}" for kind, count in items)


# ---------------------------------------------------------------------------------------------
# Specs

class Spec:
    def __init__(self, name, path):
        self.name, self.path = name, path
        self.root = None
        self.module = None
        self.version = self.operations = self.schemas = None
        self.validate_error = None
        self.generated = False
        self.generate_error = None
        self.gen_wall = self.gen_cpu = None
        self.files = self.lines = None
        self.gen_warnings = {}          # kind → count
        self.gen_warning_examples = {}  # kind → first full diagnostic
        self.gen_dropped = 0
        self.compiled = None            # None: not attempted
        self.compile_wall = self.compile_cpu = None
        self.compiler = {"warning": {}, "error": {}}  # level → kind → count
        self.compiler_examples = {}     # (level, kind) → (location, message, source line)
        self.compile_tail = ""
        self.runtime_rebuilt = False    # the runtime changed under this target's build (its time includes that)
        self.examples = []              # (location, type, fits, error or None)
        self.examples_note = None       # e.g. a crash

    @property
    def compiler_warning_count(self):
        return sum(self.compiler["warning"].values())

    @property
    def compiler_error_count(self):
        return sum(self.compiler["error"].values())

    @property
    def result(self):
        if not self.generated:
            return "generate failed"
        if self.compiled is None:
            return "not compiled"
        if not self.compiled:
            return "compile failed"
        if self.compiler_warning_count:
            return "compiler warnings"
        return "ok"


def is_root_document(path):
    try:
        with open(path, "r", encoding="utf-8", errors="replace") as handle:
            head = handle.read(8192)
    except OSError:
        return False
    return bool(re.search(r'^(openapi|swagger)\s*:|^\s*\{?\s*"(openapi|swagger)"\s*:', head, re.MULTILINE))


def discover(folder):
    """The specs of `folder`: the rows of its MANIFEST.tsv (`name`, `file`; a file in a subfolder is
    a multi-file spec whose references may reach anything under that subfolder, its `--root`), or
    without one every spec file, and the root document of each subfolder."""
    manifest = folder / "MANIFEST.tsv"
    if manifest.is_file():
        return from_manifest(folder, manifest)
    specs = []
    for entry in sorted(folder.iterdir(), key=lambda item: item.name.lower()):
        if entry.is_file() and entry.suffix.lower() in SPEC_SUFFIXES:
            specs.append(Spec(entry.stem, entry))
        elif entry.is_dir() and not entry.name.startswith("."):
            roots = [item for item in sorted(entry.iterdir())
                     if item.is_file() and item.suffix.lower() in SPEC_SUFFIXES and is_root_document(item)]
            for root in roots:
                specs.append(Spec(entry.name if len(roots) == 1 else f"{entry.name}-{root.stem}", root))
    return specs


def from_manifest(folder, manifest):
    rows = [line.split("\t") for line in manifest.read_text().splitlines()[1:] if line.strip()]
    specs = []
    for name, file in ((row[0], row[1]) for row in rows if len(row) >= 2):
        spec = Spec(name, folder / file)
        if "/" in file:
            spec.root = folder / file.split("/")[0]
        specs.append(spec)
    return sorted(specs, key=lambda spec: spec.name.lower())


def discover_all(folders):
    """`discover` over several folders, skipping (and saying so) those that are absent."""
    specs = []
    for folder in folders:
        if folder.is_dir():
            specs += discover(folder)
        else:
            print(f"skipped: no specs folder at {folder}")
    return specs


def root_flags(spec):
    return ["--root", str(spec.root)] if spec.root else []


def assign_modules(specs, taken=()):
    used = set(taken)
    for spec in specs:
        candidate, number = module_name(spec.name), 2
        while candidate in used:
            candidate, number = f"{module_name(spec.name)}{number}", number + 1
        spec.module = candidate
        used.add(candidate)
