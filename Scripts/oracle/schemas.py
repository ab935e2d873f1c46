"""OpenAPI schemas as JSON Schema, for the conformance oracle's independent tools.

`SpecDocuments` loads a spec's files (YAML or JSON, relative `$ref`s across files) and resolves
locations written as `<file>#<pointer>`. `Dialect` turns the OpenAPI schema found there into
JSON Schema 2020-12:
- 3.0 and Swagger 2.0: `nullable: true` / `x-nullable: true` → `null` allowed (in `type`, in `enum`,
  or as `anyOf [schema, null]` where there is no `type`); boolean `exclusiveMinimum` /
  `exclusiveMaximum` → the number form; Swagger's `type: file` → string;
- every version: `required: true|false` (draft 3's form, a Swagger 2.0 parameter's) is dropped, as
  the generator drops it;
- every version: a schema with `properties` or `required` and no `type` is an object, as OpenAPI
  tools read it (JSON Schema alone would allow any value there);
- every version: annotations and vendor keys that are not JSON Schema are dropped (`example`,
  `discriminator`, `xml`, `externalDocs`, `x-*`), but a union's discriminator mapping is kept
  for generation (`mapped_values`); a `$ref` with siblings becomes `allOf`;
- 3.1: 2019-09's `$recursiveRef: '#'` → a `$ref` to the enclosing schema with `$recursiveAnchor`;
- integers get the bounds of their format (`int32`), and 64 bits where none is given: the range
  every wire format in these APIs uses (a larger value is out of contract, not data to keep).

Two forms come out: `bundle` keeps every `$ref` (as `#/$defs/<n>`) for validation with jsonschema;
`expansions` inline references for hypothesis-jsonschema, which cannot follow recursive ones
(oracle/expansion.py): a reference already open twice on the path is replaced by `false`, so
generated instances nest a few levels and then stop where the schema lets them (an optional
property left out, an empty array).
"""
import json
import os
import re
from urllib.parse import unquote

import yaml

try:
    BaseLoader = yaml.CSafeLoader
except AttributeError:  # PyYAML without libyaml
    BaseLoader = yaml.SafeLoader


class YAMLLoader(BaseLoader):
    """YAML as specs are read (YAML 1.2's core schema): `1e-08` is a number, where PyYAML's
    YAML 1.1 rules read text, and a bound such as `minimum: 1e-08` would break the validator;
    `off`, `on`, `yes` and `no` are text (DigitalOcean's droplet status `off`), where YAML 1.1
    reads booleans."""


BOOL = "tag:yaml.org,2002:bool"
YAMLLoader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag != BOOL]
    for first, resolvers in BaseLoader.yaml_implicit_resolvers.items()}
YAMLLoader.add_implicit_resolver(BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))

YAMLLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float", re.compile(r"^[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)[eE][-+]?[0-9]+$"), list("-+0123456789."))

KEYWORDS = {
    "type", "enum", "const", "format", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
    "maxLength", "minLength", "pattern", "items", "prefixItems", "additionalItems", "maxItems", "minItems",
    "uniqueItems", "contains", "maxContains", "minContains", "properties", "patternProperties", "additionalProperties",
    "required", "maxProperties", "minProperties", "propertyNames", "dependentRequired", "dependentSchemas",
    "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$ref", "$defs", "definitions", "unevaluatedProperties",
    "unevaluatedItems", "contentEncoding", "contentMediaType", "nullable", "x-nullable", "readOnly", "writeOnly",
}
SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
SCHEMA_VALUES = ("items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
                 "additionalItems", "unevaluatedProperties", "unevaluatedItems")
INT_BOUNDS = {"int32": (-2**31, 2**31 - 1), "int64": (-2**63, 2**63 - 1), None: (-2**63, 2**63 - 1)}
MAX_EXPANDED_NODES = 8_000
# Canonical base64 only: the unused bits of the last character are zero, so that text and bytes
# are one to one (`ABC==` and `ABA==` are the same bytes; the clients write the second).
# Where a converted union keeps its discriminator's mapping (`mapped_values`); JSON Schema tools
# ignore a key they do not know.
SELECTS = "x-oracle-discriminator"
BASE64 = r"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$"


class Unsupported(Exception):
    """A schema the oracle cannot express; reported as skipped with this reason."""


def pointer_tokens(pointer):
    return [unquote(token).replace("~1", "/").replace("~0", "~") for token in pointer.split("/")[1:]] if pointer else []


def text_keys(node):
    """YAML reads `200:` as the integer 200, where a JSON pointer (`/responses/200`) and apigen
    name it by its text: every mapping key as text, as JSON has them."""
    if isinstance(node, dict):
        return {str(key) if not isinstance(key, bool) else ("true" if key else "false"): text_keys(value)
                for key, value in node.items()}
    if isinstance(node, list):
        return [text_keys(item) for item in node]
    return node


# The location every reference to a URL stands for: an unconstrained schema.
REMOTE = "<remote>"


class SpecDocuments:
    def __init__(self, entry):
        self.entry = os.path.realpath(entry)
        self.root = os.path.dirname(self.entry)
        self.documents = {}
        self.version = self.load(os.path.basename(self.entry)).get("openapi") or "swagger 2.0"
        self.is31 = str(self.version).startswith(("3.1", "3.2"))

    def load(self, relative):
        if relative == REMOTE:
            return {}
        if relative not in self.documents:
            with open(os.path.join(self.root, relative), encoding="utf-8") as handle:
                text = handle.read()
            self.documents[relative] = json.loads(text) if relative.endswith(".json") else text_keys(yaml.load(text, Loader=YAMLLoader))
        return self.documents[relative]

    def resolve(self, location):
        """(file, pointer, node) for `file#pointer`."""
        relative, _, pointer = location.partition("#")
        node = self.load(relative)
        if relative == REMOTE:
            return relative, pointer, node
        for token in pointer_tokens(pointer):
            node = node[int(token)] if isinstance(node, list) else node[token]
        return relative, pointer, node

    def reference(self, base_file, ref):
        """The location a `$ref` written in `base_file` points at."""
        target, _, pointer = ref.partition("#")
        if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", target):
            # A URL (Square's `https://…/common.json#squareup.common.String`): the client never
            # fetches one and reads the value as free-form, so the oracle reads it unconstrained.
            return f"{REMOTE}#"
        if target:
            relative = os.path.normpath(os.path.join(os.path.dirname(base_file), unquote(target)))
        else:
            relative = base_file
        return f"{relative}#{pointer}"


class Dialect:
    """Converts the schemas of one spec; both forms share one table of definitions."""

    def __init__(self, documents):
        self.documents = documents
        self.definitions = {}  # location → (name in $defs, converted schema with $refs)
        self.locations = {}  # name in $defs → location
        self.open = []  # (location, node) of the definitions being converted, outermost first
        self.reached = {}  # name in $defs → the names its references reach (oracle/expansion.py)

    def bundle(self, location):
        """JSON Schema for validation: the schema, with every schema it references under `$defs`."""
        root = self.definition(location)
        pending, seen = [location], {location}
        while pending:
            current = pending.pop()
            for ref in self.references(self.definitions[current][1]):
                if ref not in seen:
                    seen.add(ref)
                    self.definition(ref)
                    pending.append(ref)
        schema = dict(self.definitions[location][1]) if isinstance(root, dict) else root
        if isinstance(schema, dict):
            schema["$defs"] = {self.definitions[ref][0]: self.definitions[ref][1] for ref in seen}
        return schema

    def expanded(self, location, undeclared_keys=False):
        """The fullest of `expansions`."""
        return self.expansions(location, undeclared_keys)[0][0]

    def expansions(self, location, undeclared_keys=False):
        """The schema at `location` with its references inlined, for generation (oracle/expansion.py)."""
        from oracle.expansion import Expansion
        self.bundle(location)  # converts every definition the schema reaches
        return Expansion(self).expansions(location, undeclared_keys)

    def referenced(self, location):
        """The location a schema that is only a `$ref` stands for (followed through), else itself."""
        seen = {location}
        while True:
            schema = self.definition(location)
            if not (isinstance(schema, dict) and set(schema) == {"$ref"}):
                return location
            location = self.locations[schema["$ref"][len("#/$defs/"):]]
            if location in seen:
                return location
            seen.add(location)

    def definition(self, location):
        if location not in self.definitions:
            name = f"d{len(self.definitions)}"
            self.definitions[location] = (name, True)  # placeholder: recursion stops here
            self.locations[name] = location
            try:
                file, pointer, node = self.documents.resolve(location)
            except (KeyError, IndexError):
                # A reference to a schema the spec does not have: free-form, as the client reads it.
                file, pointer, node = location.partition("#")[0], location.partition("#")[2], {}
            if isinstance(node, dict) and "responses" in node and not self.documents.version.startswith("3"):
                node = self.form_body(node, file, pointer)
            self.open.append((location, node))
            try:
                self.definitions[location] = (name, self.convert(node, file))
            finally:
                self.open.pop()
        return self.definitions[location][1]

    def form_body(self, operation, file, pointer):
        """Swagger 2.0: the object the client builds from an operation's `formData` parameters
        (and its path's), which has no schema of its own in the spec."""
        _, _, path_item = self.documents.resolve(f"{file}#{pointer.rsplit('/', 1)[0]}")
        parameters = {}
        for parameter in path_item.get("parameters", []) + operation.get("parameters", []):
            if "$ref" in parameter:
                _, _, parameter = self.documents.resolve(self.documents.reference(file, parameter["$ref"]))
            if parameter.get("in") == "formData":
                parameters[parameter["name"]] = parameter  # the operation's own win over its path's
        properties = {}
        for name, parameter in parameters.items():
            schema = {key: value for key, value in parameter.items() if key in KEYWORDS and key != "required"}
            properties[name] = {"type": "string", "format": "binary"} if schema.get("type") == "file" else schema
        required = [name for name, parameter in parameters.items() if parameter.get("required") is True]
        if not properties:
            raise Unsupported("an operation without a body schema or formData parameters")
        return {"type": "object", "properties": properties, **({"required": required} if required else {})}

    def mapped_values(self, node, converted, file):
        """For a union whose discriminator maps values to its alternatives: the property and, per
        alternative, the values the mapping sends to it (None where it sends none). The mapping
        is the spec's word on which alternative a value is (OpenAPI: it resolves the ambiguity of
        alternatives a value could match; DigitalOcean's actions share one `type` enum of every
        action, so `{type: assign}` matches the unassign alternative too), and the client decodes
        by it; instances are drawn to agree with it (oracle/expansion.py)."""
        discriminator = node.get("discriminator")
        union = next((key for key in ("oneOf", "anyOf") if isinstance(converted.get(key), list)), None)
        if not isinstance(discriminator, dict) or union is None or not isinstance(discriminator.get("mapping"), dict):
            return None
        values = {}
        for value, target in discriminator["mapping"].items():
            if isinstance(target, str):
                if "#" not in target and "/" not in target and not target.endswith((".yaml", ".yml", ".json")):
                    target = f"#/{'components/schemas' if self.documents.version.startswith('3') else 'definitions'}/{target}"
                ref = self.convert({"$ref": target}, file).get("$ref")
                values.setdefault(ref, []).append(str(value))
        chosen = [values.get(member.get("$ref")) if isinstance(member, dict) else None for member in converted[union]]
        if not any(chosen) or not isinstance(discriminator.get("propertyName"), str):
            return None
        return {"property": discriminator["propertyName"], "union": union, "values": chosen}

    def recursive_ref(self, node, file):
        """2019-09's `$recursiveRef: '#'`, which 2020-12 (OpenAPI 3.1's dialect) no longer knows and
        would ignore (so `{}`, any value): a `$ref` to the innermost schema being converted that
        declares `$recursiveAnchor: true`, else to the innermost one, as the generator reads it."""
        anchored = [location for location, open_node in self.open
                    if isinstance(open_node, dict) and open_node.get("$recursiveAnchor") is True]
        target = anchored[-1] if anchored else self.open[-1][0]
        ref = {"$ref": f"#/$defs/{self.definitions[target][0]}"}
        siblings = {key: value for key, value in node.items() if key in KEYWORDS}
        return {"allOf": [ref, self.convert(siblings, file)]} if siblings else ref

    def references(self, node):
        if isinstance(node, dict):
            if "$ref" in node:
                yield self._location_of(node["$ref"])
            for key, value in node.items():
                if key in SCHEMA_LISTS:
                    for item in value:
                        yield from self.references(item)
                elif key in SCHEMA_MAPS:
                    for item in value.values():
                        yield from self.references(item)
                elif key in SCHEMA_VALUES:
                    yield from self.references(value)

    def _location_of(self, converted_ref):
        return self.locations[converted_ref[len("#/$defs/"):]]

    def convert(self, node, file):
        if isinstance(node, bool):
            return node
        if not isinstance(node, dict):
            raise Unsupported(f"a schema that is a {type(node).__name__}")
        if "$ref" in node:
            target = self.documents.reference(file, node["$ref"])
            self.definition(target)
            ref = {"$ref": f"#/$defs/{self.definitions[target][0]}"}
            siblings = {key: value for key, value in node.items() if key in KEYWORDS and key != "$ref"}
            if siblings and self.documents.is31:
                return {"allOf": [ref, self.convert(siblings, file)]}
            if siblings.get("nullable") is True or siblings.get("x-nullable") is True:
                return {"anyOf": [ref, {"type": "null"}]}
            return ref
        if node.get("$recursiveRef") == "#":
            return self.recursive_ref(node, file)
        out = {}
        for key, value in node.items():
            if key not in KEYWORDS or key in ("nullable", "x-nullable", "readOnly", "writeOnly"):
                continue
            if key == "items" and isinstance(value, list):
                # Draft 4's tuple (Slack writes it), spelled as 2020-12 spells it.
                out["prefixItems"] = [self.convert(item, file) for item in value]
            elif key in SCHEMA_LISTS:
                out[key] = [self.convert(item, file) for item in value]
            elif key in SCHEMA_MAPS:
                base = file
                if isinstance(value, dict) and isinstance(value.get("$ref"), str):
                    # A map written as a reference (DigitalOcean shares property maps so): followed,
                    # as the generator follows it (with a warning), its references read from its file.
                    base, _, value = self.documents.resolve(self.documents.reference(file, value["$ref"]))
                out["$defs" if key == "definitions" else key] = {name: self.convert(item, base) for name, item in value.items()}
            elif key in SCHEMA_VALUES and isinstance(value, (dict, bool)):
                out[key] = self.convert(value, file)
            elif key == "type" and value == "file":
                out[key] = "string"
            elif key == "required" and not isinstance(value, list):
                continue  # draft 3's `required: true` on a property (a Swagger parameter's too): the list form counts
            else:
                out[key] = value
        if not self.documents.is31:
            for bound, limit in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
                if out.get(bound) is True and limit in out:
                    out[bound] = out.pop(limit)
                elif isinstance(out.get(bound), bool):
                    out.pop(bound)
        # OpenAPI tools (and the generator) read an object's or an array's keywords as its type;
        # JSON Schema alone would allow any value of another type.
        if "type" not in out and any(key in out for key in ("properties", "required", "additionalProperties", "patternProperties")):
            out["type"] = "object"
        elif "type" not in out and (isinstance(out.get("items"), dict) or "prefixItems" in node):
            out["type"] = "array"  # a list of `items` is a draft-04 tuple, which any value passes
        types = out.get("type")
        if out.get("format") in ("byte", "binary") and (types == "string" or (isinstance(types, list) and "string" in types)):
            # OpenAPI's `byte` is base64; `binary` inside JSON can only be text too, and the clients
            # read both as base64 `Data`. JSON Schema knows neither format: say it with a pattern.
            out.setdefault("pattern", BASE64)
        if types == "integer" or (isinstance(types, list) and "integer" in types):
            low, high = INT_BOUNDS.get(out.get("format"), INT_BOUNDS[None])
            out["minimum"] = max(out.get("minimum", low), low)
            out["maximum"] = min(out.get("maximum", high), high)
        selects = self.mapped_values(node, out, file)
        if selects:
            out[SELECTS] = selects
        if node.get("nullable") is True or node.get("x-nullable") is True:
            if "enum" in out and None not in out["enum"]:
                out["enum"] = out["enum"] + [None]
            if isinstance(types, str):
                out["type"] = [types, "null"]
            elif isinstance(types, list) and "null" not in types:
                out["type"] = types + ["null"]
            elif types is None:
                out = {"anyOf": [out, {"type": "null"}]}
        return out
