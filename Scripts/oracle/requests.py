"""Checks the requests a generated client sends against its spec with openapi-core.

The client is pointed at a base URL chosen here (the app chooses its server, so that is not under
test): the spec's first server with its variables' defaults, on a placeholder host where the server
is relative. The copy of the spec given to openapi-core names only that server, so that method,
path, query, headers, cookies and body are what is checked. openapi-core reads OpenAPI 3.0 and
3.1; requests of Swagger 2.0 specs are reported as skipped.
"""
import base64
import copy
import os
from http.cookies import SimpleCookie
from urllib.parse import parse_qsl, unquote, urlsplit

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


class RequestChecker:
    def __init__(self, documents, url):
        from openapi_core import Config, OpenAPI

        spec = copy.deepcopy(documents.load(os.path.basename(documents.entry)))
        spec["servers"] = [{"url": url}]
        for item in (spec.get("paths") or {}).values():
            if isinstance(item, dict):
                item.pop("servers", None)
                for operation in item.values():
                    if isinstance(operation, dict):
                        operation.pop("servers", None)
        base_uri = "file://" + documents.root + "/"
        config = Config(spec_validator_cls=None, extra_media_type_deserializers=json_media_types(spec))
        self.api = OpenAPI.from_dict(spec, config=config, base_uri=base_uri)

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
            self.api.validate_request(request)
        except Exception as error:  # openapi-core raises one exception per rejection, with its causes
            return describe(error)
        return None


def json_media_types(spec):
    """Deserializers for the request media types that carry JSON but that openapi-core reads as
    bytes: `+json` types (`application/merge-patch+json`) and wildcards (`*/*`) whose schema the
    client sends as JSON."""
    import json

    def load(data):
        try:
            return json.loads(data)
        except ValueError:
            return data  # not JSON: validated as it is

    names = set()
    for item in (spec.get("paths") or {}).values():
        for operation in item.values() if isinstance(item, dict) else []:
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            for name in (body.get("content") or {}) if isinstance(body, dict) else []:
                bare = name.split(";")[0].strip().lower()
                if bare != "application/json" and (bare.endswith("+json") or "*" in bare):
                    names.add(name)
    return {name: load for name in names}


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
