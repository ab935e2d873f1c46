"""The compile floors the benchmark measures clients against (Scripts/compile_floor.py) are what
they claim: the bare floor keeps no conformance but Sendable and no body but fatalError(), the
conformance floor keeps each model's own conformances and no more bodies than the bare floor, the
synthesized floor has the compiler's Codable and Hashable in place of apigen's conformance code,
and all three type-check for the generated clients in Generated/ (a floor that does not compile gives
no figure at all).

Run: .venv/bin/python -m unittest discover -s Scripts -p 'test_compile_floor.py' (from the
repository); the type-check runs after `swift build`, which writes the runtime's module.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(SCRIPTS)
sys.path.insert(0, SCRIPTS)

import compile_floor  # noqa: E402

GENERATED = os.path.join(ROOT, "Generated")
RUNTIME_MODULES = os.path.join(ROOT, ".build", "debug", "Modules")
APIGEN_CODE = re.compile(r"init\(from decoder|func encode\(to encoder|_visitStoredValues|keyPresence|PropertyReader|PropertyWriter")


class CompileFloorTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.folder)

    def floors(self, client):
        """The bare, conformance and synthesized floors of a generated client, in that order."""
        folders = []
        for kind in compile_floor.KINDS:
            folders.append(os.path.join(self.folder, kind))
            compile_floor.write_floor(os.path.join(GENERATED, client), folders[-1], kind)
        return folders

    def read(self, folder, name):
        with open(os.path.join(folder, name)) as source:
            return source.read()

    def test_the_bare_floor_keeps_declarations_without_conformances_or_bodies(self):
        bare, _, _ = self.floors("FeaturesAPI")
        models = self.read(bare, "Models.swift")
        self.assertNotIn("APIModel", models)
        self.assertNotIn("PropertyReader", models)
        self.assertIn("public init(from decoder: any Decoder) throws { fatalError() }", models)
        self.assertFalse(os.path.exists(os.path.join(bare, "Samples.swift")), "samples have no floor")

    def test_the_synthesized_floor_has_the_compilers_conformances_in_place_of_apigens(self):
        _, _, synthesized = self.floors("FeaturesAPI")
        models = self.read(synthesized, "Models.swift")
        declarations = re.findall(r"^\s*(?:public )?(?:nonisolated )?(?:indirect )?(?:struct|enum) \w+[^{\n]*\{$", models, re.M)
        self.assertGreater(len(declarations), 10)
        for declaration in declarations:
            self.assertIn("Codable, Hashable", declaration)
        self.assertIsNone(APIGEN_CODE.search(models), "apigen's own conformance code is left out")
        # A model that contains itself keeps its boxed property; the box gets a Codable of its own.
        self.assertIn("Indirect<", models)
        self.assertIn("extension Indirect", self.read(synthesized, "SynthesizedSupport.swift"))

    def test_the_conformance_floor_keeps_each_models_conformances_and_no_bodies(self):
        bare, conformances, _ = self.floors("FeaturesAPI")
        models, bare_models = self.read(conformances, "Models.swift"), self.read(bare, "Models.swift")
        self.assertIn(": APIModel", models)
        self.assertNotIn("PropertyReader", models)
        # The same lines as the bare floor but for the declarations' inheritance clauses.
        self.assertEqual(models.count("\n"), bare_models.count("\n"))
        self.assertEqual(models.count("fatalError()"), bare_models.count("fatalError()"))

    def test_every_floor_type_checks(self):
        if shutil.which("swiftc") is None or not os.path.isdir(RUNTIME_MODULES):
            self.skipTest(f"needs swiftc and the runtime's module in {RUNTIME_MODULES} (swift build)")
        for client in ("FeaturesAPI", "HostileAPI", "PetstoreAPI"):
            for floor in self.floors(client):
                sources = sorted(os.path.join(floor, name) for name in os.listdir(floor) if name.endswith(".swift"))
                result = subprocess.run(["swiftc", "-typecheck", "-swift-version", "6", "-I", RUNTIME_MODULES,
                                         "-module-name", "Floor", *sources], capture_output=True, text=True)
                errors = [line for line in result.stderr.splitlines() if "error:" in line]
                self.assertEqual(result.returncode, 0, f"{client}, {os.path.basename(floor)}: {errors[:5]}")
            shutil.rmtree(self.folder)
            os.makedirs(self.folder)


if __name__ == "__main__":
    unittest.main()
