"""The compile floor of a generated client: the same type declarations with their stored
properties and the same function signatures, but no conformances and no bodies beyond
`fatalError()`. Building it the way the client is built gives the least any generator's output
for the spec could cost, so the client's build time reads as a ratio to it.

The transform reads apigen's own output, which its printer lays out one way: a declaration that
has a body ends its line (or its wrapped signature) with `{`, and the body ends with a `}` line
at the declaration's indent. `Sendable` is the one conformance kept, because the runtime's
`Request<Response: Sendable>` needs it and it is a marker with no code behind it; an enum keeps
its raw type, which its `case x = "x"` lines need. `Samples.swift` has no floor: its values are
decoded from JSON, which needs the conformances, so the client's samples count against it.

The synthesized floor (`--synthesized`) is the floor with the compiler's own `Codable` and
`Hashable` on every type of the models' files, and without apigen's model bodies: what models
written by hand with synthesized conformances would cost. It is the least a client whose models
are `Codable` and `Hashable` can cost however its bodies are written, so it bounds the ratio to the
bare floor from below.

The conformance floor (`--conformances`) is the floor with each struct's and enum's own
conformances kept (`APIModel`, `Identifiable`, `OpenEnum`, ...): the same declarations and the same
conformances with no body beyond `fatalError()`. What it costs above the bare floor is the
conformances themselves, which the models' API needs, whatever their bodies hold.

Usage: python3 Scripts/compile_floor.py [--conformances | --synthesized] SOURCE_DIR OUTPUT_DIR
"""

import os
import re
import sys

TYPE = re.compile(
    r"^(?P<head>\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|package|private|fileprivate|open|nonisolated|final|indirect)\s+)*)"
    r"(?P<kind>struct|enum|class|actor|extension)\s+(?P<name>[\w`.]+(?:<[^{:]*>)?)\s*(?::\s*(?P<inherits>[^{]*?))?\s*(?P<where>where [^{]*)?\{\s*$")
FUNCTION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|package|private|fileprivate|open|static|class|override|mutating|"
    r"nonmutating|nonisolated|final|convenience|required)\s+)*(?:func\s|init\W|init$|subscript\W|deinit\W)")
COMPUTED = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|package|private|fileprivate|open|static|class|override|nonisolated)\s+)*var\s+[^=]*\{\s*$")
CLOSURE_INITIALIZER = re.compile(r"^(?P<head>\s*.*\b(?:let|var)\s+[^=]*=\s*)(?P<callee>[^{]*)\{\s*$")
# The floors, by the name Scripts/bench reports them under.
KINDS = ("floor", "conformances", "synthesized")
# What the floor keeps of apigen's own conformance code, which the compiler's synthesized
# conformances replace: the coding bodies, the visitor that equality and hashing use, and the
# record of how a value was decoded.
APIGEN_CONFORMANCE = re.compile(
    r"^\s*(?:public init\(from decoder: any Decoder\) throws \{ fatalError\(\) \}|"
    r"public func encode\(to encoder: any Encoder\) throws \{ fatalError\(\) \}|#if !DEBUG|@inlinable|#endif|"
    r"public func _visitStoredValues<.*|private var keyPresence = KeyPresence\(\))\s*$")
RAW_TYPES = {"String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "UInt", "UInt64"}


def indent_of(line):
    return len(line) - len(line.lstrip(" "))


def kept_conformances(kind, declared, inherits):
    """What a type declared as `declared` (struct, enum, class, ...) keeps of its `inherits` in the
    floor of `kind`. A class keeps none (its overrides lose `override`); a struct or enum keeps
    `Sendable` and an enum its raw type, the conformance floor all of its own, and the synthesized
    floor adds the compiler's `Codable` and `Hashable`."""
    if declared not in ("struct", "enum"):
        return []
    if kind == "conformances" and inherits:
        return inherits
    kept = [item for item in inherits if item in RAW_TYPES] if declared == "enum" else []
    return kept + ["Sendable"] + (["Codable", "Hashable"] if kind == "synthesized" else [])


def floor_source(text, kind="floor"):
    """The floor of `kind` (one of KINDS) of one generated Swift file. The synthesized floor also
    leaves out apigen's own conformance code, which the compiler's conformances replace."""
    lines = text.split("\n")
    out = []
    index = 0
    while index < len(lines):
        line = lines[index]
        indent = indent_of(line)
        declaration = TYPE.match(line)
        if declaration:
            inherits = [item.strip() for item in (declaration.group("inherits") or "").split(",") if item.strip()]
            kept = kept_conformances(kind, declaration.group("kind"), inherits)
            clause = f": {', '.join(kept)}" if kept else ""
            where = f" {declaration.group('where').strip()}" if declaration.group("where") else ""
            out.append(f"{declaration.group('head')}{declaration.group('kind')} {declaration.group('name')}{clause}{where} {{")
            index += 1
            continue
        if FUNCTION.match(line) or COMPUTED.match(line) or CLOSURE_INITIALIZER.match(line):
            signature = [line]
            while not signature[-1].rstrip().endswith("{") and index + len(signature) < len(lines):
                if signature[-1].rstrip().endswith("}"):
                    break  # a one-line body: left as it is
                signature.append(lines[index + len(signature)])
            if not signature[-1].rstrip().endswith("{"):
                out.extend(signature)
                index += len(signature)
                continue
            index += len(signature)
            # A trailing closure keeps its parameters (`response, body, decoder in`), which its type needs.
            trailing = CLOSURE_INITIALIZER.match(line) and index < len(lines) and lines[index].rstrip().endswith(" in")
            parameters = lines[index].strip() + " " if trailing else ""
            while index < len(lines) and not (indent_of(lines[index]) == indent and lines[index].strip().startswith("}")):
                index += 1
            closing = lines[index].strip() if index < len(lines) else "}"
            last = signature[-1].rstrip()[:-1].rstrip()
            body = "{ fatalError() }()" if CLOSURE_INITIALIZER.match(line) and closing.startswith("}()") else f"{{ {parameters}fatalError() }}"
            signature[-1] = f"{last} {body}" if last.strip() else f"{last}{body}"
            out.extend(re.sub(r"\boverride\s+", "", part) for part in signature)
            index += 1
            continue
        out.append(line)
        index += 1
    if kind == "synthesized":
        out = [line for line in out if not APIGEN_CONFORMANCE.match(line)]
    return "\n".join(out)


# A hand-written model that contains itself boxes the property, as apigen's `Indirect` does; the
# box then needs Codable for the compiler to synthesize the model's own.
SYNTHESIZED_SUPPORT = """@_spi(Generated) import APIGenRuntime

extension Indirect: @retroactive Codable where Value: Codable {
    public init(from decoder: any Decoder) throws { self.init(try Value(from: decoder)) }
    public func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
"""


def write_floor(source_dir, output_dir, kind="floor"):
    """The floor of `kind` (one of KINDS) of every Swift file in `source_dir` (the synthesized
    floor changes only the models' files), written under the same names. A file whose floor is already there as it would be written is
    left alone, so that an incremental build of the floor recompiles only what changed. Returns
    the names written."""
    os.makedirs(output_dir, exist_ok=True)
    written = []
    for name in sorted(os.listdir(source_dir)):
        if name.endswith(".swift") and name != "Samples.swift":
            with open(os.path.join(source_dir, name)) as source:
                text = floor_source(source.read(), kind if kind != "synthesized" or name.startswith("Models") else "floor")
            path = os.path.join(output_dir, name)
            if os.path.exists(path):
                with open(path) as existing:
                    if existing.read() == text:
                        continue
            with open(path, "w") as output:
                output.write(text)
            written.append(name)
    support = os.path.join(output_dir, "SynthesizedSupport.swift")
    if kind == "synthesized" and not os.path.exists(support):
        with open(support, "w") as output:
            output.write(SYNTHESIZED_SUPPORT)
        written.append(os.path.basename(support))
    return written


if __name__ == "__main__":
    flags = [argument[2:] for argument in sys.argv[1:] if argument.startswith("--")]
    arguments = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    if len(arguments) != 2 or len(flags) > 1 or not set(flags) <= set(KINDS[1:]):
        sys.exit(__doc__)
    write_floor(arguments[0], arguments[1], flags[0] if flags else "floor")
