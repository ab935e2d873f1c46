"""Schemas with their references inlined, for hypothesis-jsonschema, which cannot follow recursive
ones, and closed to the keys they declare."""
from oracle.schemas import MAX_EXPANDED_NODES, SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_VALUES, SELECTS, Unsupported


class Expansion:
    """The expansions of the schemas of one `Dialect`, whose definitions are converted already."""

    def __init__(self, dialect):
        self.dialect = dialect
        self._by_name = {name: schema for name, schema in dialect.definitions.values()}

    def expansions(self, location, undeclared_keys=False):
        """[(schema, whether cut by depth)]: the schema with references inlined, for generation,
        fullest first. Recursion is cut after two levels, or after one where two would pass the
        node budget (a web of recursive schemas, such as a filter whose conditions nest filters,
        grows with every level each path may repeat); then after a few references on any path, for
        a web whose full expansion passes the budget or that hypothesis cannot draw from in time
        (OpenSearch's queries and aggregations, each of which may hold all the others): first only
        the references that may recur (a query of plain fields stays whole, so a required one does
        not make its object impossible), last every reference to a schema with references. A cut
        only narrows the schema, so an instance drawn from a shallower expansion is one of the
        schema. Unless `undeclared_keys`, objects get only the keys they declare (see `closed`)."""
        name, root = self.dialect.definitions[location]
        found, reason = [], None
        for repeats, depth, cuts, budget in (
                (2, None, None, MAX_EXPANDED_NODES), (1, None, None, 2 * MAX_EXPANDED_NODES),
                (1, 3, self._recurs, MAX_EXPANDED_NODES), (1, 1, self._recurs, MAX_EXPANDED_NODES),
                (1, 1, self._refers, MAX_EXPANDED_NODES)):
            if found and depth is None:
                continue  # each reference at most once on a path only where twice passes the budget
            limits = {"repeats": repeats, "depth": depth, "cuts": cuts, "budget": budget, "cut": False}
            try:
                expanded = self._expand(root, [name], limits)
            except Unsupported as error:
                reason = reason or error
                continue
            if depth is None or limits["cut"]:  # one the depth does not cut is one found already
                found.append((expanded if undeclared_keys else closed(expanded), limits["cut"]))
        if not found:
            raise reason
        return found

    def _expand(self, node, path, limits):
        """`node` with its references inlined, a reference already `repeats` times on the path, or
        one past `depth` references on it, cut (False: no value there)."""
        limits["budget"] -= 1
        if limits["budget"] < 0:
            raise Unsupported(f"expands to more than {MAX_EXPANDED_NODES} schema nodes")
        if isinstance(node, bool):
            return node
        if "$ref" in node:
            target = node["$ref"][len("#/$defs/"):]
            if path.count(target) >= limits["repeats"]:
                return False
            if limits["depth"] is not None and len(path) > limits["depth"] and limits["cuts"](target, path):
                limits["cut"] = True
                return False
            return self._expand(self._by_name[target], path + [target], limits)
        out = {}
        for key, value in node.items():
            if key in SCHEMA_LISTS:
                out[key] = [self._expand(item, path, limits) for item in value]
            elif key in SCHEMA_MAPS:
                out[key] = {name: self._expand(item, path, limits) for name, item in value.items()}
            elif key in SCHEMA_VALUES and isinstance(value, (dict, bool)):
                out[key] = self._expand(value, path, limits)
            elif key != SELECTS:
                out[key] = value
        return agreeing(out, node.get(SELECTS))

    def _recurs(self, name, path):
        """Whether the named schema may lead back to itself or to a schema on `path`: only such a
        reference makes a web grow; one that cannot (a date, an enum, a query of plain fields)
        is a finite tree, kept whole so that a required one does not make its object impossible."""
        reached = self._reached(name)
        return name in reached or any(step in reached for step in path)

    def _refers(self, name, path):
        """Whether the named schema holds a reference (one without, a date or an enum, is kept)."""
        return bool(self._reached(name))

    def _reached(self, name):
        """The names the named schema's references reach, directly or through others."""
        cache = self.dialect.reached
        if name not in cache:
            found, pending = set(), [name]
            while pending:
                for location in self.dialect.references(self._by_name[pending.pop()]):
                    target = self.dialect.definitions[location][0]
                    if target not in found:
                        found.add(target)
                        pending.append(target)
            cache[name] = found
        return cache[name]


def agreeing(union, selects):
    """`union` with each alternative its discriminator maps values to held to those values: an
    instance drawn then carries a value that selects the alternative it was drawn from, as
    every payload of the API does (a value the mapping sends elsewhere is read as that other
    alternative, whose keys it may lack)."""
    if not selects:
        return union
    members = union[selects["union"]]
    out = dict(union)
    out[selects["union"]] = [
        member if not values or member is False else {"allOf": [member, {
            "type": "object", "required": [selects["property"]], "properties": {selects["property"]: {"enum": values}}}]}
        for member, values in zip(members, selects["values"])]
    return out


def closed(node, combined=False):
    """`node` with `propertyNames` limited to the declared keys on every object that declares
    properties and says nothing about others: an instance then carries the schema's data and no
    keys it leaves open. The keys of `allOf` and `anyOf` members count for the object they are
    combined into (`combined`), which is closed once, at the top: an `anyOf` value may hold the
    keys of every member it matches. A `oneOf` value is one member, so each member is closed on
    its own: keys of another member would be keys the value's member does not declare; but a
    `oneOf` inside an `allOf` or `anyOf` member is combined with the object's other keys, so its
    members are left open and the object is closed at the top with their keys too."""
    if not isinstance(node, dict):
        return node
    out = dict(node)
    if is_nullable_wrapper(out):
        # `anyOf: [X, {type: null}]`, how `nullable: true` is written here: X or null, no keys combined.
        out["anyOf"] = [closed(member, combined=combined) for member in out["anyOf"]]
    for key in ("allOf", "anyOf"):
        if key in out and not (key == "anyOf" and is_nullable_wrapper(node)):
            out[key] = [closed(member, combined=True) for member in out[key]]
    if "oneOf" in out:
        out["oneOf"] = [closed(member, combined=combined) for member in out["oneOf"]]
    for key in SCHEMA_MAPS:
        if key in out:
            out[key] = {name: closed(value) for name, value in out[key].items()}
    for key in SCHEMA_VALUES:
        if key in out and isinstance(out[key], dict) and key not in ("not", "propertyNames"):
            out[key] = closed(out[key])
    if "prefixItems" in out:
        out["prefixItems"] = [closed(item) for item in out["prefixItems"]]
    names, open_ended = declared(out)
    if names and not open_ended and not combined:
        out["propertyNames"] = {"enum": sorted(names)}
    return out


def is_nullable_wrapper(node):
    """Whether `node` is `anyOf: [schema, {type: null}]` and nothing else that combines."""
    members = node.get("anyOf")
    return (isinstance(members, list) and len(members) == 2 and {"type": "null"} in members
            and "allOf" not in node and "oneOf" not in node)


def declared(node):
    """The property names `node` and its combined members declare or require, and whether any of
    them allows other keys explicitly (`additionalProperties`, `patternProperties`)."""
    if not isinstance(node, dict):
        return set(), False
    names = set((node.get("properties") or {}).keys())
    # A required key the object does not describe is still one of its keys (the client keeps it
    # as a free-form property); closing the object without it would leave no valid instance.
    if names:
        names |= {name for name in node.get("required") or [] if isinstance(name, str)}
    open_ended = "patternProperties" in node or node.get("additionalProperties") not in (None, False)
    for key in ("allOf", "anyOf", "oneOf"):
        for member in node.get(key, []):
            member_names, member_open = declared(member)
            names |= member_names
            open_ended |= member_open
    return names, open_ended
