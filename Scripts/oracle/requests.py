"""Checks the requests a generated client sends against its spec with openapi-core.

The client is pointed at a base URL chosen here (the app chooses its server, so that is not under
test): the spec's first server with its variables' defaults, on a placeholder host where the server
is relative. The copy of the spec given to openapi-core names that server at the top; the servers
a path or an operation names for itself stay (with that one beside them), since the client sends
those operations there. Method, path, query, headers, cookies and body are checked. openapi-core reads OpenAPI 3.0 and
3.1 only: a Swagger 2.0 spec is checked through an up-converted copy (Scripts/oracle/swagger.py).
"""
import base64
import copy
import os
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl, unquote, urlsplit

from oracle.media import deserializers, local_target, request_media

PLACEHOLDER_HOST = "https://conformance.invalid"


def base_url(document):
    """The base URL the client uses for `document` (an OpenAPI 3 mapping)."""
    servers = document.get("servers") or []
    if not servers or not isinstance(servers[0], dict) or not servers[0].get("url"):
        return PLACEHOLDER_HOST
    url = servers[0]["url"]
    for name, variable in (servers[0].get("variables") or {}).items():
        url = url.replace("{" + name + "}", str(variable.get("default", "")))
    if url.startswith("//"):
        url = "https:" + url
    if not urlsplit(url).scheme:
        url = PLACEHOLDER_HOST + "/" + url.lstrip("/")
    return url.rstrip("/")


def filled(server):
    """A server's URL with its variables at their defaults, as the client sends it."""
    url = str(server.get("url", ""))
    for name, variable in (server.get("variables") or {}).items():
        url = url.replace("{" + name + "}", str(variable.get("default", "")))
    return url


class RequestChecker:
    def __init__(self, documents, url, spec=None):
        """`spec`, when given, is the document to check against instead of the spec's own files
        (a Swagger 2.0 spec's OpenAPI 3 conversion); it is copied, not changed."""
        from openapi_core import Config, OpenAPI

        spec = copy.deepcopy(spec) if spec is not None else bundled(documents)
        spec["servers"] = [{"url": url}]
        # A path's or operation's own servers stay: the client sends those operations there (that
        # is under test). The client's base URL is added beside them, for clients told otherwise.
        # openapi-core matches a path's servers but not an operation's: those join their path's.
        for item in (spec.get("paths") or {}).values():
            if isinstance(item, dict):
                holders = [item] + [operation for operation in item.values() if isinstance(operation, dict)]
                own = [server for holder in holders if isinstance(holder.get("servers"), list) for server in holder.pop("servers")]
                if own:
                    item["servers"] = [{"url": filled(server)} for server in own if "://" in str(server.get("url", ""))] + [{"url": url}]
        raw_bodies_as_bytes(spec)
        without_discriminators(spec)
        parameters_as_sent(spec)
        multipart_scalars_as_form_fields(spec)
        access_beside_references(spec, spec)
        base_uri = "file://" + documents.root + "/"
        readers = deserializers(spec)
        config = Config(spec_validator_cls=None, extra_media_type_deserializers=readers)
        self.variants = variant_paths(spec)
        self.variant_apis = {}
        self.spec = spec
        self.make_api = lambda document: OpenAPI.from_dict(document, config=config, base_uri=base_uri)
        self.api = self.make_api(spec)

    def api_for(self, operation_id):
        """The checker for an operation whose path key carries a query or a fragment: a copy of
        the spec with that operation alone at the path it is sent to, where it shares its URL
        with another operation (`/responses?beta=true` beside `/responses`)."""
        if operation_id not in self.variants:
            return self.api
        if operation_id not in self.variant_apis:
            path, method, item = self.variants[operation_id]
            alone = {key: value for key, value in item.items() if key not in HTTP_METHODS or key == method}
            self.variant_apis[operation_id] = self.make_api({**self.spec, "paths": {path: alone}})
        return self.variant_apis[operation_id]

    def check(self, recorded):
        """None when openapi-core accepts the request; else its reason."""
        from openapi_core.testing import MockRequest

        url = urlsplit(recorded["url"])
        headers = dict(recorded["headers"])
        cookies = {}
        for name in [name for name in headers if name.lower() == "cookie"]:
            jar = SimpleCookie()
            jar.load(headers.pop(name))
            cookies.update({key: morsel.value for key, morsel in jar.items()})
        body = base64.b64decode(recorded["body"]) if recorded.get("body") else None
        content_type = next((value for name, value in headers.items() if name.lower() == "content-type"), None)
        request = MockRequest(
            host_url=f"{url.scheme}://{url.netloc}",
            method=recorded["method"].lower(),
            path=decoded_path(url.path),
            args=parse_qsl(url.query, keep_blank_values=True),
            headers=headers,
            cookies=cookies,
            data=body,
            content_type=content_type or "application/json",
        )
        try:
            self.api_for(recorded.get("operation")).validate_request(request)
        except Exception as error:  # openapi-core raises one exception per rejection, with its causes
            return describe(error)
        return None


HTTP_METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace", "query"}


def variant_paths(spec):
    """Takes out of `spec` the path keys that carry a query (`/responses?beta=true`) or a
    fragment (`/v1/conversations#stream`): the client sends those operations to the path before
    the `?` or `#`. Returns, by operation id, the path sent, the method and the path item."""
    variants = {}
    paths = spec.get("paths") or {}
    for key in [key for key in paths if "?" in key or "#" in key]:
        item = paths.pop(key)
        sent = key.split("#")[0].split("?")[0]
        for method, operation in (item.items() if isinstance(item, dict) else []):
            if method in HTTP_METHODS and isinstance(operation, dict) and operation.get("operationId"):
                variants[operation["operationId"]] = (sent, method, item)
    return variants


def raw_bodies_as_bytes(spec):
    """A body of bytes (`application/octet-stream`, `image/png`) is the bytes themselves, whatever
    `format` its schema gives: openapi-core would check the raw bytes as base64 text for a
    `format: byte`, and reject every file the client sends."""
    for item in (spec.get("paths") or {}).values():
        for operation in (item.values() if isinstance(item, dict) else []):
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            content = body.get("content") if isinstance(body, dict) else None
            for media, entry in (content.items() if isinstance(content, dict) else []):
                kind = media.split(";")[0].strip().lower()
                textual = "json" in kind or kind.startswith(("text/", "multipart/", "application/x-www-form-urlencoded"))
                # A wildcard (`*/*`) takes whatever the client sends, JSON included.
                if not textual and "*" not in kind and isinstance(entry, dict):
                    entry["schema"] = {"type": "string", "format": "binary"}


def without_discriminators(node, in_properties=False):
    """The spec with every `discriminator` left out, so a body is valid when its schema's
    `oneOf`/`anyOf` says so, as JSON Schema reads it (the round trips and samples are checked
    the same way). openapi-core would otherwise look a discriminator's value up as a schema name
    where the spec gives no mapping and the names differ (`{type: function}` →
    `#/components/schemas/function`), rejecting bodies its alternatives accept."""
    if isinstance(node, list):
        for item in node:
            without_discriminators(item)
    elif isinstance(node, dict):
        if not in_properties and isinstance(node.get("discriminator"), dict) and "propertyName" in node["discriminator"]:
            del node["discriminator"]
        for key, value in node.items():
            # The keys of `properties` are names, not keywords: a property may be called discriminator.
            without_discriminators(value, in_properties=(key == "properties" and not in_properties))


def access_beside_references(spec, node):
    """`readOnly` and `writeOnly` written beside each property that is a `$ref` to a schema saying
    them (apideck's `id: {$ref: Id}`, Id `readOnly: true`): OpenAPI exempts such a required
    property from requests (or responses), and openapi-schema-validator reads the exemption off
    the property's own schema without following its `$ref`. Beside a `$ref` the keywords change
    no validation: the reference alone is checked."""
    if isinstance(node, list):
        for item in node:
            access_beside_references(spec, item)
        return
    if not isinstance(node, dict):
        return
    properties = node.get("properties")
    for value in (properties.values() if isinstance(properties, dict) else []):
        target = local_target(spec, value) if isinstance(value, dict) and "$ref" in value else None
        for keyword in ("readOnly", "writeOnly"):
            if target and target.get(keyword) is True:
                value.setdefault(keyword, True)
    for value in node.values():
        access_beside_references(spec, value)


def parameters_as_sent(spec):
    """Each parameter's schema as openapi-core must read it to see the value the client sends.
    openapi-core chooses how to split a query value by the schema's `type`, so an array made
    nullable by `anyOf: [{type: array}, {type: 'null'}]` would be read as one string (no query
    value is null: the wrapper only says the parameter may be left out). And it rejects a
    `readOnly` schema anywhere in a request, where OpenAPI gives readOnly a meaning for
    properties only (DigitalOcean's key id, `readOnly: true`, is a path parameter)."""
    parameters = list((spec.get("components", {}).get("parameters") or {}).values())
    for item in (spec.get("paths") or {}).values():
        if isinstance(item, dict):
            parameters += item.get("parameters") or []
            for operation in item.values():
                if isinstance(operation, dict):
                    parameters += operation.get("parameters") or []
    for parameter in parameters:
        if isinstance(parameter, dict) and isinstance(parameter.get("schema"), dict):
            parameter["schema"] = parameter_schema(spec, parameter["schema"])


def parameter_schema(spec, schema):
    """A parameter's schema without a null alternative or readOnly at its top (a copy: the
    bundled spec shares schemas between their uses)."""
    schema = copy.deepcopy(local_target(spec, schema) or schema)
    for keyword in ("anyOf", "oneOf"):
        members = schema.get(keyword)
        if isinstance(members, list):
            kept = [member for member in members if not is_null_only(local_target(spec, member) or member)]
            if len(kept) == 1 and len(kept) < len(members):
                del schema[keyword]
                schema = {**copy.deepcopy(local_target(spec, kept[0]) or kept[0]), **schema}
            elif len(kept) > 1:
                schema[keyword] = [parameter_schema(spec, member) for member in kept]
    schema.pop("readOnly", None)
    return schema


def is_null_only(schema):
    return schema.get("type") == "null" or schema.get("enum") == [None]


def multipart_scalars_as_form_fields(spec):
    """A multipart part is text: openapi-core checks a number, integer or boolean property's
    text (`0`) against its type unless the part is read as a form field, which converts it.
    Such properties get that reading (`style: form`), as the spec's own encoding could say."""
    for name, entry in request_media(spec):
        if not name.lower().startswith("multipart/"):
            continue
        schema = local_target(spec, entry.get("schema"))
        properties = schema.get("properties") if schema else None
        encoding = entry.setdefault("encoding", {}) if isinstance(properties, dict) else {}
        for key, value in (properties.items() if isinstance(properties, dict) else []):
            target = local_target(spec, value) or {}
            items = local_target(spec, target.get("items")) or {} if target.get("type") == "array" else target
            scalar = items.get("type") in ("number", "integer", "boolean")
            if scalar and not (isinstance(encoding.get(key), dict) and encoding[key].get("contentType")):
                encoding[key] = {"style": "form", "explode": True}


def bundled(documents):
    """The spec as one document: every `$ref` into another file (DigitalOcean's spec is 400
    files) replaced by what it points at, and a reference that would repeat itself kept as a
    local `$ref` into `x-apigen-bundled`. openapi-core resolves references across files with
    the entry file's folder as the base, which fails for references written in other files."""
    entry = os.path.basename(documents.entry)
    names, extra, done = {}, {}, {}

    def rewrite(node, base, stack):
        if isinstance(node, list):
            return [rewrite(item, base, stack) for item in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if not isinstance(ref, str):
            rewritten = {key: rewrite(value, base, stack) for key, value in node.items()}
            discriminator = node.get("discriminator")
            mapping = discriminator.get("mapping") if isinstance(discriminator, dict) else None
            if isinstance(mapping, dict):
                local_mapping = {key: local(value, base, stack) for key, value in mapping.items()}
                rewritten["discriminator"] = {**discriminator, "mapping": local_mapping}
            return rewritten
        location = documents.reference(base, ref)
        target_file = location.partition("#")[0]
        siblings = {key: rewrite(value, base, stack) for key, value in node.items() if key != "$ref"}
        if base == entry and target_file == entry:
            return {"$ref": ref, **siblings}
        if location in stack:  # a cycle: one copy, referenced locally
            if location not in names:
                names[location] = f"b{len(names)}"
                extra[names[location]] = rewrite(documents.resolve(location)[2], target_file, stack)
            return {"$ref": f"#/x-apigen-bundled/{names[location]}", **siblings}
        if location not in done:
            done[location] = rewrite(documents.resolve(location)[2], target_file, stack | {location})
        inlined = done[location]
        return {**inlined, **siblings} if siblings and isinstance(inlined, dict) else inlined

    def local(value, base, stack):
        """A discriminator mapping value (a reference written as text) as a local reference."""
        if not isinstance(value, str) or ("/" not in value and "#" not in value):
            return value  # a schema name
        location = documents.reference(base, value)
        if base == entry and location.partition("#")[0] == entry:
            return value
        if location not in names:
            names[location] = f"b{len(names)}"
            try:
                extra[names[location]] = rewrite(documents.resolve(location)[2], location.partition("#")[0], stack | {location})
            except (OSError, KeyError, IndexError, ValueError):
                del names[location]
                return value  # does not resolve: left for the validator to report
        return f"#/x-apigen-bundled/{names[location]}"

    spec = rewrite(copy.deepcopy(documents.load(entry)), entry, frozenset())
    if extra:
        spec["x-apigen-bundled"] = extra
    return spec


def decoded_path(path):
    """The path with its escapes decoded, except an encoded `/`: openapi-core matches the template
    against the path as given and checks parameter values as decoded, so `linode%2Fdebian11` must
    stay one segment."""
    return "%2F".join(unquote(part) for part in path.replace("%2f", "%2F").split("%2F"))


def describe(error):
    """The exception and its causes, each with its schema errors first: the offending value
    can be long, and what was wrong with it matters more."""
    parts = []
    current = error
    while current is not None and len(parts) < 4:
        details = list(getattr(current, "schema_errors", None) or [])
        if details:
            messages = "; ".join(str(getattr(item, "message", item))[:300] for item in details[:3])
            parts.append(f"{type(current).__name__}: {messages}")
        elif getattr(current, "__cause__", None) is not None:
            parts.append(type(current).__name__)  # its text repeats the cause's
        else:
            parts.append(f"{type(current).__name__}: {str(current)[:300]}")
        current = getattr(current, "__cause__", None)
    return " ← ".join(" ".join(part.split()) for part in parts)
