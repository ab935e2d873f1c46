"""How openapi-core reads the request bodies a generated client sends: the deserializers it is given
for media types it reads differently from the client, and the body schemas they depend on."""
from urllib.parse import unquote


def deserializers(spec):
    """Every media type's deserializer that differs from openapi-core's own."""
    return {**binary_parts_as_text(spec), **json_media_types(spec), **TEXT_PARTS}


def request_media(spec):
    """Every request body media type object, with its name."""
    for item in (spec.get("paths") or {}).values():
        for operation in (item.values() if isinstance(item, dict) else []):
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            content = body.get("content") if isinstance(body, dict) else None
            for name, entry in (content.items() if isinstance(content, dict) else []):
                if isinstance(entry, dict):
                    yield name, entry


def part_content_types(spec):
    """The `contentType` of every multipart part the spec encodes, as written."""
    for _, entry in request_media(spec):
        for part in (entry.get("encoding") or {}).values():
            yield str((part or {}).get("contentType") or "")


def local_target(spec, node, depth=0):
    """`node` past local `$ref`s (those of the bundled spec), or None where one does not resolve."""
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and depth < 32:
        ref = node["$ref"]
        if not ref.startswith("#/"):
            return None
        node = spec
        for token in ref[2:].split("/"):
            token = unquote(token).replace("~1", "/").replace("~0", "~")
            node = node.get(token) if isinstance(node, dict) else None
        depth += 1
    return node if isinstance(node, dict) else None


def binary_parts_as_text(spec):
    """Deserializers that read a file part's bytes as text (latin-1 keeps every byte). openapi-core
    hands a part of bytes to the validator as bytes, which OpenAPI 3.1's `type: string` rejects
    for every file the client sends: the bytes are opaque, and only their presence is checked."""
    names = {"application/octet-stream"}
    for written in part_content_types(spec):
        for kind in written.split(","):
            kind = kind.strip().lower()
            if kind and "json" not in kind and not kind.startswith("text/") and "*" not in kind:
                names.add(kind)
    return {name: (lambda data: data.decode("latin-1") if isinstance(data, bytes) else data) for name in names}


def text_fields_loads(value, **parameters):
    """A multipart body as openapi-core reads it, except that a text field (a part without a
    `Content-Type`, or a `text/*` one) is text: read as bytes, a boolean or number field could
    not be converted from its text (`true`)."""
    from email.parser import BytesParser

    from werkzeug.datastructures import ImmutableMultiDict

    header = f'Content-Type: multipart/form-data; boundary="{parameters.get("boundary", "")}"\r\n\r\n'.encode()
    message = BytesParser().parsebytes(header + value)
    fields = []
    for part in message.get_payload() if message.is_multipart() else []:
        name = part.get_param("name", header="content-disposition")
        payload = part.get_payload(decode=True) or b""
        kind = part.get("Content-Type")
        is_text = kind is None or kind.lower().startswith("text/")
        fields.append((name, payload.decode(part.get_content_charset() or "utf-8", "replace") if is_text else payload))
    return ImmutableMultiDict(fields)


def plain_text_loads(value, **parameters):
    """`text/plain` as openapi-core reads it, for a multipart text field already read as text too."""
    return value.decode(parameters.get("charset", "utf-8"), "replace") if isinstance(value, bytes) else value


TEXT_PARTS = {"multipart/form-data": text_fields_loads, "text/plain": plain_text_loads}


JSON_LINES = ("application/jsonl", "application/x-ndjson", "application/x-jsonlines", "application/jsonlines")


def json_media_types(spec):
    """Deserializers for the request media types that carry JSON but that openapi-core reads as
    bytes: `+json` types (`application/merge-patch+json`) and wildcards (`*/*`) whose schema the
    client sends as JSON, and JSON Lines, read as the array of its lines' values (the client sends
    an array body one item per line)."""
    import json

    def load(data):
        try:
            return json.loads(data)
        except ValueError:
            return data  # not JSON: validated as it is

    def lines_loader(as_array):
        # A schema that is not an array describes one line: a body of one line is that value.
        def load_lines(data):
            text = data.decode() if isinstance(data, bytes) else data
            try:
                values = [json.loads(line) for line in text.split("\n") if line.strip()]
            except ValueError:
                return data
            return values if as_array or len(values) != 1 else values[0]
        return load_lines

    loaders = {}
    # A multipart part of JSON with parameters (square's `request` part, `application/json;
    # charset=utf-8`) is looked up by its whole content type, which openapi-core has no reader for.
    for kind in part_content_types(spec):
        if ";" in kind and kind.split(";")[0].strip().lower() == "application/json":
            loaders[kind] = load
    for item in (spec.get("paths") or {}).values():
        for operation in item.values() if isinstance(item, dict) else []:
            body = local_target(spec, operation.get("requestBody")) if isinstance(operation, dict) else None
            for name, entry in (body.get("content") or {}).items() if isinstance(body, dict) else []:
                bare = name.split(";")[0].strip().lower()
                if bare in JSON_LINES:
                    schema = local_target(spec, entry.get("schema")) if isinstance(entry, dict) else None
                    loaders[name] = lines_loader(bool(schema) and (schema.get("type") == "array" or "items" in schema))
                elif bare != "application/json" and (bare.endswith("+json") or "*" in bare):
                    loaders[name] = load
    return loaders
