"""Instances for the round trip, and how a round trip's result is compared with its instance.

Instances come from hypothesis-jsonschema (an independent generator), seeded, so a run is
repeatable; each is then checked with jsonschema (Draft 2020-12, formats checked) against the
bundled schema. Deliberate edge values are added: every value of an enum and one value it does
not list (generated clients keep unknown values; that one is not valid, and is marked so).

Comparison, after this normalisation and nothing else: object keys in any order; numbers by value
(1 and 1.0 are equal, a boolean is never a number; where either side is written as a float, as
the 64-bit floats JSON parsers read); two strings that are both RFC 3339
date-times are equal when they name the same instant to the resolution of the client's type for
them, Foundation's Date: a 64-bit float of seconds since 2001, so about 0.1 µs this century and
30 µs in the year 9000 (plus the microsecond the client writes).
"""
import datetime
import json
import math
import re
import warnings

import jsonschema
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis.errors import HypothesisException
from hypothesis_jsonschema import from_schema

from oracle.schemas import Unsupported

UNKNOWN_STRING = "apigen-unknown-value"
UNKNOWN_INTEGER = 987_654_321
DATE_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")


def custom_formats():
    """Strategies for the formats jsonschema checks and hypothesis-jsonschema cannot generate:
    without them every instance of a schema with a `uuid` would be rejected, and the schema
    skipped."""
    from hypothesis import strategies

    return {"uuid": strategies.uuids().map(str)}


class OutOfTime(BaseException):
    """Raised by the caller's timer: ends the whole generation, fallbacks included. Not an
    `Exception`: hypothesis takes one raised inside a draw for a failing example and goes on
    drawing, which would leave the generation unbounded."""


def generate(expanded, count, seed_value):
    """Up to `count` distinct instances of the expanded schema, the same for the same seed.
    hypothesis-jsonschema draws a `oneOf` by filtering, which can reject every draw; where it
    finds none, each alternative (with the schema's other keywords) is drawn on its own, and
    the caller's validation keeps those that meet exactly one."""
    try:
        return generate_from(expanded, count, seed_value)
    except Unsupported:
        parts = alternatives(expanded)
        if not parts:
            raise
    found = generate_by_alternatives(parts, count, seed_value)
    if not found:
        return generate_from(expanded, count, seed_value)  # raises its own reason again
    return found


def generate_by_alternatives(parts, count, seed_value):
    """Instances of each of `parts` (`alternatives`), a share of `count` each; those that fail
    give none."""
    found = []
    for part in parts:
        try:
            found += generate_from(part, max(1, count // len(parts)), seed_value)
        except Unsupported:
            continue
    return found


def alternatives(expanded, depth=0):
    """The schema once for each alternative of its first `oneOf` (its own, or a property's or an
    allOf part's within a few levels), each alternative with its schema's other keywords."""
    if not isinstance(expanded, dict) or depth > 3:
        return []
    members = expanded.get("oneOf")
    if isinstance(members, list) and len(members) > 1:
        rest = {key: value for key, value in expanded.items() if key != "oneOf"}
        return [{"allOf": [rest, member]} if rest else member for member in members]
    for name, value in (expanded.get("properties") or {}).items():
        variants = alternatives(value, depth + 1)
        if variants:
            return [{**expanded, "properties": {**expanded["properties"], name: variant}} for variant in variants]
    # A property of an allOf part is one of the object's (OpenSearch's ScriptQuery: allOf
    # [QueryBase, {script: oneOf [...]}]).
    parts = expanded.get("allOf")
    for index, part in enumerate(parts if isinstance(parts, list) else []):
        variants = alternatives(part, depth + 1)
        if variants:
            return [{**expanded, "allOf": parts[:index] + [variant] + parts[index + 1:]} for variant in variants]
    return []


def generate_from(expanded, count, seed_value):
    found, keys = [], set()
    try:
        strategy = from_schema(expanded, custom_formats=custom_formats())
    except OutOfTime:
        raise
    except (HypothesisException, Exception) as error:  # canonicalisation rejects what it cannot express
        raise Unsupported(f"hypothesis-jsonschema: {type(error).__name__}: {short(str(error))}")

    @seed(seed_value)
    @settings(max_examples=count, database=None, phases=[Phase.generate], deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(instance):
        key = canonical(instance)
        if key not in keys:
            keys.add(key)
            found.append(instance)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            collect()
        except OutOfTime:
            if not found:
                raise
            return found  # what was drawn in time is as valid as a full set
        except Unsupported:
            raise
        except Exception as error:  # hypothesis-jsonschema's own failures (assertions on odd keywords) too
            if not found:
                raise Unsupported(f"no instance can be generated: {type(error).__name__}: {short(str(error))}")
    return found


def edge_values(schema):
    """(instance, valid) pairs for an enum schema: each listed value, then one that is not listed."""
    values = schema.get("enum") if isinstance(schema, dict) else None
    if not values:
        return []
    edges = [(value, True) for value in values if value is not None]
    if all(isinstance(value, str) for value in values if value is not None):
        edges.append((UNKNOWN_STRING, False))
    elif all(isinstance(value, int) and not isinstance(value, bool) for value in values if value is not None):
        edges.append((UNKNOWN_INTEGER, False))
    return edges


def validator(bundle):
    return jsonschema.Draft202012Validator(bundle, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


def first_error(check, instance):
    error = next(iter(check.iter_errors(instance)), None)
    return None if error is None else f"{'/'.join(map(str, error.absolute_path)) or '$'}: {short(error.message)}"


def canonical(value):
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def difference(expected, actual, path="$"):
    """None when `actual` is `expected` after normalisation; else where and how they differ."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in expected:
            if key not in actual:
                return f"{path}.{key}: lost (was {short(canonical(expected[key]))})"
        for key in actual:
            if key not in expected:
                return f"{path}.{key}: added ({short(canonical(actual[key]))})"
        for key in expected:
            found = difference(expected[key], actual[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return f"{path}: {len(expected)} items became {len(actual)}"
        for index, (left, right) in enumerate(zip(expected, actual)):
            found = difference(left, right, f"{path}[{index}]")
            if found:
                return found
        return None
    if is_number(expected) and is_number(actual):
        return None if same_number(expected, actual) else f"{path}: {expected!r} became {actual!r}"
    if isinstance(expected, str) and isinstance(actual, str) and expected != actual:
        if same_instant(expected, actual):
            return None
    if type(expected) is type(actual) and expected == actual:
        return None
    return f"{path}: {short(canonical(expected))} became {short(canonical(actual))}"


def same_number(left, right):
    """Equal values; where either is written as a float, equal as the 64-bit floats JSON parsers
    read them as (`4.588683414837665e+16` and `45886834148376650` are the same double)."""
    if left == right:
        return True
    if isinstance(left, float) or isinstance(right, float):
        try:
            return float(left) == float(right)
        except OverflowError:
            return False
    return False


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def same_instant(left, right):
    if not (DATE_TIME.match(left) and DATE_TIME.match(right)):
        return False
    try:
        difference = abs(instant(left) - instant(right)) / datetime.timedelta(microseconds=1) * 1e-6
        seconds = abs((instant(left) - REFERENCE_DATE).total_seconds())
    except (ValueError, OverflowError):
        return False
    return difference <= 2 * math.ulp(seconds) + 0.5e-6


REFERENCE_DATE = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)


def instant(text):
    text = text.replace("t", "T").replace(" ", "T").replace("z", "Z").replace("Z", "+00:00")
    date, _, rest = text.partition("T")
    clock, sign, offset = re.match(r"([^+-]+)([+-])(.*)", rest).groups()
    if "." in clock:  # Python reads microseconds: digits beyond them are not compared
        whole, fraction = clock.split(".")
        clock = f"{whole}.{(fraction + '000000')[:6]}"
    return datetime.datetime.fromisoformat(f"{date}T{clock}{sign}{offset}")


def short(text, width=160):
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[:width - 1] + "…"


def stray_key(instance, schema, path="$"):
    """Where a value of a union carries a key that no member it matches declares (an `anyOf`
    value matching one member, holding a key of another, or a key an open member left free), or
    None. Such a key is an undeclared extra for the members the value matches, which models leave
    out by design, as they leave out any undeclared key: the instance says nothing of the client."""
    if not isinstance(schema, dict):
        return None
    parts = all_parts(schema)
    alternatives = alternatives_of(parts)
    matched = [member for member in alternatives if jsonschema.Draft202012Validator(member).is_valid(instance)]
    if isinstance(instance, list):
        return stray_key_in_items(instance, parts + matched, path)
    if not isinstance(instance, dict):
        return None
    own = set().union(*(declared_names(part) for part in parts + matched))
    open_ended = any(allows_other_keys(part) for part in parts + matched)
    for key in instance:
        if alternatives and key not in own and not open_ended:
            return f"{path}.{key}"
    for part in parts + matched:
        declared = part.get("properties") or {}
        for key, value in declared.items():
            found = stray_key(instance[key], value, f"{path}.{key}") if key in instance else None
            if found:
                return found
        # A map's values (a map of unions: polaris' Metrics) are walked like properties.
        extra = part.get("additionalProperties")
        for key in (instance if isinstance(extra, dict) else []):
            found = stray_key(instance[key], extra, f"{path}.{key}") if key not in declared else None
            if found:
                return found
    return None


def all_parts(schema, depth=0):
    """The schema and its allOf members, theirs in turn (OpenSearch's AverageAggregation is an
    allOf of an allOf whose part is an anyOf of a `field` object and a `script` object)."""
    parts = [schema]
    if depth < 16:
        for member in schema.get("allOf", []):
            if isinstance(member, dict):
                parts += all_parts(member, depth + 1)
    return parts


def stray_key_in_items(instance, parts, path):
    """The first stray key of an array's elements, each walked against the element schemas of
    every part the array matches (`items`, `prefixItems`): an array can be one alternative of a
    union (qdrant's Filter.should: anyOf [Condition, [Condition]])."""
    for index, element in enumerate(instance):
        for part in parts:
            prefix = part.get("prefixItems") or []
            items = prefix[index] if index < len(prefix) else part.get("items")
            found = stray_key(element, items, f"{path}[{index}]") if isinstance(items, dict) else None
            if found:
                return found
    return None


def alternatives_of(parts):
    """The anyOf and oneOf members of `parts`, and theirs in turn (a union of unions)."""
    found = []
    for part in parts:
        for key in ("anyOf", "oneOf"):
            for member in part.get(key, []):
                if isinstance(member, dict):
                    found += [member] + alternatives_of([member])
    return found


def allows_other_keys(schema):
    """Whether a schema says keys it does not declare are data (`additionalProperties`,
    `patternProperties`): such a key is then no stray."""
    return "patternProperties" in schema or schema.get("additionalProperties") not in (None, False)


def declared_names(schema):
    """The property names a schema and its allOf parts declare."""
    if not isinstance(schema, dict):
        return set()
    names = set((schema.get("properties") or {}).keys())
    for part in schema.get("allOf", []):
        names |= declared_names(part)
    return names
