"""The `apigen` executable's small-block malloc (Sources/CShortRunHeap/small_blocks.c) keeps
malloc's promises: Tests/SmallBlocks/small_blocks_check.c, linked with it as the executable is,
checks alignment, usable sizes, non-overlapping live blocks, calloc's zeros on reused blocks,
realloc across size classes, aligned allocations and frees from other threads.

Run: python3 -m unittest discover -s Scripts -p 'test_small_blocks.py' (from the repository).
Skips where there is no C compiler or the C library is not glibc (the file defines nothing there).
"""
import os
import platform
import shutil
import subprocess
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALLOCATOR = os.path.join(ROOT, "Sources", "CShortRunHeap", "small_blocks.c")
CHECK = os.path.join(ROOT, "Tests", "SmallBlocks", "small_blocks_check.c")


@unittest.skipUnless(platform.system() == "Linux" and platform.libc_ver()[0] == "glibc", "the small-block malloc is glibc's replacement")
@unittest.skipUnless(shutil.which("cc"), "no C compiler")
class SmallBlocksTests(unittest.TestCase):
    def test_keeps_mallocs_promises(self):
        with tempfile.TemporaryDirectory() as folder:
            binary = os.path.join(folder, "small_blocks_check")
            for flags in (["-O0"], ["-O2"]):
                subprocess.run(["cc", *flags, "-Wall", "-Werror", "-pthread", "-o", binary, CHECK, ALLOCATOR, "-ldl"], check=True)
                result = subprocess.run([binary], capture_output=True, text=True, timeout=60)
                self.assertEqual(result.returncode, 0, f"{flags}: {result.stdout}{result.stderr}")
                self.assertIn("small_blocks_check: ok", result.stdout)


if __name__ == "__main__":
    unittest.main()
