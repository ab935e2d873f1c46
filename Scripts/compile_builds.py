"""Clean builds of a generated client in a scratch package, beside its compile floors and an
earlier apigen's client of the same spec, each built in turn so that they share the machine's
load. Used by Scripts/bench --compile and --release."""
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

import compile_floor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The floors built beside a client: each kind's target name, and the result's key.
FLOORS = [(kind.capitalize(), kind) for kind in compile_floor.KINDS]


def run_measured(command, cwd=None, capture=True, expect=0):
    """Runs a command; returns (cpu seconds, wall seconds, peak RSS in MB, stdout). Exits when its
    status is not `expect` (any status when it is None)."""
    start = time.monotonic()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, text=True)
    output = process.stdout.read() if capture else ""
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - start
    if expect is not None and os.waitstatus_to_exitcode(status) != expect:
        sys.exit(f"failed ({os.waitstatus_to_exitcode(status)}): {' '.join(command)}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024, output


def write_manifest(package, targets, models_apart):
    """The scratch package: each of `targets` depends on the runtime; with `models_apart`, the
    `Apart` client depends on its models' module `ApartModels` too."""
    runtime = '.product(name: "APIGenRuntime", package: "apigen")'
    declared = [f'.target(name: "{target}", dependencies: [{runtime}])' for target in targets]
    if models_apart:
        declared += [f'.target(name: "ApartModels", dependencies: [{runtime}])',
                     f'.target(name: "Apart", dependencies: ["ApartModels", {runtime}])']
    with open(os.path.join(package, "Package.swift"), "w") as manifest:
        manifest.write(f"""// swift-tools-version:6.2
import PackageDescription
let package = Package(name: "CompileBench", platforms: [.macOS(.v14)],
    dependencies: [.package(name: "apigen", path: "{ROOT}")],
    targets: [{", ".join(declared)}])
""")


def bench_compile(apigen, spec, work, runs, with_floor=False, configuration="debug", baseline=None, filter_tags=None,
                  models_apart=False):
    """Generated code of `spec` in a scratch package: debug build time and peak RSS, the median
    of `runs` clean builds of the client (the runtime is built once, before). With `with_floor`,
    the floors of the same code (Scripts/compile_floor.py: the bare floor, the conformance floor
    and the synthesized floor) are built after each client build, so they alternate under the
    same machine load. SwiftPM's
    scheduling varies from build to build: on this 2-core machine a build now and then runs its
    two compile batches one after the other instead of side by side, so every build is printed.
    With `baseline` (from `prepare_baseline`), the client an earlier apigen generates for the same
    spec, against that apigen's own runtime, is built in turn with the others too. With
    `filter_tags`, the client of only those tags' operations (`--tag`) is one more target. With
    `models_apart`, the client with its models in a module of their own (`--models-module`) is
    built too, both modules at once, under the key "apart"."""
    package = os.path.join(work, "compile")
    sources = os.path.join(package, "Sources", "Client")
    filtered_sources = os.path.join(package, "Sources", "Filtered")
    apart = [os.path.join(package, "Sources", target) for target in ("Apart", "ApartModels")]
    for folder in [sources, filtered_sources] + [os.path.join(package, "Sources", target) for target, _ in FLOORS] + apart:
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder, exist_ok=True)
    write_manifest(package, ["Client", "Filtered"] + [target for target, _ in FLOORS], models_apart)
    _, _, _, output = run_measured([apigen, "generate", spec, "--output", sources, "--module", "Client"])
    if models_apart:
        run_measured([apigen, "generate", spec, "--output", apart[0], "--module", "Apart", "--models-module", "ApartModels"])
    for target, kind in FLOORS:
        compile_floor.write_floor(sources, os.path.join(package, "Sources", target), kind)
    filtered_output = ""
    if filter_tags:
        tag_arguments = [argument for tag in filter_tags for argument in ("--tag", tag)]
        _, _, _, filtered_output = run_measured([apigen, "generate", spec, "--output", filtered_sources, "--module", "Filtered"]
                                                + tag_arguments)
    else:
        with open(os.path.join(filtered_sources, "Empty.swift"), "w") as empty:
            empty.write("// Filled when the benchmark measures a filtered client (--filter-tags).\n")
    packages = {target: package for target in ["Client", "Filtered", "Apart"] + [target for target, _ in FLOORS]}
    if baseline:
        packages["Baseline"] = baseline_package(baseline, spec, work)
    print("  building the runtime first...", flush=True)
    for folder in set(packages.values()):
        subprocess.run(["swift", "build", "-c", configuration, "--target", "APIGenRuntime"], cwd=folder, check=True,
                       stdout=subprocess.DEVNULL)
    targets = (["Client"] + ([target for target, _ in FLOORS] if with_floor else []) + (["Baseline"] if baseline else [])
               + (["Filtered"] if filter_tags else []) + (["Apart"] if models_apart else []))
    measured = {target: ([], [], []) for target in targets}
    objects = {}
    for run in range(runs):
        for target in targets:
            # The modules this build compiles: the two-module client is two.
            products = [os.path.join(packages[target], ".build", configuration, f"{module}.build")
                        for module in [target] + (["ApartModels"] if target == "Apart" else [])]
            for folder in products:
                shutil.rmtree(folder, ignore_errors=True)
            # A touched manifest makes SwiftPM plan again; without it the removed output-file map is missed.
            os.utime(os.path.join(packages[target], "Package.swift"))
            cpu, wall, peak, _ = run_measured(["swift", "build", "-c", configuration, "--target", target], cwd=packages[target])
            objects[target] = sum(os.path.getsize(os.path.join(folder, name)) for module in products
                                  for folder, _, names in os.walk(module) for name in names if name.endswith(".o")) / 1e6
            print(f"  {target.lower()} build {run + 1}: {wall:.1f} s wall, {cpu:.1f} s CPU, {peak:.0f} MB", flush=True)
            for values, value in zip(measured[target], (wall, cpu, peak)):
                values.append(value)
    validate = subprocess.run([apigen, "validate", spec], capture_output=True, text=True).stdout
    counts = re.search(r"(\d+) operations, (\d+) schemas", validate)
    lines = int(re.search(r"files, (\d+) lines", output).group(1))
    operations, schemas = (int(counts.group(1)), int(counts.group(2))) if counts else (0, 0)
    walls, cpus, peaks = measured["Client"]
    result = {"wall": statistics.median(walls), "cpu": statistics.median(cpus), "rss": max(peaks), "walls": walls,
              "lines": lines, "operations": operations, "schemas": schemas, "objects": objects["Client"]}
    if with_floor:
        for target, key in FLOORS:
            walls, cpus, peaks = measured[target]
            result[key] = {"wall": statistics.median(walls), "cpu": statistics.median(cpus), "rss": max(peaks),
                           "objects": objects[target]}
    if filter_tags:
        walls, cpus, peaks = measured["Filtered"]
        result["filtered"] = {"wall": statistics.median(walls), "cpu": statistics.median(cpus), "rss": max(peaks),
                              "lines": int(re.search(r"files, (\d+) lines", filtered_output).group(1))}
    if models_apart:
        walls, cpus, peaks = measured["Apart"]
        result["apart"] = {"wall": statistics.median(walls), "cpu": statistics.median(cpus), "rss": max(peaks),
                           "objects": objects["Apart"]}
    if baseline:
        base_walls, base_cpus, base_peaks = measured["Baseline"]
        result["baseline"] = {"wall": statistics.median(base_walls), "cpu": statistics.median(base_cpus), "rss": max(base_peaks),
                              "lines": baseline_lines(os.path.join(packages["Baseline"], "Sources", "Baseline"))}
    return result


def prepare_baseline(revision, work):
    """An earlier apigen to compare generated code with: `revision` checked out beside the work
    folder (a git worktree) and its CLI built there. Returns (its apigen, its checkout)."""
    checkout = os.path.join(work, f"baseline-{revision}")
    if not os.path.isdir(checkout):
        subprocess.run(["git", "worktree", "add", "--detach", checkout, revision], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print(f"building apigen at {revision} (the baseline's generator)...", flush=True)
    subprocess.run(["swift", "build", "-c", "release", "--product", "apigen"], cwd=checkout, check=True, stdout=subprocess.DEVNULL)
    return os.path.join(checkout, ".build", "release", "apigen"), checkout


def baseline_package(baseline, spec, work):
    """A scratch package holding the baseline generator's client of `spec` as target Baseline,
    against the baseline's own runtime (the runtime's API moves with the generator)."""
    apigen, checkout = baseline
    package = os.path.join(work, "compile-baseline")
    sources = os.path.join(package, "Sources", "Baseline")
    shutil.rmtree(sources, ignore_errors=True)
    os.makedirs(sources)
    with open(os.path.join(package, "Package.swift"), "w") as manifest:
        manifest.write(f"""// swift-tools-version:6.2
import PackageDescription
let package = Package(name: "CompileBaseline", platforms: [.macOS(.v14)],
    dependencies: [.package(name: "apigen", path: "{checkout}")],
    targets: [.target(name: "Baseline", dependencies: [.product(name: "APIGenRuntime", package: "apigen")])])
""")
    run_measured([apigen, "generate", spec, "--output", sources, "--module", "Baseline"])
    return package


def baseline_lines(sources):
    return sum(sum(1 for _ in open(os.path.join(folder, name))) for folder, _, names in os.walk(sources)
               for name in names if name.endswith(".swift"))
