"""The checks of Scripts/conformance on one spec: round trips of generated instances, samples and
requests, each against independent validators (see the script's help). The validators' packages
are imported inside the functions: the script imports this module before it has made sure of them."""
import contextlib
import json
import os
import signal
import subprocess

GENERATION_TIMEOUT = 10  # seconds of CPU for generating one schema's instances


def instances_for(task):
    """In a worker: (location, instances or None, skip reason, invalid count, whether they come from
    an expansion cut after a few references) for one schema, drawn from the fullest of its
    expansions that gives any in time."""
    from oracle import instances

    location, expansions, bundle, count, seed = task
    reasons, check = [], None
    for position, (expanded, shallow) in enumerate(expansions):
        generated, reason = generate_in_time(expanded, count, seed)
        if generated is not None:
            check = check or instances.validator(bundle)  # once, and only where something was drawn
            found, reason, invalid = kept_instances(generated, expanded, check)
            if found is not None or position == len(expansions) - 1:
                return location, found, reason, invalid, shallow
        reasons.append(reason)
    return location, None, "; cut shallower: ".join(dict.fromkeys(reasons)), 0, False


def generate_in_time(expanded, count, seed):
    """(instances, None) or (None, why none), within GENERATION_TIMEOUT seconds of CPU; a union
    hypothesis draws slowly whole (filtering each draw through every alternative) gets as long
    again alternative by alternative, which is often quick (Adyen's BankAccountV3: 16 kinds of
    account number)."""
    from oracle import instances
    from oracle.schemas import Unsupported

    timed_out = f"instance generation took over {GENERATION_TIMEOUT} s of CPU"
    try:
        with cpu_limit():
            return instances.generate(expanded, count, seed), None
    except Unsupported as reason:
        return None, str(reason)
    except instances.OutOfTime:
        pass
    parts = instances.alternatives(expanded)
    if not parts:
        return None, timed_out
    try:
        with cpu_limit():
            found = instances.generate_by_alternatives(parts, count, seed)
        return (found, None) if found else (None, timed_out)
    except instances.OutOfTime:
        return None, timed_out + ", also alternative by alternative"


@contextlib.contextmanager
def cpu_limit():
    """Raises `OutOfTime` inside the block after GENERATION_TIMEOUT seconds of this worker's CPU
    time (not wall time: a busy machine must not turn into skipped schemas), and again every second
    after that: one expiry that lands where it is caught must not be the last."""
    from oracle import instances

    def out_of_time(*_):
        raise instances.OutOfTime()

    signal.signal(signal.SIGVTALRM, out_of_time)
    signal.setitimer(signal.ITIMER_VIRTUAL, GENERATION_TIMEOUT, 1)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)


def kept_instances(generated, expanded, check):
    """(instances to send or None, why none, invalid count): those `check` (jsonschema) accepts
    and that carry no key of an alternative they do not match, plus the schema's edge values."""
    from oracle import instances

    valid, invalid, stray = [], 0, 0
    for instance in generated:
        if instances.first_error(check, instance) is not None:
            invalid += 1  # the generator and the validator disagree: not sent, counted
        elif instances.stray_key(instance, expanded) is not None:
            stray += 1  # a key only an alternative it does not match declares: an undeclared key
        else:
            valid.append((instance, True))
    valid += instances.edge_values(expanded)
    if not valid and stray:
        return None, f"all {stray} generated instances carry keys of alternatives they do not match", invalid
    if not valid:
        return None, f"jsonschema rejected all {invalid} generated instances", invalid
    return valid, None, invalid


def check_round_trips(spec, binary, work, results, args, pool, corpus):
    from oracle import instances
    from oracle.schemas import Dialect, SpecDocuments, Unsupported

    listed = subprocess.run([str(binary), spec.module, "locations"], capture_output=True, text=True, check=True).stdout.split("\n")
    documents = SpecDocuments(spec.path)
    dialect = Dialect(documents)
    tasks, row = [], {"schemas": 0, "instances": 0, "round_trips": 0, "skipped": 0, "same": 0}
    seen = set()
    for location in [line for line in listed if line]:
        try:
            # A body that is only a reference to a named schema is that schema again: checked once.
            target = dialect.referenced(location)
            if target in seen:
                row["same"] += 1
                continue
            seen.add(target)
            expansions = dialect.expansions(location, undeclared_keys=args.undeclared_keys)
            tasks.append((location, expansions, dialect.bundle(location), args.instances, args.seed))
        except Unsupported as reason:
            results.skipped.append((spec.name, "schema", location, f"not expressible: {reason}"))
            row["skipped"] += 1
        except (KeyError, IndexError, TypeError, AttributeError, ValueError) as reason:
            results.skipped.append((spec.name, "schema", location, oracle_error(reason)))
            row["skipped"] += 1
    pending = [(task[0], pool.apply_async(instances_for, (task,))) for task in tasks]
    records, by_id = [], {}
    for position, (location, future) in enumerate(pending, 1):
        if position % 200 == 0:
            corpus.log(f"   {position}/{len(pending)} schemas")
        try:
            _, found, reason, _, shallow = future.get()
        except Exception as error:  # a tool's failure on this schema: skipped with the reason
            found, reason, shallow = None, f"{type(error).__name__}: {str(error)[:200]}", False
        if found is None:
            results.skipped.append((spec.name, "schema", location, reason))
            row["skipped"] += 1
            continue
        row["schemas"] += 1
        row["shallow"] = row.get("shallow", 0) + shallow
        for index, (instance, valid) in enumerate(found):
            identifier = len(records)
            records.append(f"{identifier}\t{location}\t{json.dumps(instance, ensure_ascii=False)}")
            by_id[identifier] = (location, index, instance, valid)
    if not records:
        return row
    source, target = work / "conformance" / f"{spec.module}.in.tsv", work / "conformance" / f"{spec.module}.out.tsv"
    source.parent.mkdir(exist_ok=True)
    source.write_text("\n".join(records) + "\n")
    subprocess.run([str(binary), spec.module, "roundtrip", str(source), str(target)], check=True)
    for line in target.read_text().split("\n"):  # not splitlines: U+2028 and U+0085 are data
        if not line:
            continue
        identifier, status, payload = line.split("\t", 2)
        location, index, instance, valid = by_id[int(identifier)]
        where = f"{location} #{index + 1}" + ("" if valid else " (unknown enum value)")
        row["instances"] += 1
        if status == "ok":
            problem = instances.difference(instance, json.loads(payload))
            if problem is None:
                row["round_trips"] += 1
                continue
            results.finding(spec.name, "changed", where, f"{problem}; instance {instances.short(instances.canonical(instance), 200)}")
        elif status == "unknown":
            results.finding(spec.name, "no type", where, "the client has no type for this location")
        else:
            results.finding(spec.name, "decode failed", where, f"{instances.short(payload, 300)}; instance "
                            f"{instances.short(instances.canonical(instance), 200)}")
    return row


def check_samples(spec, binary, work, results):
    """Each named model's samples, as the client encodes them, against the model's schema."""
    from oracle import instances
    from oracle.schemas import Dialect, SpecDocuments, Unsupported

    target = work / "conformance" / f"{spec.module}.samples.tsv"
    target.parent.mkdir(exist_ok=True)
    subprocess.run([str(binary), spec.module, "samples", str(target)], check=True)
    dialect = Dialect(SpecDocuments(spec.path))
    validators, row = {}, {"samples": 0, "valid": 0}
    for line in target.read_text().split("\n"):  # not splitlines: U+2028 and U+0085 are data
        if not line:
            continue
        location, index, payload = line.split("\t", 2)
        if index == "error":
            results.finding(spec.name, "sample failed", location, instances.short(payload, 300))
            row["samples"] += 1
            continue
        if location not in validators:
            try:
                validators[location] = instances.validator(dialect.bundle(location))
            except Unsupported as reason:
                validators[location] = None
                results.skipped.append((spec.name, "sample", location, f"not expressible: {reason}"))
            except (KeyError, IndexError, TypeError, AttributeError, ValueError) as reason:
                validators[location] = None
                results.skipped.append((spec.name, "sample", location, oracle_error(reason)))
        check = validators[location]
        if check is None:
            continue
        sample = json.loads(payload)
        try:
            problem = instances.first_error(check, sample)
        except (TypeError, ValueError) as reason:  # a schema jsonschema cannot apply (`minimum: "0"`)
            validators[location] = None
            results.skipped.append((spec.name, "sample", location, f"jsonschema failed: {reason}"))
            continue
        row["samples"] += 1
        if problem is None:
            row["valid"] += 1
            continue
        # A value that several alternatives of a oneOf accept: if it is valid once every oneOf is
        # read as anyOf, the alternatives overlap (one may accept all the other does, so that no
        # value is valid): worth saying apart from a sample that breaks a constraint.
        kind = "invalid sample"
        if "is valid under each of" in problem and instances.first_error(
                instances.validator(any_of(dialect.bundle(location))), sample) is None:
            kind = "sample in overlapping oneOf"
        results.finding(spec.name, kind, f"{location} #{int(index) + 1}",
                        f"{problem}; sample {instances.short(instances.canonical(sample), 200)}")
    return row


ORACLE_ERROR = "oracle error"


def oracle_error(reason):
    """The skip reason of a failure in the oracle's own code (reading a spec it should read):
    such a skip hides what it skips for no reason of the spec's or the tools', so a run that has
    one fails."""
    return f"{ORACLE_ERROR}: {type(reason).__name__}: {str(reason)[:200]}"


def any_of(schema):
    """The schema with every oneOf read as anyOf."""
    if isinstance(schema, dict):
        return {("anyOf" if key == "oneOf" else key): any_of(value) for key, value in schema.items()}
    if isinstance(schema, list):
        return [any_of(item) for item in schema]
    return schema


def check_requests(spec, binary, work, results):
    from oracle.requests import RequestChecker, base_url
    from oracle.schemas import SpecDocuments
    from oracle.swagger import to_openapi3

    documents = SpecDocuments(spec.path)
    entry = documents.load(os.path.basename(documents.entry))
    row = {"operations": 0, "valid": 0}
    converted = None
    if "openapi" not in entry:
        # openapi-core reads OpenAPI 3 only: a Swagger 2.0 spec is checked as its 3.0 conversion,
        # which covers one file (the references into other files would need converting too).
        if external_references(entry):
            results.skipped.append((spec.name, "requests", "all operations", "Swagger 2.0 spec split over files"))
            row["operations"] = None
            return row
        try:
            converted = to_openapi3(entry)
        except (KeyError, IndexError, TypeError, AttributeError, ValueError) as reason:
            results.skipped.append((spec.name, "requests", "all operations", oracle_error(reason)))
            row["operations"] = None
            return row
    url = base_url(converted or entry)
    target = work / "conformance" / f"{spec.module}.requests.jsonl"
    target.parent.mkdir(exist_ok=True)
    subprocess.run([str(binary), spec.module, "requests", url, str(target)], check=True)
    checker = RequestChecker(documents, url, spec=converted)
    verdicts = {}
    for line in filter(None, target.read_text().split("\n")):
        recorded = json.loads(line)
        operation, where = recorded["operation"], f"{recorded['operation']} ({recorded['variant']} arguments)"
        if "error" in recorded:
            problem = f"not built: {recorded['error']}"
        else:
            problem = checker.check(recorded)
        if problem:
            results.finding(spec.name, "request rejected", where,
                            f"{problem[:400]}; sent {recorded.get('method', '')} {recorded.get('url', '')}")
        verdicts[operation] = verdicts.get(operation, True) and problem is None
    row["operations"], row["valid"] = len(verdicts), sum(verdicts.values())
    return row


def external_references(node):
    """Whether a loaded document has a `$ref` into another file."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and not ref.startswith("#"):
            return True
        return any(external_references(value) for value in node.values())
    if isinstance(node, list):
        return any(external_references(item) for item in node)
    return False
