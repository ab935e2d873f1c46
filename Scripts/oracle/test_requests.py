"""Self-tests of the request checker (Scripts/oracle/requests.py): a request the spec accepts must
pass, and one it does not must be rejected, where openapi-core alone would read the spec wrong.
Run from the repository:
  .venv/bin/python -m unittest discover -s Scripts/oracle -p 'test_*.py'
"""
import base64
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # Scripts/, as Scripts/conformance does

from oracle.requests import RequestChecker  # noqa: E402


class Documents:
    root = "/nonexistent"


SPEC = {
    "openapi": "3.1.0",
    "info": {"title": "t", "version": "1"},
    "paths": {
        "/transcriptions": {"post": {
            "requestBody": {"required": True, "content": {"multipart/form-data": {
                "schema": {"$ref": "#/components/schemas/Transcription"}}}},
            "responses": {"200": {"description": "ok"}}}},
        "/tools": {"post": {
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Tool"}}}},
            "responses": {"200": {"description": "ok"}}}},
        "/tools?beta=true": {"post": {
            "operationId": "betaCreateTool",
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": {"type": "object", "required": ["beta"], "properties": {"beta": {"type": "boolean"}}}}}},
            "responses": {"200": {"description": "ok"}}}},
        "/bulk": {"post": {
            "requestBody": {"$ref": "#/components/requestBodies/Bulk"},
            "responses": {"200": {"description": "ok"}}}},
        "/import": {"post": {
            "requestBody": {"required": True, "content": {"application/jsonl": {
                "schema": {"$ref": "#/components/schemas/WebTool"}}}},
            "responses": {"200": {"description": "ok"}}}},
        "/keys/{key}": {"get": {
            "parameters": [
                {"name": "key", "in": "path", "required": True,
                 "schema": {"anyOf": [{"$ref": "#/components/schemas/KeyID"}, {"type": "string", "readOnly": True}]}},
                {"name": "sources", "in": "query",
                 "schema": {"anyOf": [{"type": "array", "items": {"type": "string", "enum": ["api", "web"]}}, {"type": "null"}]}},
            ],
            "responses": {"200": {"description": "ok"}}}},
    },
    "components": {"requestBodies": {"Bulk": {"required": True, "content": {"application/x-ndjson": {
        "schema": {"type": "array", "items": {"$ref": "#/components/schemas/WebTool"}}}}}}, "schemas": {
        "KeyID": {"type": "integer", "readOnly": True},
        "Key": {"type": "object", "properties": {"id": {"$ref": "#/components/schemas/KeyID"}}},
        "Transcription": {"type": "object", "required": ["file", "model"], "properties": {
            "file": {"type": "string", "format": "binary"},
            "model": {"anyOf": [{"type": "string"}, {"type": "string", "enum": ["whisper-1"]}]},
            "temperature": {"type": "number"},
            "timestamps": {"type": "boolean"},
            "discriminator": {"type": "string"},
        }},
        # A discriminator without a mapping whose values are not schema names.
        "Tool": {"oneOf": [{"$ref": "#/components/schemas/FunctionTool"}, {"$ref": "#/components/schemas/WebTool"}],
                 "discriminator": {"propertyName": "type"}},
        "FunctionTool": {"type": "object", "required": ["type", "name"],
                         "properties": {"type": {"type": "string", "enum": ["function"]}, "name": {"type": "string"}}},
        "WebTool": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["web"]}}},
    }},
}


def multipart(fields):
    body = b""
    for name, value, content_type in fields:
        body += b"--b\r\nContent-Disposition: form-data; name=\"" + name.encode() + b"\""
        if content_type:
            body += b"; filename=\"f\"\r\nContent-Type: " + content_type.encode()
        body += b"\r\n\r\n" + value + b"\r\n"
    return body + b"--b--\r\n"


def recorded(path, body, content_type):
    return {"method": "POST", "url": "https://api.example.com" + path, "body": base64.b64encode(body).decode(),
            "headers": [("Content-Type", content_type)]}


def one_post(path, content, schemas=None):
    """An OpenAPI 3.0 spec of one POST operation with a required body of `content`."""
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {path: {"post": {
        "requestBody": {"required": True, "content": content}, "responses": {"200": {"description": "ok"}}}}},
        "components": {"schemas": schemas or {}}}


class RequestCheckerTests(unittest.TestCase):
    checker = None

    @classmethod
    def setUpClass(cls):
        cls.checker = RequestChecker(Documents(), "https://api.example.com", spec=SPEC)

    def check_multipart(self, fields):
        request = recorded("/transcriptions", multipart(fields), "multipart/form-data; boundary=b")
        return self.checker.check(request)

    def test_a_file_part_and_text_parts_of_numbers_and_booleans_are_accepted(self):
        fields = [("file", b"\x00\xffsample", "application/octet-stream"), ("model", b"whisper-1", None),
                  ("temperature", b"0.5", None), ("timestamps", b"true", None), ("discriminator", b"d", None)]
        self.assertIsNone(self.check_multipart(fields))

    def test_a_number_part_that_is_not_a_number_is_rejected(self):
        fields = [("file", b"x", "application/octet-stream"), ("model", b"m", None), ("temperature", b"warm", None)]
        self.assertIsNotNone(self.check_multipart(fields))
        fields = [("file", b"x", "application/octet-stream"), ("model", b"m", None), ("timestamps", b"maybe", None)]
        self.assertIsNotNone(self.check_multipart(fields))

    def test_a_missing_file_is_rejected(self):
        self.assertIsNotNone(self.check_multipart([("model", b"m", None)]))

    def test_a_union_is_checked_by_its_alternatives_without_a_discriminator_lookup(self):
        accepted = recorded("/tools", b'{"type": "function", "name": "f"}', "application/json")
        self.assertIsNone(self.checker.check(accepted))
        rejected = recorded("/tools", b'{"type": "function"}', "application/json")
        self.assertIsNotNone(self.checker.check(rejected))

    def test_a_json_lines_body_is_the_array_of_its_lines(self):
        lines = b'{"type": "web"}\n{"type": "web"}\n'
        self.assertIsNone(self.checker.check(recorded("/bulk", lines, "application/x-ndjson")))
        self.assertIsNotNone(self.checker.check(recorded("/bulk", b'{"type": "web"}\n{"type": 1}\n', "application/x-ndjson")))
        # A schema that is not an array describes one line.
        self.assertIsNone(self.checker.check(recorded("/import", b'{"type": "web"}\n', "application/jsonl")))
        self.assertIsNotNone(self.checker.check(recorded("/import", b'{"name": "x"}\n', "application/jsonl")))

    def test_an_operation_whose_path_key_has_a_query_is_checked_alone_at_its_path(self):
        beta = {**recorded("/tools?beta=true", b'{"beta": true}', "application/json"), "operation": "betaCreateTool"}
        self.assertIsNone(self.checker.check(beta))
        plain = {**recorded("/tools", b'{"beta": true}', "application/json"), "operation": "createTool"}
        self.assertIsNotNone(self.checker.check(plain), "the other operation at that path still has its own body")


class ParameterTests(unittest.TestCase):
    def check(self, url):
        checker = RequestChecker(Documents(), "https://api.example.com", spec=SPEC)
        return checker.check({"method": "GET", "url": "https://api.example.com" + url, "headers": []})

    def test_a_readonly_parameter_schema_takes_the_value(self):
        self.assertIsNone(self.check("/keys/512189"))
        self.assertIsNone(self.check("/keys/3b:16:bf"))

    def test_a_nullable_array_parameter_is_read_as_the_array(self):
        self.assertIsNone(self.check("/keys/1?sources=api"))
        self.assertIsNone(self.check("/keys/1?sources=api&sources=web"))
        self.assertIsNotNone(self.check("/keys/1?sources=mail"))

    def test_a_required_property_readonly_behind_its_reference_is_not_asked_of_a_request(self):
        # OpenAPI 3.0: `required` applies to responses only for a readOnly property.
        spec = one_post("/customers", {"application/json": {"schema": {"$ref": "#/components/schemas/Customer"}}}, {
            "ID": {"type": "integer", "readOnly": True},
            "Customer": {"type": "object", "required": ["id", "name"],
                         "properties": {"id": {"$ref": "#/components/schemas/ID"}, "name": {"type": "string"}}}})
        checker = RequestChecker(Documents(), "https://api.example.com", spec=spec)
        self.assertIsNone(checker.check(recorded("/customers", b'{"name": "Ada"}', "application/json")))
        self.assertIsNotNone(checker.check(recorded("/customers", b'{"id": 1}', "application/json")))

    def test_a_json_part_whose_content_type_has_parameters_is_read_as_json(self):
        # square's catalog images: `request` is `application/json; charset=utf-8`.
        part = {"type": "object", "required": ["key"], "properties": {"key": {"type": "string"}}}
        spec = one_post("/images", {"multipart/form-data": {
            "schema": {"type": "object", "properties": {"request": part, "file": {"type": "string", "format": "binary"}}},
            "encoding": {"file": {"contentType": "image/jpeg"}, "request": {"contentType": "application/json; charset=utf-8"}}}})
        checker = RequestChecker(Documents(), "https://api.example.com", spec=spec)

        def sent(json_text):
            fields = [("request", json_text, "application/json; charset=utf-8"), ("file", b"\xff\xd8", "image/jpeg")]
            return checker.check(recorded("/images", multipart(fields), "multipart/form-data; boundary=b"))
        self.assertIsNone(sent(b'{"key": "a"}'))
        self.assertIsNotNone(sent(b'{"other": "a"}'))

    def test_the_shared_schema_keeps_its_readonly(self):
        RequestChecker(Documents(), "https://api.example.com", spec=SPEC)
        self.assertEqual(SPEC["components"]["schemas"]["KeyID"], {"type": "integer", "readOnly": True})


if __name__ == "__main__":
    unittest.main()
