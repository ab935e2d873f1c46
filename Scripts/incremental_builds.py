"""Incremental builds with the build plugin, what a plugin user lives with, and the same
rebuilds of the client's compile floor, which tell how much of a rebuild any client of these
declarations would spend.

A package whose target holds the spec and uses APIGenPlugin is built once, then rebuilt with no
change, after one operation's description changed (a one-line `description:` beside an
`operationId:`) and after one schema property's type changed (the first `type: integer` under
`schemas:` becomes `number`), each change made, undone and made again: the median of those three
rebuilds is reported. Beside it, a package holds the floor of the plugin's output
(Scripts/compile_floor.py) as a plain target; after each plugin rebuild, the floor of the files
the plugin rewrote is written there and the floor is rebuilt too; two more packages hold the
conformance floor and the synthesized floor, rebuilt the same way. A third package holds the
same client as two targets, the models apart (`part: models` in one, `modelsModule:` in the
other, both through the plugin), and a fourth the bare floor of those two targets' output in two
plain targets, each rebuilt after the same changes. Used by Scripts/bench
--incremental.
"""
import os
import re
import shutil
import subprocess
import sys
import time

import compile_floor

MANIFEST = """// swift-tools-version:6.2
import PackageDescription
let package = Package(name: "{name}", platforms: [.macOS(.v14)],
    dependencies: [.package(name: "apigen", path: "{root}")],
    targets: [.target(name: "Client", dependencies: [.product(name: "APIGenRuntime", package: "apigen")]{plugins})])
"""


def build(package):
    """`swift build --target Client`: (wall seconds, whether the plugin regenerated, whether
    anything was compiled)."""
    start = time.monotonic()
    result = subprocess.run(["swift", "build", "--target", "Client"], cwd=package, capture_output=True, text=True)
    wall = time.monotonic() - start
    if result.returncode != 0:
        sys.exit(f"incremental build failed in {package}:\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
    output = result.stdout + result.stderr
    return wall, "Generating Swift client" in output, bool(re.search(r"Compiling Client|Compiling .*\.swift", output))


SPLIT_MANIFEST = """// swift-tools-version:6.2
import PackageDescription
let runtime: [Target.Dependency] = [.product(name: "APIGenRuntime", package: "apigen")]
let plugins: [Target.PluginUsage] = [.plugin(name: "APIGenPlugin", package: "apigen")]
let package = Package(name: "IncrementalSplit", platforms: [.macOS(.v14)],
    dependencies: [.package(name: "apigen", path: "{root}")],
    targets: [.target(name: "Models", dependencies: runtime, plugins: plugins),
              .target(name: "Client", dependencies: runtime + ["Models"], plugins: plugins)])
"""


def make_split_package(package, root, plugin=True):
    """The client as two targets: through the plugin, `Models` holds the spec and writes the
    models' module and `Client` imports it; without it, the two targets that hold the floor of
    each. Returns the two targets' folders."""
    folders = []
    for target, config in (("Models", "part: models\n"), ("Client", "modelsModule: Models\n")):
        folder = os.path.join(package, "Sources", target)
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        if plugin:
            with open(os.path.join(folder, "apigen.yaml"), "w") as out:
                out.write(config)
            with open(os.path.join(folder, f"{target}.swift"), "w") as out:
                out.write("import APIGenRuntime\n")
        folders.append(folder)
    with open(os.path.join(package, "Package.swift"), "w") as manifest:
        manifest.write(SPLIT_MANIFEST.format(root=root).replace("plugins: plugins", "plugins: plugins" if plugin else "plugins: []"))
    return folders


def make_package(package, name, root, plugin):
    target = os.path.join(package, "Sources", "Client")
    shutil.rmtree(target, ignore_errors=True)
    os.makedirs(target)
    plugins = ',\n                      plugins: [.plugin(name: "APIGenPlugin", package: "apigen")]' if plugin else ""
    with open(os.path.join(package, "Package.swift"), "w") as manifest:
        manifest.write(MANIFEST.format(name=name, root=root, plugins=plugins))
    return target


def generated_sources(package, target="Client"):
    """The folder the plugin writes `target`'s files into, under .build/plugins/outputs."""
    outputs = os.path.join(package, ".build", "plugins", "outputs")
    for folder, _, names in os.walk(outputs):
        if (os.path.basename(folder) == "GeneratedSources" and f"{os.sep}{target.lower()}{os.sep}" in folder.lower()
                and any(name.endswith(".swift") for name in names)):
            return folder
    sys.exit(f"no generated sources under {outputs}")


class SpecEdits:
    """The spec copy in the plugin package and the two one-line edits made to it. Each edit
    returns the edited text without saving it, so a step can switch between the two texts."""

    def __init__(self, spec, targets):
        with open(spec) as source:
            self.text = source.read()
        self.paths = [os.path.join(target, "openapi" + os.path.splitext(spec)[1]) for target in targets]
        self.save(self.text)

    def save(self, text):
        for path in self.paths:
            with open(path, "w") as out:
                out.write(text)

    def operation_description(self):
        """The description of the first operation that has one on its own line: a key beside its
        `operationId` (a response's or a parameter's description may print nothing) gets a word."""
        lines = self.text.split("\n")
        for index, line in enumerate(lines):
            match = re.match(r"^(\s+)operationId:", line)
            if not match:
                continue
            indent = match.group(1)
            siblings = range(max(0, index - 20), min(len(lines), index + 20))
            target = next((i for i in siblings if re.match(rf"^{indent}description: [A-Za-z]", lines[i])), None)
            if target is not None:
                lines[target] += " Edited."
                return "\n".join(lines)
        sys.exit("no operation with a one-line description to edit")

    def property_type(self):
        """The first `type: integer` under `schemas:` becomes `number`."""
        lines = self.text.split("\n")
        start = next(index for index, line in enumerate(lines) if line.startswith("  schemas:"))
        index = next(index for index in range(start, len(lines)) if re.match(r"^\s+type: integer\s*$", lines[index]))
        lines[index] = lines[index].replace("integer", "number")
        return "\n".join(lines)


class Floors:
    """A package for each floor (Scripts/compile_floor.py: the bare floor, the conformance floor,
    the synthesized floor), kept to the plugin's latest output."""

    def __init__(self, work, root):
        self.packages = [(kind, os.path.join(work, f"incremental-{kind}")) for kind in compile_floor.KINDS]
        self.targets = [make_package(package, "IncrementalFloor", root, plugin=False) for _, package in self.packages]

    def rebuild(self, sources):
        """Writes the floors of the plugin's `sources` and builds each: (the files of the bare
        floor rewritten, {floor: wall seconds})."""
        written, walls = 0, {}
        for (kind, package), target in zip(self.packages, self.targets):
            count = len(compile_floor.write_floor(sources, target, kind))
            written = count if kind == "floor" else written
            walls[kind] = build(package)[0]
        return written, walls


class SplitFloor:
    """The bare floor of the two-target client, in two plain targets, kept to its latest output."""

    def __init__(self, work, root):
        self.package = os.path.join(work, "incremental-split-floor")
        self.targets = make_split_package(self.package, root, plugin=False)

    def rebuild(self, split):
        """Writes the floor of each of the plugin package's two targets and builds it: wall seconds."""
        for name, target in zip(("Models", "Client"), self.targets):
            compile_floor.write_floor(generated_sources(split, name), target, "floor")
        return build(self.package)[0]


def plugin_generation(split, spec, runs=3):
    """Wall seconds of the plugin's own apigen (built by SwiftPM in the build's configuration,
    debug here) writing each part of the two-target client, the median of `runs`: what each of
    the two build commands costs before anything compiles. {part: seconds}."""
    tool = os.path.join(split, ".build", "debug", "apigen-tool")
    walls = {}
    for part in ("models", "client"):
        output = os.path.join(split, ".build", f"generation-{part}")
        times = []
        for _ in range(runs):
            start = time.monotonic()
            subprocess.run([tool, "generate", spec, "--output", output, "--module", "Client", "--models-module", "Models",
                            "--part", part, "--model-files", "34", "--endpoint-files", "16"], capture_output=True, check=True)
            times.append(time.monotonic() - start)
        walls[part] = sorted(times)[len(times) // 2]
    return walls


def incremental_builds(spec, work, root, runs=3):
    """Rows of (step, walls, regenerated, compiled, bare floor files rewritten or None, {floor:
    walls}, [(the two-target client's wall, its bare floor's)]): a no-change build should neither regenerate nor
    compile. Each change is measured `runs` times, made and undone in turn (every rebuild is one
    change away from the last); regenerated and compiled hold for every one of those rebuilds."""
    package = os.path.join(work, "incremental")
    target = make_package(package, "IncrementalBench", root, plugin=True)
    split = os.path.join(work, "incremental-split")
    floors = Floors(work, root)
    split_floor = SplitFloor(work, root)
    # The first build is a clean one even in a work folder used before.
    for folder in [package, split, split_floor.package] + [floor for _, floor in floors.packages]:
        shutil.rmtree(os.path.join(folder, ".build"), ignore_errors=True)
    # SwiftPM wants a source file of the target's own beside the ones the plugin generates.
    with open(os.path.join(target, "Client.swift"), "w") as out:
        out.write("import APIGenRuntime\n")
    edits = SpecEdits(spec, [target, make_split_package(split, root)[0]])

    def rebuild_all():
        wall, regenerated, compiled = build(package)
        written, floor_walls = floors.rebuild(generated_sources(package))
        split_wall = build(split)[0]
        return wall, regenerated, compiled, written, floor_walls, (split_wall, split_floor.rebuild(split))

    rows = []
    wall, _, _, _, floor_walls, split_wall = rebuild_all()
    rows.append(("first build", [wall], True, True, None, {key: [value] for key, value in floor_walls.items()}, [split_wall]))
    # After a first build SwiftPM compiles its plugins once more on the next one; settle that.
    build(package)
    build(split)
    wall, regenerated, compiled, _, floor_walls, split_wall = rebuild_all()
    rows.append(("no change", [wall], regenerated, compiled, 0, {key: [value] for key, value in floor_walls.items()}, [split_wall]))
    for step, edit in (("one operation's description", edits.operation_description), ("one property's type", edits.property_type)):
        texts = [edit(), edits.text]
        walls, split_walls, all_floor_walls = [], [], {kind: [] for kind in compile_floor.KINDS}
        regenerated, compiled, written = True, True, 0
        for run in range(runs):
            edits.save(texts[run % 2])
            wall, did_generate, did_compile, written, floor_walls, split_wall = rebuild_all()
            walls.append(wall)
            split_walls.append(split_wall)
            regenerated, compiled = regenerated and did_generate, compiled and did_compile
            for key, value in floor_walls.items():
                all_floor_walls[key].append(value)
        edits.save(edits.text)
        rebuild_all()
        rows.append((step, walls, regenerated, compiled, written, all_floor_walls, split_walls))
    return rows, plugin_generation(split, edits.paths[1])
