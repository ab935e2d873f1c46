"""The oracle's own reading of specs: what it reads wrong would hide a schema from every figure.

Run: .venv/bin/python -m unittest discover -s Scripts/oracle -p 'test_*.py' (from the repository).
"""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import yaml  # noqa: E402

from oracle import instances  # noqa: E402
from oracle.expansion import closed  # noqa: E402
from oracle.schemas import Dialect, SpecDocuments, YAMLLoader  # noqa: E402


def write(folder, name, text):
    path = os.path.join(folder, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as file:
        file.write(text)
    return path


def one_schema(folder, name, schema):
    """(validator, expansion) of the one schema of a spec written to `folder`."""
    entry = write(folder, "spec.yaml", yaml.safe_dump(
        {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": {name: schema}}}))
    dialect = Dialect(SpecDocuments(entry))
    location = f"spec.yaml#/components/schemas/{name}"
    return instances.validator(dialect.bundle(location)), dialect.expanded(location)


class ReadingTests(unittest.TestCase):
    def test_a_one_of_hypothesis_cannot_draw_is_drawn_alternative_by_alternative(self):
        def chunk(key):
            return {"type": "object", "properties": {"type": {"type": "string", "const": key}, key: {"type": "string"}},
                    "required": [key], "additionalProperties": False, "propertyNames": {"enum": [key, "type"]}}
        union = {"oneOf": [chunk("text"), chunk("image"), chunk("audio")], "propertyNames": {"enum": ["text", "image", "audio", "type"]}}
        with self.assertRaises(Exception):
            instances.generate_from(union, 20, 1)  # the blind spot this works around
        for schema in (union, {"type": "object", "required": ["data"], "properties": {"data": union}}):
            generated = instances.generate(schema, 20, 1)
            check = instances.validator(schema)
            valid = [value for value in generated if instances.first_error(check, value) is None]
            self.assertGreaterEqual(len(valid), 10, generated)

    def test_uuids_are_generated_as_uuids(self):
        schema = {"type": "object", "required": ["id"], "properties": {"id": {"type": "string", "format": "uuid"}}}
        generated = instances.generate(schema, 10, 1)
        check = instances.validator(schema)
        self.assertTrue(generated)
        self.assertEqual([instances.first_error(check, value) for value in generated], [None] * len(generated))

    def test_a_boolean_required_is_not_a_list_of_names(self):
        with tempfile.TemporaryDirectory() as folder:
            entry = write(folder, "spec.yaml", """swagger: '2.0'
info: {title: T, version: '1'}
paths:
  /env:
    get:
      parameters:
        - {name: scope, in: query, required: false, type: string, enum: [builds, runtime]}
      responses: {'200': {description: ok}}
""")
            dialect = Dialect(SpecDocuments(entry))
            location = "spec.yaml#/paths/~1env/get/parameters/0"
            self.assertNotIn("required", dialect.expanded(location))
            generated = instances.generate(dialect.expanded(location), 5, 1)
            self.assertTrue(generated and all(value in ("builds", "runtime") for value in generated), generated)

    def test_exponents_are_numbers_as_yaml_1_2_reads_them(self):
        read = yaml.load("low: 1e-08\nhigh: 1.0e+5\ntext: '1e-08'\ncode: 200\n", Loader=YAMLLoader)
        self.assertEqual(read, {"low": 1e-08, "high": 100000.0, "text": "1e-08", "code": 200})

    def test_only_true_and_false_are_booleans_as_yaml_1_2_reads_them(self):
        read = yaml.load("enum: [new, off, on, yes, no, 'true']\nflag: true\nother: False\n", Loader=YAMLLoader)
        self.assertEqual(read, {"enum": ["new", "off", "on", "yes", "no", "true"], "flag": True, "other": False})

    def test_a_bound_written_with_an_exponent_is_checked(self):
        with tempfile.TemporaryDirectory() as folder:
            entry = write(folder, "spec.yaml", """openapi: 3.0.3
info: {title: T, version: '1'}
paths: {}
components:
  schemas:
    Rate: {type: number, minimum: 1e-08}
""")
            check = instances.validator(Dialect(SpecDocuments(entry)).bundle("spec.yaml#/components/schemas/Rate"))
            self.assertIsNone(instances.first_error(check, 0.5))
            self.assertIsNotNone(instances.first_error(check, 0))

    def test_a_map_or_list_without_a_type_is_read_as_one(self):
        with tempfile.TemporaryDirectory() as folder:
            entry = write(folder, "spec.yaml", """openapi: 3.0.3
info: {title: T, version: '1'}
paths: {}
components:
  schemas:
    Providers: {additionalProperties: {type: integer}}
    Names: {items: {type: string}}
    Pair: {items: [{type: string}, {type: 'null'}]}
""")
            dialect = Dialect(SpecDocuments(entry))
            providers = instances.validator(dialect.bundle("spec.yaml#/components/schemas/Providers"))
            self.assertIsNone(instances.first_error(providers, {"a": 1}))
            self.assertIsNotNone(instances.first_error(providers, 1.5))
            names = instances.validator(dialect.bundle("spec.yaml#/components/schemas/Names"))
            self.assertIsNotNone(instances.first_error(names, "text"))
            # Slack's `items: [A, null]` (a draft-04 tuple) constrains only arrays, as the
            # generator reads it too (a free-form value).
            tuple = instances.validator(dialect.bundle("spec.yaml#/components/schemas/Pair"))
            self.assertIsNone(instances.first_error(tuple, {}))

    def test_a_property_map_written_as_a_reference_is_followed(self):
        with tempfile.TemporaryDirectory() as folder:
            write(folder, "models/attributes.yml", """ids:
  droplet_ids: {type: array, items: {$ref: 'id.yml'}}
""")
            write(folder, "models/id.yml", "type: integer\n")
            entry = write(folder, "spec.yaml", """openapi: 3.0.3
info: {title: T, version: '1'}
paths: {}
components:
  schemas:
    Balancer:
      type: object
      required: [droplet_ids]
      properties:
        $ref: 'models/attributes.yml#/ids'
""")
            check = instances.validator(Dialect(SpecDocuments(entry)).bundle("spec.yaml#/components/schemas/Balancer"))
            self.assertIsNone(instances.first_error(check, {"droplet_ids": [1, 2]}))
            self.assertIsNotNone(instances.first_error(check, {"droplet_ids": ["one"]}))

    def test_a_reference_to_a_url_is_unconstrained(self):
        # Square's `$ref: https://…/common.json#squareup.common.String`: neither the client nor
        # the oracle fetches it; reading it as a file stopped the whole run.
        with tempfile.TemporaryDirectory() as folder:
            check, _ = one_schema(folder, "Money", {"type": "object", "required": ["amount"], "properties": {
                "amount": {"type": "integer"},
                "currency": {"$ref": "https://example.com/schemas/common.json#squareup.common.String"}}})
        self.assertIsNone(instances.first_error(check, {"amount": 1, "currency": "USD"}))
        self.assertIsNone(instances.first_error(check, {"amount": 1, "currency": 3}))
        self.assertIsNotNone(instances.first_error(check, {"currency": "USD"}))

    def test_a_reference_to_a_schema_the_spec_lacks_is_unconstrained(self):
        # Square's `$ref: '#/components/schemas/CatalogModifierToggleOverrideType'`, which it does
        # not define: the client reads it free-form, and the oracle raised KeyError.
        with tempfile.TemporaryDirectory() as folder:
            check, expanded = one_schema(folder, "Modifier", {"type": "object", "required": ["id"], "properties": {
                "id": {"type": "string"}, "toggle": {"$ref": "#/components/schemas/Missing"}}})
        self.assertIsNone(instances.first_error(check, {"id": "a", "toggle": "ON"}))
        self.assertIsNotNone(instances.first_error(check, {"toggle": "ON"}))
        self.assertTrue(instances.generate(expanded, 3, 1))



class RecursionTests(unittest.TestCase):
    def test_a_web_of_recursive_schemas_is_expanded_one_level_deep_where_two_pass_the_budget(self):
        # A filter whose conditions nest filters (qdrant's Filter, Condition, Nested): with each
        # reference repeated twice on a path it passes 8 000 nodes, and every schema that holds a
        # filter was skipped.
        def ref(name):
            return {"$ref": f"#/components/schemas/{name}"}
        condition = {"anyOf": [ref("Condition"), {"type": "array", "items": ref("Condition")}]}
        schemas = {
            "Filter": {"type": "object", "properties": {key: condition for key in ("must", "should", "not", "min", "any", "all")}},
            "Condition": {"anyOf": [ref(f"Match{index}") for index in range(6)] + [ref("Nested"), ref("Filter")]},
            "Nested": {"type": "object", "required": ["filter"], "properties": {"key": {"type": "string"}, "filter": ref("Filter")}},
            **{f"Match{index}": {"type": "object", "properties": {"key": {"type": "string"}, "value": {"type": "integer"}}}
               for index in range(6)},
        }
        with tempfile.TemporaryDirectory() as folder:
            entry = write(folder, "spec.yaml", yaml.safe_dump(
                {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": schemas}}))
            expanded = Dialect(SpecDocuments(entry)).expanded("spec.yaml#/components/schemas/Filter")
        nested = expanded["properties"]["must"]["anyOf"][0]["anyOf"][6]
        self.assertEqual(nested["properties"]["filter"], False, "the filter inside a filter's condition is cut")
        self.assertEqual(expanded["properties"]["must"]["anyOf"][0]["anyOf"][0]["properties"]["value"]["type"], "integer")


    def test_a_web_past_the_budget_at_one_level_is_drawn_from_an_expansion_cut_after_a_few_references(self):
        # A query that may hold every other query, each of which holds queries again (OpenSearch's
        # QueryContainer): even with each reference once on a path it passes the budget, and every
        # schema holding a query was skipped.
        def ref(name):
            return {"$ref": f"#/components/schemas/{name}"}
        names = [f"Query{index}" for index in range(12)]
        schemas = {
            "Container": {"type": "object", "properties": {name.lower(): ref(name) for name in names}},
            "Stamp": {"type": "string", "format": "date-time"},
            **{name: {"type": "object", "required": ["at"], "properties": {
                "at": ref("Stamp"), "list": {"type": "array", "items": ref("Container")},
                **{other.lower(): ref(other) for other in names}}}
               for name in names},
        }
        with tempfile.TemporaryDirectory() as folder:
            entry = write(folder, "spec.yaml", yaml.safe_dump(
                {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": schemas}}))
            dialect = Dialect(SpecDocuments(entry))
            expansions = dialect.expansions("spec.yaml#/components/schemas/Container")
            bundle = dialect.bundle("spec.yaml#/components/schemas/Container")
        self.assertTrue(expansions and all(shallow for _, shallow in expansions), "only cut expansions fit")
        fullest = expansions[0][0]
        query = fullest["properties"]["query0"]
        self.assertEqual(query["properties"]["at"]["format"], "date-time", "a schema without references is never cut")
        generated = instances.generate(fullest, 10, 1)
        check = instances.validator(bundle)
        self.assertTrue(generated)
        self.assertTrue(all(instances.first_error(check, value) is None for value in generated), generated)


    def test_a_cut_keeps_references_that_cannot_recur_so_required_ones_stay_possible(self):
        # OpenSearch's ScriptScoreQuery requires a script, a chain of plain schemas: cut like the
        # web around it, the required key had no possible value and the schema was skipped.
        def ref(name):
            return {"$ref": f"#/components/schemas/{name}"}
        names = [f"Query{index}" for index in range(12)]
        schemas = {
            "Root": {"type": "object", "required": ["query"], "properties": {"query": ref("Container")}},
            "Container": {"type": "object", "minProperties": 1, "properties": {name.lower(): ref(name) for name in names}},
            "Stamp": {"type": "object", "required": ["instant"], "properties": {"instant": ref("Instant")}},
            "Instant": {"type": "object", "required": ["time"], "properties": {"time": ref("Time")}},
            "Time": {"type": "string", "format": "date-time"},
            **{name: {"type": "object", "required": ["at"], "properties": {
                "at": ref("Stamp"), **{other.lower(): ref(other) for other in names}}} for name in names},
        }
        with tempfile.TemporaryDirectory() as folder:
            entry = write(folder, "spec.yaml", yaml.safe_dump(
                {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": schemas}}))
            dialect = Dialect(SpecDocuments(entry))
            expansions = dialect.expansions("spec.yaml#/components/schemas/Root")
            check = instances.validator(dialect.bundle("spec.yaml#/components/schemas/Root"))
        generated = instances.generate(expansions[0][0], 5, 1)
        self.assertTrue(expansions[0][1] and generated)
        self.assertTrue(all(instances.first_error(check, value) is None for value in generated), generated)

    def test_a_one_of_inside_an_all_of_part_is_drawn_alternative_by_alternative(self):
        # OpenSearch's ScriptQuery: allOf [QueryBase, {script: oneOf [string, object]}], which
        # hypothesis-jsonschema could not draw whole.
        chunk = {"type": "object", "properties": {"source": {"type": "string"}}, "required": ["source"]}
        script = {"oneOf": [{"type": "string"}, chunk, {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}]}
        schema = {"allOf": [{"type": "object", "properties": {"boost": {"type": "number"}}},
                            {"type": "object", "required": ["script"], "properties": {"script": script}}]}
        self.assertEqual(len(instances.alternatives(schema)), 3)
        self.assertTrue(instances.generate(schema, 5, 1))

    def test_a_union_s_discriminator_mapping_decides_the_alternative_of_an_instance(self):
        # DigitalOcean's floating IP actions: both alternatives inherit `type: enum [assign,
        # unassign]`, so `{type: assign}` matches the unassign one too, which the mapping says it
        # is not. Instances agree with the mapping, as the client that decodes by it reads them.
        action = {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["assign", "unassign"]}}}
        assign = {"allOf": [{"$ref": "#/components/schemas/Action"},
                            {"type": "object", "required": ["droplet_id"], "properties": {"droplet_id": {"type": "integer"}}}]}
        body = {"anyOf": [{"$ref": "#/components/schemas/Unassign"}, {"$ref": "#/components/schemas/Assign"}],
                "discriminator": {"propertyName": "type", "mapping": {
                    "unassign": "#/components/schemas/Unassign", "assign": "#/components/schemas/Assign"}}}
        with tempfile.TemporaryDirectory() as folder:
            entry = write(folder, "spec.yaml", yaml.safe_dump({
                "openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": {
                    "Action": action, "Unassign": {"allOf": [{"$ref": "#/components/schemas/Action"}]}, "Assign": assign,
                    "Body": body}}}))
            dialect = Dialect(SpecDocuments(entry))
            location = "spec.yaml#/components/schemas/Body"
            check, expanded = instances.validator(dialect.bundle(location)), dialect.expanded(location)
        drawn = instances.validator(expanded)
        self.assertIsNone(instances.first_error(check, {"type": "assign"}))  # JSON Schema alone admits it
        self.assertIsNotNone(instances.first_error(drawn, {"type": "assign"}))
        self.assertEqual(instances.stray_key({"type": "unassign", "droplet_id": 1}, expanded), "$.droplet_id")
        self.assertIsNone(instances.stray_key({"type": "assign", "droplet_id": 1}, expanded))
        generated = instances.generate(expanded, 20, 1)
        self.assertTrue(any(value["type"] == "assign" for value in generated), generated)
        self.assertTrue(all("droplet_id" in value for value in generated if value["type"] == "assign"), generated)


class ClosingTests(unittest.TestCase):
    def test_a_nullable_one_of_closes_each_member_as_a_one_of_does(self):
        # `nullable: true` beside a oneOf becomes anyOf [oneOf, null]: no keys are combined there,
        # so each member still gets only its own keys (Together's EvaluationJob results).
        classify = {"type": "object", "properties": {"labels": {"type": "integer"}}}
        score = {"type": "object", "properties": {"scores": {"type": "object"}}}
        schema = closed({"anyOf": [{"oneOf": [classify, score]}, {"type": "null"}]})
        members = schema["anyOf"][0]["oneOf"]
        self.assertEqual([member.get("propertyNames") for member in members], [{"enum": ["labels"]}, {"enum": ["scores"]}])

    def test_a_required_key_the_object_does_not_describe_is_one_of_its_keys(self):
        # Mistral's SharingDelete requires `level` and describes no such property: closed to its
        # properties alone, no instance could exist.
        schema = closed({"type": "object", "required": ["id", "level"], "properties": {"id": {"type": "string"}}})
        self.assertEqual(schema["propertyNames"], {"enum": ["id", "level"]})
        constraint = closed({"type": "object", "properties": {"a": {}, "b": {}}, "oneOf": [{"required": ["a"]}, {"required": ["b"]}]})
        self.assertEqual([member.get("propertyNames") for member in constraint["oneOf"]], [None, None])

    def test_members_of_a_real_any_of_stay_open_for_each_other_s_keys(self):
        schema = closed({"anyOf": [{"type": "object", "properties": {"a": {}}}, {"type": "object", "properties": {"b": {}}}]})
        self.assertEqual([member.get("propertyNames") for member in schema["anyOf"]], [None, None])
        self.assertEqual(schema["propertyNames"], {"enum": ["a", "b"]})


class StrayKeyTests(unittest.TestCase):
    """An anyOf value matching one member and carrying a key only another member declares holds
    an undeclared key for its member: not an instance that tests the client's data."""

    schema = {"type": "object", "properties": {"email": {"type": "string"}}, "anyOf": [
        {"type": "object", "required": ["password"], "properties": {"password": {"type": "string"}}},
        {"type": "object", "required": ["hash"], "properties": {"hash": {"type": "string"}, "salt": {"type": "string"}}},
    ]}

    def test_a_key_of_a_member_the_value_does_not_match_is_stray(self):
        self.assertEqual(instances.stray_key({"email": "a", "password": "p", "salt": "s"}, self.schema), "$.salt")

    def test_keys_of_every_matched_member_and_of_the_object_are_not(self):
        self.assertIsNone(instances.stray_key({"email": "a", "password": "p", "hash": "h", "salt": "s"}, self.schema))
        self.assertIsNone(instances.stray_key({"email": "a", "hash": "h"}, self.schema))

    def test_nested_values_and_array_items_are_walked(self):
        outer = {"type": "object", "properties": {"logins": {"type": "array", "items": self.schema}}}
        self.assertEqual(instances.stray_key({"logins": [{"password": "p"}, {"hash": "h", "password": 1}]}, outer),
                         "$.logins[1].password")

    def test_unions_in_nested_allof_parts_are_alternatives_too(self):
        # allOf [allOf [{missing}, anyOf [{field}, {script}]]] (OpenSearch's metric aggregations).
        field = {"type": "object", "properties": {"field": {"type": "string"}}}
        script = {"type": "object", "properties": {"script": {"type": "object"}}}
        base = {"allOf": [{"type": "object", "properties": {"missing": {}}}, {"anyOf": [field, script]}]}
        average = {"allOf": [base, {"type": "object", "properties": {"format": {"type": "string"}}}]}
        self.assertEqual(instances.stray_key({"field": None}, average), "$.field")
        self.assertIsNone(instances.stray_key({"field": "price", "format": "0.0"}, average))

    def test_array_items_of_a_matched_alternative_are_walked(self):
        # should: anyOf [Condition, [Condition], null] (qdrant's Filter): an element is a Condition.
        field = {"type": "object", "required": ["key"], "properties": {"key": {"type": "string"}}}
        condition = {"anyOf": [field, {"type": "object", "properties": {"must": {"type": "array"}}}]}
        should = {"anyOf": [condition, {"type": "array", "items": condition}, {"type": "null"}]}
        self.assertEqual(instances.stray_key([{"key": "a"}, {"key": "b", "x": 1}], should), "$[1].x")
        self.assertIsNone(instances.stray_key([{"key": "a"}], should))
        tuple_ = {"type": "array", "prefixItems": [{"type": "integer"}, condition]}
        self.assertEqual(instances.stray_key([1, {"y": 2}], {"oneOf": [tuple_]}), "$[1].y")

    def test_a_key_no_matched_member_declares_is_stray_beside_an_open_member(self):
        # An object or a map of objects (qdrant's VectorsConfig): a key of the first that is no object
        params = {"type": "object", "required": ["size"], "properties": {"size": {"type": "integer"}}}
        union = {"anyOf": [params, {"type": "object", "additionalProperties": params}]}
        self.assertEqual(instances.stray_key({"size": 1, "extra": [None]}, union), "$.extra")
        self.assertIsNone(instances.stray_key({"size": 1}, union))
        self.assertIsNone(instances.stray_key({"a": {"size": 1}}, union))

    def test_the_values_of_a_map_are_walked(self):
        # A map of anyOf [counter, timer] (polaris' Metrics): a counter carrying a timer's key.
        counter = {"type": "object", "required": ["unit"], "properties": {"unit": {"type": "string"}}}
        timer = {"type": "object", "required": ["count"], "properties": {"count": {"type": "integer"}}}
        metrics = {"type": "object", "additionalProperties": {"anyOf": [counter, timer]}}
        self.assertEqual(instances.stray_key({"a": {"unit": "ms", "count": [False]}}, metrics), "$.a.count")
        self.assertIsNone(instances.stray_key({"a": {"unit": "ms", "count": 1}}, metrics))

    def test_members_of_a_nested_union_are_alternatives_too(self):
        # anyOf [a string enum, anyOf [integer index params, text index params]] (qdrant's PayloadFieldSchema)
        integer = {"type": "object", "required": ["type"], "properties": {"type": {"const": "integer"}}}
        text = {"type": "object", "required": ["type"], "properties": {"type": {"const": "text"}, "lowercase": {"type": "boolean"}}}
        union = {"anyOf": [{"type": "string"}, {"anyOf": [integer, text]}]}
        self.assertEqual(instances.stray_key({"type": "integer", "lowercase": []}, union), "$.lowercase")
        self.assertIsNone(instances.stray_key({"type": "text", "lowercase": True}, union))


if __name__ == "__main__":
    unittest.main()


class GenerationLimitTests(unittest.TestCase):
    """A schema's instance generation ends at its CPU limit even where the generator catches
    what the timer raises (hypothesis takes an `Exception` raised in a draw for a failing
    example and goes on drawing): svix's IngestSourceOut ran unbounded."""

    def test_the_limit_ends_a_generator_that_catches_exceptions(self):
        import time
        from unittest import mock
        from oracle import checks

        def swallowing(*_):
            started = time.monotonic()
            while time.monotonic() - started < 20:  # a regression fails here instead of hanging
                try:
                    sum(range(100_000))
                except Exception:
                    pass
            return []

        with mock.patch.object(instances, "generate", swallowing), mock.patch.object(checks, "GENERATION_TIMEOUT", 0.2):
            started = time.monotonic()
            location, found, reason, _, _ = checks.instances_for(("here", [({}, False), ({}, True)], {}, 20, 1))
        self.assertIsNone(found)
        self.assertIn("took over", reason)
        self.assertLess(time.monotonic() - started, 15, "each expansion ends at its limit")

    def test_a_union_out_of_time_whole_is_drawn_alternative_by_alternative(self):
        # Adyen's BankAccountV3: hypothesis filters each draw of 16 kinds of account number
        # through all 16 and ran out of time; alternative by alternative it takes half a second.
        from unittest import mock
        from oracle import checks

        def never_in_time(*_):
            raise instances.OutOfTime()

        kinds = [{"type": "object", "required": ["type", "number"], "additionalProperties": False,
                  "properties": {"type": {"const": f"kind{index}"}, "number": {"type": "string", "pattern": "^[0-9]{8}$"}}}
                 for index in range(6)]
        schema = {"oneOf": kinds}
        with mock.patch.object(instances, "generate", never_in_time):
            _, found, reason, _, _ = checks.instances_for(("here", [(schema, False)], schema, 12, 1))
        self.assertIsNone(reason)
        self.assertEqual({value["type"] for value, _ in found}, {f"kind{index}" for index in range(6)})
