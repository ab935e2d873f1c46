"""Self-tests of the Swagger 2.0 → OpenAPI 3.0 conversion (Scripts/oracle/swagger.py) on small
inline documents. Run from the repository:
  .venv/bin/python -m unittest discover -s Scripts/oracle -p 'test_*.py'
"""
import importlib.util
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # Scripts/, as Scripts/conformance does

from oracle.swagger import to_openapi3  # noqa: E402


def document(paths, **top):
    return {"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": paths, **top}


def operation(converted, path="/things", method="post"):
    return converted["paths"][path][method]


class BodyTests(unittest.TestCase):
    def test_body_parameter_becomes_request_body_in_each_consumed_type(self):
        source = document({"/things": {"post": {
            "consumes": ["application/json", "application/xml"],
            "parameters": [{"name": "thing", "in": "body", "required": True, "description": "the thing",
                            "schema": {"$ref": "#/definitions/Thing"}}],
            "responses": {"200": {"description": "ok"}}}}})
        body = operation(to_openapi3(source))["requestBody"]
        self.assertEqual(body["required"], True)
        self.assertEqual(body["description"], "the thing")
        self.assertEqual(list(body["content"]), ["application/json", "application/xml"])
        self.assertEqual(body["content"]["application/xml"]["schema"], {"$ref": "#/components/schemas/Thing"})
        self.assertNotIn("parameters", operation(to_openapi3(source)))

    def test_body_media_type_falls_back_to_document_then_json(self):
        parameters = [{"name": "b", "in": "body", "schema": {"type": "object"}}]
        with_default = document({"/things": {"post": {"parameters": parameters, "responses": {}}}}, consumes=["text/plain"])
        without = document({"/things": {"post": {"parameters": parameters, "responses": {}}}})
        self.assertEqual(list(operation(to_openapi3(with_default))["requestBody"]["content"]), ["text/plain"])
        self.assertEqual(list(operation(to_openapi3(without))["requestBody"]["content"]), ["application/json"])

    def test_body_parameter_by_reference_is_inlined(self):
        source = document({"/things": {"post": {"parameters": [{"$ref": "#/parameters/Thing"}], "responses": {}}}},
                          parameters={"Thing": {"name": "thing", "in": "body", "schema": {"type": "string"}}})
        converted = to_openapi3(source)
        self.assertEqual(operation(converted)["requestBody"]["content"]["application/json"]["schema"], {"type": "string"})
        self.assertNotIn("parameters", converted.get("components", {}))

    def test_form_data_with_a_file_becomes_multipart_object(self):
        source = document({"/upload": {"post": {"parameters": [
            {"name": "file", "in": "formData", "type": "file", "required": True},
            {"name": "note", "in": "formData", "type": "string", "maxLength": 10},
        ], "responses": {}}}})
        body = operation(to_openapi3(source), "/upload")["requestBody"]
        self.assertEqual(list(body["content"]), ["multipart/form-data"])
        schema = body["content"]["multipart/form-data"]["schema"]
        self.assertEqual(schema["type"], "object")
        self.assertEqual(schema["properties"]["file"], {"type": "string", "format": "binary"})
        self.assertEqual(schema["properties"]["note"], {"type": "string", "maxLength": 10})
        self.assertEqual(schema["required"], ["file"])
        self.assertTrue(body["required"])

    def test_form_data_uses_the_form_types_the_operation_consumes(self):
        source = document({"/form": {"post": {
            "consumes": ["application/json", "application/x-www-form-urlencoded"],
            "parameters": [{"name": "tags", "in": "formData", "type": "array", "items": {"type": "string"}}],
            "responses": {}}}})
        content = operation(to_openapi3(source), "/form")["requestBody"]["content"]
        self.assertEqual(list(content), ["application/x-www-form-urlencoded"])
        self.assertEqual(content["application/x-www-form-urlencoded"]["encoding"]["tags"], {"style": "form", "explode": False})


class ParameterTests(unittest.TestCase):
    def convert(self, parameter):
        source = document({"/things/{id}": {"get": {"parameters": [parameter], "responses": {}}}})
        return operation(to_openapi3(source), "/things/{id}", "get")["parameters"][0]

    def test_multi_is_exploded_form(self):
        converted = self.convert({"name": "tag", "in": "query", "type": "array", "items": {"type": "string"},
                                  "collectionFormat": "multi"})
        self.assertEqual((converted["style"], converted["explode"]), ("form", True))
        self.assertEqual(converted["schema"], {"type": "array", "items": {"type": "string"}})

    def test_csv_is_the_default_and_not_exploded(self):
        query = self.convert({"name": "tag", "in": "query", "type": "array", "items": {"type": "integer"}, "minItems": 1})
        path = self.convert({"name": "id", "in": "path", "type": "array", "items": {"type": "string"}, "collectionFormat": "csv"})
        self.assertEqual((query["style"], query["explode"]), ("form", False))
        self.assertEqual(query["schema"], {"type": "array", "items": {"type": "integer"}, "minItems": 1})
        self.assertEqual((path["style"], path["explode"], path["required"]), ("simple", False, True))

    def test_pipes_and_ssv_are_delimited(self):
        pipes = self.convert({"name": "a", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "pipes"})
        ssv = self.convert({"name": "a", "in": "query", "type": "array", "items": {"type": "string"}, "collectionFormat": "ssv"})
        self.assertEqual(pipes["style"], "pipeDelimited")
        self.assertEqual(ssv["style"], "spaceDelimited")

    def test_value_keywords_move_into_schema(self):
        converted = self.convert({"name": "n", "in": "query", "type": "integer", "format": "int32", "minimum": 1,
                                  "enum": [1, 2], "default": 1, "required": True, "allowEmptyValue": True, "x-note": 1})
        self.assertEqual(converted["schema"], {"type": "integer", "format": "int32", "enum": [1, 2], "default": 1, "minimum": 1})
        self.assertEqual({key: converted[key] for key in ("name", "in", "required", "allowEmptyValue", "x-note")},
                         {"name": "n", "in": "query", "required": True, "allowEmptyValue": True, "x-note": 1})
        self.assertNotIn("type", converted)

    def test_operation_parameter_overrides_path_item_one(self):
        source = document({"/things/{id}": {
            "parameters": [{"name": "id", "in": "path", "required": True, "type": "string"},
                           {"name": "q", "in": "query", "type": "string"}],
            "get": {"parameters": [{"name": "id", "in": "path", "required": True, "type": "integer"}], "responses": {}}}})
        parameters = operation(to_openapi3(source), "/things/{id}", "get")["parameters"]
        self.assertEqual([(item["name"], item["schema"]["type"]) for item in parameters], [("q", "string"), ("id", "integer")])


class SchemaTests(unittest.TestCase):
    def test_references_point_at_components(self):
        source = document({"/things": {"get": {"parameters": [{"$ref": "#/parameters/Limit"}],
                                               "responses": {"200": {"$ref": "#/responses/Things"}}}}},
                          definitions={"Thing": {"type": "object", "properties": {"child": {"$ref": "#/definitions/Thing"}}}},
                          parameters={"Limit": {"name": "limit", "in": "query", "type": "integer"}},
                          responses={"Things": {"description": "d", "schema": {"type": "array", "items": {"$ref": "#/definitions/Thing"}}}})
        converted = to_openapi3(source)
        components = converted["components"]
        self.assertEqual(components["schemas"]["Thing"]["properties"]["child"], {"$ref": "#/components/schemas/Thing"})
        self.assertEqual(operation(converted, method="get")["parameters"], [{"$ref": "#/components/parameters/Limit"}])
        self.assertEqual(operation(converted, method="get")["responses"]["200"], {"$ref": "#/components/responses/Things"})
        self.assertEqual(components["parameters"]["Limit"]["schema"], {"type": "integer"})
        self.assertEqual(components["responses"]["Things"]["content"]["application/json"]["schema"]["items"],
                         {"$ref": "#/components/schemas/Thing"})

    def test_x_nullable_becomes_nullable(self):
        source = document({}, definitions={"Name": {"type": "string", "x-nullable": True},
                                           "Holder": {"properties": {"n": {"type": "integer", "x-nullable": True}}}})
        schemas = to_openapi3(source)["components"]["schemas"]
        self.assertEqual(schemas["Name"], {"type": "string", "nullable": True})
        self.assertEqual(schemas["Holder"]["properties"]["n"], {"type": "integer", "nullable": True})

    def test_discriminator_and_type_lists(self):
        source = document({}, definitions={"Pet": {"type": "object", "discriminator": "kind"},
                                           "Maybe": {"type": ["string", "null"]}})
        schemas = to_openapi3(source)["components"]["schemas"]
        self.assertEqual(schemas["Pet"]["discriminator"], {"propertyName": "kind"})
        self.assertEqual(schemas["Maybe"], {"type": "string", "nullable": True})


class ServerTests(unittest.TestCase):
    def servers(self, **top):
        return to_openapi3(document({}, **top)).get("servers")

    def test_https_is_preferred_and_the_default(self):
        self.assertEqual(self.servers(host="api.example.com", basePath="/v1", schemes=["http", "https"]),
                         [{"url": "https://api.example.com/v1"}])
        self.assertEqual(self.servers(host="api.example.com"), [{"url": "https://api.example.com"}])

    def test_first_scheme_without_https(self):
        self.assertEqual(self.servers(host="h:8080", basePath="/api", schemes=["http", "ws"]), [{"url": "http://h:8080/api"}])

    def test_no_host_keeps_base_path_alone(self):
        self.assertEqual(self.servers(basePath="/api/v2/"), [{"url": "/api/v2/"}])
        self.assertIsNone(self.servers())


class SecurityTests(unittest.TestCase):
    def test_schemes(self):
        source = document({}, securityDefinitions={
            "basic": {"type": "basic"},
            "key": {"type": "apiKey", "name": "X-Key", "in": "header"},
            "code": {"type": "oauth2", "flow": "accessCode", "authorizationUrl": "https://a", "tokenUrl": "https://t",
                     "scopes": {"read": "r"}},
            "app": {"type": "oauth2", "flow": "application", "tokenUrl": "https://t", "scopes": {}},
        }, security=[{"key": []}])
        converted = to_openapi3(source)
        schemes = converted["components"]["securitySchemes"]
        self.assertEqual(schemes["basic"], {"type": "http", "scheme": "basic"})
        self.assertEqual(schemes["key"], {"type": "apiKey", "name": "X-Key", "in": "header"})
        self.assertEqual(schemes["code"]["flows"], {"authorizationCode": {"authorizationUrl": "https://a", "tokenUrl": "https://t",
                                                                          "scopes": {"read": "r"}}})
        self.assertEqual(schemes["app"]["flows"], {"clientCredentials": {"tokenUrl": "https://t", "scopes": {}}})
        self.assertEqual(converted["security"], [{"key": []}])


@unittest.skipUnless(importlib.util.find_spec("openapi_core"), "openapi-core is not installed")
class ValidationTests(unittest.TestCase):
    """The converted document, read by openapi-core as the conformance oracle reads it."""

    def validate(self, query):
        from openapi_core import Config, OpenAPI
        from openapi_core.testing import MockRequest

        source = document({"/things": {"get": {"parameters": [
            {"name": "ids", "in": "query", "type": "array", "items": {"type": "integer"}, "required": True},
            {"name": "tag", "in": "query", "type": "array", "items": {"type": "string", "enum": ["a", "b"]},
             "collectionFormat": "multi"},
        ], "responses": {"200": {"description": "ok"}}}}}, host="api.example.com")
        api = OpenAPI.from_dict(to_openapi3(source), config=Config(spec_validator_cls=None))
        api.validate_request(MockRequest("https://api.example.com", "get", "/things", args=query))

    def test_csv_and_multi_arrays_are_read_as_sent(self):
        self.validate([("ids", "1,2,3"), ("tag", "a"), ("tag", "b")])

    def rejected(self):
        from openapi_core.validation.request.exceptions import RequestValidationError

        return self.assertRaises(RequestValidationError)

    def test_an_item_outside_the_enum_is_rejected(self):
        with self.rejected():
            self.validate([("ids", "1"), ("tag", "c")])

    def test_csv_items_are_checked_one_by_one(self):
        with self.rejected():
            self.validate([("ids", "1,x")])


if __name__ == "__main__":
    unittest.main()
