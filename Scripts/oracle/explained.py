"""Findings that are not apigen's: each entry names the spec, the kind of finding, text its location
and its message contain, whose fault it is, and why, quoting the spec where it contradicts itself
or naming the validator's limit. The report lists every finding under its explanation, and every
finding without one under "Not explained": those are apigen's to fix. An entry that no finding
matches any more is reported too, so that a fixed spec or oracle does not leave a stale excuse."""

SPEC = "the spec's own fault"
VALIDATOR = "a limit of a validator"

WHY_CONST_BESIDE_REF = (
    "TrueExpression and FalseExpression write `type: {$ref: ExpressionType, const: \"true\"}` (and `\"false\"`) in an OpenAPI 3.0.3 document: 3.0 ignores every keyword beside `$ref` and has no `const`, so by the letter any string is their `type` and the two overlap; the spec plainly means the constant, which the client enforces so that an Expression tells them apart.")

WHY_NULLABLE_ALONE = (
    "Filter's `should`, `must` and `must_not` are `anyOf: [Condition, {type: array, items: Condition}, "
    "{nullable: true}]` in an OpenAPI 3.0.1 document. `nullable` takes effect only beside a `type` (3.0.3 "
    "clarifies it), so `{nullable: true}` alone is a schema of no constraint, and by the letter any value is "
    "valid there: the instance's array of objects that are no Condition (a Filter is closed, every other "
    "Condition requires its key) is valid only through that alternative. The spec plainly means null (an "
    "optional condition list), which is how the client reads it; a value no Condition describes has no "
    "place in it.")

WHY_MULTIPART_UNION_TEXT = (
    "A multipart part is text: the client sends `expiry` (`anyOf: [{type: integer}, {type: \"null\"}]`) as "
    "`1` and `temperature` (`anyOf: [{type: number}, {type: \"null\"}]`) as `1.5`. openapi-core turns a "
    "part's text into a number only where the property's own schema says `type`; behind a union it keeps "
    "the string `'1'`, which neither alternative accepts.")

WHY_SEND_AT = (
    "`send_at` is `{type: string, format: date-time, enum: [\"now\"]}`: its one listed value is no date-time "
    "(the description allows \"an ISO 8601 time … or the string now\", which the schema does not say), so no "
    "value is valid. The client sends the listed value.")

WHY_EMPTY_DATE_DEFAULT = (
    "`start_date` and `end_date` (`trait:baseParams:start_date`) are `{type: string, format: date, default: \"\"}`: "
    "the default is no date. The client leaves them out when not given; openapi-core validates the spec's "
    "default in their place.")

WHY_MAP_PART = (
    "In JSON Schema an allOf part's `additionalProperties` applies to every key that part does not declare "
    "itself, the keys other parts declare included. OpenSearch puts a map in one part (MultiBucketBase's "
    "sub-aggregations, `additionalProperties: {$ref: Aggregate}`) beside parts that declare a bucket's `key`, "
    "`bg_count` or `max`: by the letter each of those must also "
    "be an Aggregate, which no number or string is. The spec means the map for the other keys only, as the "
    "client reads it.")

WHY_OPEN_HEADER_OR_BODY = (
    "A multi-search line, RequestItem, is `oneOf: [MultisearchHeader, MultisearchBody]`: two objects whose "
    "properties are all optional and which leave other keys open, so every header is also a body (and the other "
    "way round) and no line is valid under exactly one; jsonschema says `is valid under each of`. The client "
    "sends the header it is given.")

WHY_CLOSED_PART_BESIDE_REQUIRED = (
    "In JSON Schema an allOf part's `additionalProperties: false` sees only that part's own properties. "
    "linode closes one part of these bodies and requires keys another part declares: creating a Linode "
    "requires `type` and `region`, which the second part declares, beside a first part that says "
    "`additionalProperties: false` and declares `image`, `root_pass`, `authorized_keys`…; rebuilding one "
    "requires `image` and `root_pass` beside a closed part that declares only `type`; a managed credential "
    "requires `password` beside a closed part of `id`, `label`, `last_decrypted`; a NodeBalancer config "
    "rebuild requires `nodes` beside a closed part without it. By the letter no value holds the required "
    "keys and is valid; the spec means the union of the parts, which the client sends.")

WHY_CLOSED_OUTER = (
    "The VPC IP lists say `additionalProperties: false` on the outer schema, whose own `properties` are "
    "empty, beside `allOf: [{page, pages, results}, {data}]`: JSON Schema's `additionalProperties` sees only "
    "the properties of the schema it sits in, so by the letter only `{}` is valid, and no page of results "
    "is. The spec means the keys its parts declare.")

WHY_SUPERSET_ALTERNATIVE = (
    "Droplet actions by tag are `oneOf: [droplet_action, droplet_action_snapshot]`, and "
    "droplet_action_snapshot is `allOf: [droplet_action, {properties: {name}}]` with nothing required of "
    "its own, beside a droplet_action that leaves other keys open: every value of one is a value of the "
    "other, so no value is valid under exactly one, as `oneOf` asks. The discriminator maps each `type` to "
    "one of them, which is how the client sends it.")

WHY_REQUIRED_BUT_CLOSED = (
    "Creating a bucket requires `label` and `cluster` (`required: [label, cluster]`) of an object that says "
    "`additionalProperties: false` and declares `acl`, `cors_enabled`, `label` and `region`, but no "
    "`cluster` (the description of `region` says it replaced the legacy cluster id): no value holds "
    "`cluster` and is valid. The client sends the declared keys.")

WHY_ANY_OBJECT_ALTERNATIVE = (
    "The `X-Filter` header is `oneOf: [{title: Simple filter, type: object}, {title: Filter and sort "
    "criteria, type: object, additionalProperties: false, properties: {+and, +or, +order_by, …}}]`: the "
    "first alternative is any object, so every value of the second is one of the first too, and no value of "
    "the second is valid under exactly one, `{}` (the sample, every key being optional) included.")

WHY_HEADER_UNION_TEXT = (
    "A header is text: the client writes the `X-Filter` object `{}` in the simple style as the empty string. "
    "openapi-core turns a header's text into an object only where the parameter's own schema says `type: "
    "object`; behind the `oneOf` it keeps the string `''`, which neither alternative accepts.")

WHY_READ_ONLY_REQUIRED = (
    "The request body requires what it marks read-only, which a request may not carry: reordering a "
    "config's interfaces requires `ids`, an array whose `items` are `{type: integer, readOnly: true}` (only "
    "`[]` could be sent); adding a firewall device is `allOf: [{readOnly: true, type: object, properties: "
    "{id, type, label, url}}]` with `required: [id, type]`, so the whole body is read-only. The client sends "
    "the values the operation needs.")

WHY_ITEM_KEYS_ON_ARRAY = (
    "These bodies write the required keys of an array's items on the array itself, in a part beside the one "
    "that types it: firewall rules restate `inbound: {required: [action, addresses, protocol]}` (and "
    "`outbound`) beside `inbound: {type: array, items: {…}}`; a new VPC restates `subnets: {required: [ipv4, "
    "label]}` beside `subnets: {type: array, …}`. A schema with `required` and no `type` is read as an object, "
    "as OpenAPI tools read it, so by that reading no value is both; by JSON Schema's, the keys constrain "
    "nothing, as the items are not checked. The client keeps the array the spec types.")

WHY_MULTIPART_BOOLEAN_UNION = (
    "A multipart part is text: the client sends a transcription's `stream` (`anyOf: [{type: boolean}, "
    "{type: \"null\"}]`) as `false`. openapi-core turns a part's text into a boolean only where the "
    "property's own schema says `type`; behind the union it keeps the string `'false'`, which neither "
    "alternative accepts.")

# (spec, kind, location contains, message contains, whose, why)
EXPLAINED = [
    ("digitalocean", "sample in overlapping oneOf", "dropletActions_post_byTag", "is valid under each of", SPEC,
     WHY_SUPERSET_ALTERNATIVE),
    ("digitalocean", "request rejected", "dropletActions_post_byTag", "is valid under each of", SPEC,
     WHY_SUPERSET_ALTERNATIVE),
    ("linode", "invalid sample", "object-storage~1buckets/post", "'cluster' is a required property", SPEC,
     WHY_REQUIRED_BUT_CLOSED),
    ("openai", "request rejected", "createTranscription", "'false' is not valid under any of the given schemas", VALIDATOR,
     WHY_MULTIPART_BOOLEAN_UNION),
    ("linode", "sample in overlapping oneOf", "~1linode~1instances/get/parameters/0", "{} is valid under each of", SPEC,
     WHY_ANY_OBJECT_ALTERNATIVE),
    ("linode", "request rejected", "get-linode-instances", "'' is not valid under any of the given schemas", VALIDATOR,
     WHY_HEADER_UNION_TEXT),
    ("linode", "request rejected", "post-linode-config-interfaces", "Tried to write read-only property", SPEC,
     WHY_READ_ONLY_REQUIRED),
    ("linode", "request rejected", "post-firewall-device", "Tried to write read-only property", SPEC,
     WHY_READ_ONLY_REQUIRED),
    ("linode", "invalid sample", "", "[{}] is not of type 'object'", SPEC, WHY_ITEM_KEYS_ON_ARRAY),
    ("linode", "request rejected", "post-object-storage-bucket", "'cluster' is a required property", SPEC,
     WHY_REQUIRED_BUT_CLOSED),
    ("linode", "invalid sample", "~1vpcs", "Additional properties are not allowed", SPEC, WHY_CLOSED_OUTER),
    ("linode", "invalid sample", "", "Additional properties are not allowed", SPEC, WHY_CLOSED_PART_BESIDE_REQUIRED),
    ("linode", "request rejected", "", "Additional properties are not allowed", SPEC, WHY_CLOSED_PART_BESIDE_REQUIRED),
    ("google-maps", "invalid sample", "places_m", "is not of type 'string'", SPEC,
     "`maxprice` and `minprice` are `{type: string, enum: [0, 1, 2, 3, 4]}`: the enum lists numbers where "
     "the type says string, so no value is valid for both."),
    ("google-maps", "request rejected", "Search", "is not one of [0, 1, 2, 3, 4]", SPEC,
     "The same `maxprice`/`minprice` schema, `{type: string, enum: [0, 1, 2, 3, 4]}`: a query value is text, "
     "and no text is one of the listed numbers."),
    ("mistral", "request rejected", "files_api_routes_upload_file", "'1' is not valid under any of the given schemas",
     VALIDATOR, WHY_MULTIPART_UNION_TEXT),
    ("mistral", "request rejected", "audio_api_v1_transcriptions_post", "'1.5' is not valid under any of the given schemas",
     VALIDATOR, WHY_MULTIPART_UNION_TEXT),
    ("opensearch", "invalid sample", "Bucket", "is not valid under any of the given schemas", SPEC, WHY_MAP_PART),
    ("opensearch", "invalid sample", "TermsAggregate", "buckets/0/key", SPEC, WHY_MAP_PART),
    ("opensearch", "invalid sample", "/RequestItem ", "{'allow_no_indices': True", SPEC, WHY_OPEN_HEADER_OR_BODY),
    ("opensearch", "request rejected", "msearch", "InvalidSchemaValue: {'allow_no_indices': True", SPEC,
     WHY_OPEN_HEADER_OR_BODY),
    ("polaris-catalog", "decode failed", "Expression", "Debug description: Expected ", SPEC, WHY_CONST_BESIDE_REF),
    ("polaris-catalog", "sample in overlapping oneOf", "", "{'type': 'true'} is valid under each of", SPEC, WHY_CONST_BESIDE_REF),
    ("polaris-catalog", "invalid sample", "ReportMetricsRequest", "'filter': {'type': 'true'}", SPEC, WHY_CONST_BESIDE_REF),
    ("polaris-catalog", "request rejected", "reportMetrics", "'filter': {'type': 'true'}", SPEC, WHY_CONST_BESIDE_REF),
    ("qdrant", "changed", "Expression", "$.should[", SPEC, WHY_NULLABLE_ALONE),
    ("qdrant", "changed", "IdfParams", "$.corpus.must_not[", SPEC, WHY_NULLABLE_ALONE),
    ("redocly-cafe", "request rejected", "createMenuItem", "'category' is a required property", VALIDATOR,
     "openapi-core reads a multipart/form-data body through the properties its schema declares itself; "
     "MenuItem is `oneOf` of Beverage and Dessert, each an `allOf`, so it finds no member its text fields "
     "validate against and reads `{}` (it says \"invalid allOf schema found\"), even with Beverage alone as the "
     "body schema. The client sent the fields Beverage declares: category=beverage, containsCaffeine=true, "
     "name, photo, photoTextDescription, price=1, volume=1.5."),
    ("sendgrid-swagger", "invalid sample", "singlesends~1{id}~1schedule", "'now' is not a 'date-time'", SPEC, WHY_SEND_AT),
    ("sendgrid-swagger", "request rejected", "PUT_marketing-singlesends-id-schedule", "'now' is not a 'date-time'", SPEC,
     WHY_SEND_AT),
    ("sendgrid-swagger", "invalid sample", "~1messages/get/responses/200", "last_event_time", SPEC,
     "Each message is `allOf: [common fields, {properties: {last_event_time: {type: integer}}}]` beside its own "
     "`properties: {last_event_time: {type: string, description: \"iso 8601 format\"}}`, and `required` lists "
     "it: no value is both an integer and a string. The sample takes the spec's example, "
     "`\"last_event_time\": \"2017-10-13T18:56:21Z\"`."),
    ("sendgrid-swagger", "invalid sample", "~1messages~1{msg_id}/get/responses/200", "bounce_type", SPEC,
     "An event's `bounce_type` is `enum: [soft, hard]` in the allOf part and `enum: [bounced, blocked, expired]` "
     "in the schema's own properties: no value is in both. The sample takes the spec's example of an event, "
     "`\"bounce_type\": \"blocked\"`."),
    ("sendgrid-swagger", "request rejected", "get-automation-stat", "'' is not a 'date'", SPEC, WHY_EMPTY_DATE_DEFAULT),
    ("sendgrid-swagger", "request rejected", "get-singlesend-stat", "'' is not a 'date'", SPEC, WHY_EMPTY_DATE_DEFAULT),
    ("together", "request rejected", "listTrainingSessions", "'20' is not of type 'integer'", SPEC,
     "`limit` is `{type: integer, format: int32, default: \"20\"}`: the default is a string. The client does "
     "not send `limit` when it is not given; openapi-core validates the spec's default in its place."),
    ("together", "sample in overlapping oneOf", "AudioT", "file", SPEC,
     "`file` is `oneOf: [{type: string, format: uri}, {type: string, format: binary}]`. `format` is an "
     "annotation in JSON Schema 2020-12 and not checked by default, so every string is valid under both."),
    ("together", "request rejected", "audio-t", "is valid under each of", SPEC,
     "The same `file` oneOf of a URI string and a binary string: every string is valid under both."),
]


def explanation(spec, kind, where, what):
    """(whose, why) for a finding an entry explains, else None."""
    for entry in EXPLAINED:
        if matches(entry, spec, kind, where, what):
            return entry[4], entry[5]
    return None


def matches(entry, spec, kind, where, what):
    name, entry_kind, location, message = entry[:4]
    return name == spec and entry_kind == kind and location in where and message in what


def unused(findings, specs):
    """Entries for the checked specs that no finding matched."""
    return [entry for entry in EXPLAINED if entry[0] in specs
            and not any(matches(entry, *finding) for finding in findings)]
