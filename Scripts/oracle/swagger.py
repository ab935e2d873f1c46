"""Swagger 2.0 documents as OpenAPI 3.0.3, so that openapi-core (which reads OpenAPI 3 only) can
check the requests of Swagger 2.0 clients.

Written from the two specifications, apart from apigen's own up-conversion, so that the oracle does
not share its mistakes. It covers what request validation reads: servers, parameters, request
bodies and security schemes; responses and schemas are carried over. Vendor extensions stay where
they are. Local `$ref`s are rewritten; a reference into another file is left as written (the
caller checks single-file specs only).
"""
import copy
from urllib.parse import unquote

VERSION = "3.0.3"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch")
JSON = "application/json"
URLENCODED = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"
# The keywords of a non-body parameter (and of a header, and of `items`) that describe its value:
# in 3.0 they live in the parameter's `schema`.
SCHEMA_FIELDS = (
    "type", "format", "items", "enum", "default", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
    "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "multipleOf",
)
PARAMETER_FIELDS = ("name", "in", "description", "required", "deprecated", "allowEmptyValue")
OPERATION_FIELDS = ("tags", "summary", "description", "externalDocs", "operationId", "deprecated", "security")
REFERENCES = (
    ("#/definitions/", "#/components/schemas/"),
    ("#/parameters/", "#/components/parameters/"),
    ("#/responses/", "#/components/responses/"),
)
FLOWS = {
    "implicit": ("implicit", ("authorizationUrl",)),
    "password": ("password", ("tokenUrl",)),
    "application": ("clientCredentials", ("tokenUrl",)),
    "accessCode": ("authorizationCode", ("authorizationUrl", "tokenUrl")),
}


def to_openapi3(document):
    """The OpenAPI 3.0.3 equivalent of a loaded single-file Swagger 2.0 document (not changed)."""
    return Converter(document).convert()


def servers(document):
    """One server from host, basePath and schemes, https preferred: the base URL the generated
    client picks, so that the oracle checks requests where the client sends them."""
    host, base = document.get("host"), document.get("basePath") or ""
    if not host:
        return [{"url": base}] if base else []
    schemes = document.get("schemes") or []
    scheme = "https" if "https" in schemes or not schemes else schemes[0]
    return [{"url": f"{scheme}://{host}{base}"}]


def reference(ref):
    """A local reference to a definition, parameter or response, pointed at its 3.0 component."""
    if isinstance(ref, str):
        for old, new in REFERENCES:
            if ref.startswith(old):
                return new + ref[len(old):]
    return ref


def extensions(node):
    """The vendor extensions (`x-…`) of a node, copied."""
    return {key: copy.deepcopy(value) for key, value in node.items() if isinstance(key, str) and key.startswith("x-")}


def schema(node):
    """A Swagger schema as a 3.0 one: references rewritten, `x-nullable` and `discriminator` in
    their 3.0 form, `type` one name, all the way down."""
    if not isinstance(node, dict):
        return copy.deepcopy(node)  # `additionalProperties: true`
    if "$ref" in node:
        return {**copy.deepcopy(node), "$ref": reference(node["$ref"])}
    result = {}
    for key, value in node.items():
        if key in ("properties", "definitions") and isinstance(value, dict):
            result[key] = {name: schema(item) for name, item in value.items()}
        elif key in ("items", "additionalProperties", "not"):
            result[key] = [schema(item) for item in value] if isinstance(value, list) else schema(value)
        elif key in ("allOf", "anyOf", "oneOf") and isinstance(value, list):
            result[key] = [schema(item) for item in value]
        elif key == "x-nullable":
            if value is True:
                result["nullable"] = True
        elif key == "discriminator" and isinstance(value, str):
            result[key] = {"propertyName": value}
        else:
            result[key] = copy.deepcopy(value)
    return typed(result)


def typed(node):
    """`type` as 3.0 has it: one name. Swagger's `file` is a binary string. A list of names or
    `null`, which neither version allows but specs write (SendGrid), becomes `nullable` (and an
    `anyOf` for several names), so that validation accepts what the spec meant."""
    kind = node.get("type")
    if kind == "file":
        node.update(type="string", format="binary")
        return node
    if kind != "null" and not isinstance(kind, list):
        return node
    names = [name for name in (kind if isinstance(kind, list) else [kind]) if name != "null"]
    nullable = len(names) < (len(kind) if isinstance(kind, list) else 1)
    del node["type"]
    if nullable:
        node["nullable"] = True
    if len(names) == 1:
        node["type"] = names[0]
    elif names:
        alternatives = [{"type": name, **({"nullable": True} if nullable else {})} for name in names]
        node.setdefault("allOf", []).append({"anyOf": alternatives})
    elif "enum" not in node:
        node["enum"] = [None]  # `type: null`: null only (3.0 has no null type)
    return node


def value_schema(node):
    """The schema of a non-body parameter, header or `items`, from the keywords it has inline."""
    if "$ref" in node:
        return schema(node)
    picked = {key: node[key] for key in SCHEMA_FIELDS if key in node}
    if node.get("x-nullable") is True:
        picked["x-nullable"] = True
    if isinstance(picked.get("items"), dict):
        picked["items"] = value_schema(picked["items"])  # nested `collectionFormat` has no 3.0 place
    return schema(picked)


def style(collection_format, location):
    """`style` and `explode` for an array sent as `collectionFormat` says (csv when absent)."""
    if location in ("path", "header"):
        return {"style": "simple", "explode": False}
    if collection_format == "multi":
        return {"style": "form", "explode": True}
    # tsv has no 3.0 style: form without explode (commas) is the nearest, so a tsv array is read as csv.
    delimited = {"ssv": "spaceDelimited", "pipes": "pipeDelimited"}
    return {"style": delimited.get(collection_format, "form"), "explode": False}


def media_names(names, default):
    return list(names) if names else [default]


class Converter:
    """One document's conversion: global parameters, `consumes` and `produces` are looked up
    from the operations."""

    def __init__(self, document):
        self.document = document
        self.consumes = document.get("consumes") or []
        self.produces = document.get("produces") or []

    def convert(self):
        document = self.document
        result = {"openapi": VERSION}
        result.update({key: copy.deepcopy(document[key]) for key in ("info", "tags", "externalDocs", "security") if key in document})
        found = servers(document)
        if found:
            result["servers"] = found
        result["paths"] = {path: self.path_item(item) for path, item in (document.get("paths") or {}).items()}
        components = self.components()
        if components:
            result["components"] = components
        result.update(extensions(document))
        return result

    def components(self):
        document, result = self.document, {}
        if document.get("definitions"):
            result["schemas"] = {name: schema(node) for name, node in document["definitions"].items()}
        parameters = {name: self.parameter(node) for name, node in (document.get("parameters") or {}).items()
                      if self.resolved(node).get("in") not in ("body", "formData")}  # inlined where used
        if parameters:
            result["parameters"] = parameters
        if document.get("responses"):
            result["responses"] = {name: self.response(node, self.produces) for name, node in document["responses"].items()}
        if document.get("securityDefinitions"):
            result["securitySchemes"] = {name: security_scheme(node) for name, node in document["securityDefinitions"].items()}
        return result

    def resolved(self, node):
        """What a local `$ref` points at (the node itself when it is no local reference)."""
        ref = node.get("$ref") if isinstance(node, dict) else None
        if not isinstance(ref, str) or not ref.startswith("#/"):
            return node if isinstance(node, dict) else {}
        target = self.document
        try:
            for token in ref[2:].split("/"):
                token = unquote(token).replace("~1", "/").replace("~0", "~")
                target = target[int(token)] if isinstance(target, list) else target[token]
        except (KeyError, IndexError, ValueError, TypeError):
            return node  # dangling: kept as a reference, for openapi-core to report
        return self.resolved(target)

    def path_item(self, item):
        if not isinstance(item, dict):
            return item
        result = {key: reference(value) if key == "$ref" else copy.deepcopy(value)
                  for key, value in item.items() if key == "$ref" or key.startswith("x-")}
        shared = item.get("parameters") or []
        for method in METHODS:
            if isinstance(item.get(method), dict):
                result[method] = self.operation(item[method], shared)
        return result

    def merged(self, shared, own):
        """The path item's parameters and the operation's, the operation's winning on name and place."""
        def key(node):
            target = self.resolved(node)
            return target.get("name"), target.get("in")
        overridden = {key(node) for node in own}
        return [node for node in shared if key(node) not in overridden] + list(own)

    def operation(self, node, shared):
        result = {key: copy.deepcopy(node[key]) for key in OPERATION_FIELDS if key in node}
        plain, body, form = [], None, []
        for parameter in self.merged(shared, node.get("parameters") or []):
            place = self.resolved(parameter).get("in")
            if place == "body":
                body = self.resolved(parameter)
            elif place == "formData":
                form.append(self.resolved(parameter))
            else:
                plain.append(self.parameter(parameter))
        if plain:
            result["parameters"] = plain
        consumes = node["consumes"] if "consumes" in node else self.consumes
        if body is not None:
            result["requestBody"] = body_request(body, consumes)
        elif form:
            result["requestBody"] = form_request(form, consumes)
        produces = node["produces"] if "produces" in node else self.produces
        result["responses"] = {str(code): self.response(response, produces) for code, response in (node.get("responses") or {}).items()}
        result.update(extensions(node))
        return result

    def parameter(self, node):
        """A path, query or header parameter (or a reference to one) in 3.0 form."""
        if "$ref" in node:
            return {"$ref": reference(node["$ref"])}
        result = {key: copy.deepcopy(node[key]) for key in PARAMETER_FIELDS if key in node}
        if node.get("in") == "path":
            result["required"] = True
        result["schema"] = value_schema(node)
        if node.get("type") == "array":
            result.update(style(node.get("collectionFormat", "csv"), node.get("in")))
        result.update({key: value for key, value in extensions(node).items() if key != "x-nullable"})
        return result

    def response(self, node, produces):
        if "$ref" in node:
            return {"$ref": reference(node["$ref"])}
        result = {"description": node.get("description", "")}
        if node.get("headers"):
            result["headers"] = {name: header(value) for name, value in node["headers"].items()}
        if "schema" in node:
            converted = schema(node["schema"])
            result["content"] = {name: {"schema": copy.deepcopy(converted)} for name in media_names(produces, JSON)}
            for name, example in (node.get("examples") or {}).items():
                if name in result["content"]:
                    result["content"][name]["example"] = copy.deepcopy(example)
        result.update(extensions(node))
        return result


def header(node):
    result = {"description": node["description"]} if "description" in node else {}
    result["schema"] = value_schema(node)
    if node.get("type") == "array":
        result.update(style(node.get("collectionFormat", "csv"), "header"))
    result.update({key: value for key, value in extensions(node).items() if key != "x-nullable"})
    return result


def body_request(parameter, consumes):
    """A `body` parameter as the request body, in each media type the operation consumes."""
    converted = schema(parameter.get("schema") or {})
    result = {"description": parameter["description"]} if "description" in parameter else {}
    result["content"] = {name: {"schema": copy.deepcopy(converted)} for name in media_names(consumes, JSON)}
    result["required"] = bool(parameter.get("required", False))
    result.update(extensions(parameter))
    return result


def form_request(fields, consumes):
    """`formData` parameters as one object body, each field a property; multipart when a field is
    a file and the operation names no form media type."""
    properties, required, encoding = {}, [], {}
    for field in fields:
        value = value_schema(field)
        if "description" in field:
            value["description"] = field["description"]
        properties[field["name"]] = value
        if field.get("required"):
            required.append(field["name"])
        if field.get("type") == "array":
            encoding[field["name"]] = style(field.get("collectionFormat", "csv"), "query")
    body = {"type": "object", "properties": properties}
    if required:
        body["required"] = required
    files = any(field.get("type") == "file" for field in fields)
    forms = [name for name in consumes or [] if name.split(";")[0].strip().lower() in (URLENCODED, MULTIPART)]
    content = {}
    for name in forms or [MULTIPART if files else URLENCODED]:
        content[name] = {"schema": copy.deepcopy(body)}
        if encoding and name.split(";")[0].strip().lower() == URLENCODED:
            content[name]["encoding"] = copy.deepcopy(encoding)  # style applies to urlencoded bodies only
    return {"content": content, "required": bool(required)}


def security_scheme(node):
    kind = node.get("type")
    result = {"description": node["description"]} if "description" in node else {}
    if kind == "basic":
        result.update(type="http", scheme="basic")
    elif kind == "apiKey":
        result.update({"type": "apiKey", "name": node.get("name"), "in": node.get("in")})
    elif kind == "oauth2" and node.get("flow") in FLOWS:
        name, urls = FLOWS[node["flow"]]
        flow = {url: node[url] for url in urls if url in node}
        flow["scopes"] = copy.deepcopy(node.get("scopes") or {})
        result.update(type="oauth2", flows={name: flow})
    else:
        return copy.deepcopy(node)  # not a Swagger 2.0 scheme: left for the validator to report
    result.update(extensions(node))
    return result
