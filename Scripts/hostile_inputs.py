"""The generated heavy inputs of `Scripts/bench --hostile`: malformed files too big or too dense
to keep in the repository, written afresh into the bench's work folder."""
import os

HOSTILE_HEAD = "openapi: 3.0.3\ninfo: {title: Big, version: \"1\"}\npaths: {}\n"


def hostile_inputs(work):
    """The generated heavy cases (the same shapes BadSpecTests checks for their diagnostics)."""
    folder = os.path.join(work, "hostile")
    os.makedirs(folder, exist_ok=True)

    def write(name, text):
        path = os.path.join(folder, name)
        with open(path, "w") as out:
            out.write(text)
        return path

    # 50 MB of schemas as real specs write them (descriptions of real length, about 21 bytes per
    # YAML event, like the OpenAI spec), then an unclosed quote on the last line: BadSpecTests'
    # file. Written piece by piece: the child's peak RSS counts what this process held at fork.
    schema = """    Invoice{i}:
      type: object
      description: >-
        An invoice sent to a customer, with its lines, totals and the state of its payment.
        Invoices start as drafts, which can be edited freely; once finalized they can only be
        paid or voided, and every change is recorded in the invoice's history.
      required: [id, customer, lines]
      properties:
        id:
          type: string
          description: >-
            The identifier of the invoice, unique within the account and stable for its whole
            life, including after it is paid, voided or archived.
          example: in_{i}
        customer:
          $ref: '#/components/schemas/Customer'
        status:
          type: string
          enum: [draft, open, paid, void]
          description: >-
            Where the invoice is in its life, from draft to paid or void. Only open invoices can
            be paid; a paid invoice cannot be voided, only refunded through a credit note.
        total:
          type: integer
          format: int64
          description: >-
            The amount due in the smallest unit of the currency (cents for USD, yen for JPY),
            after discounts and taxes and before any credit balance is applied.
        lines:
          type: array
          items: {{$ref: '#/components/schemas/Invoice{previous}'}}

"""
    big = os.path.join(folder, "big.yaml")
    with open(big, "w") as out:
        size = out.write(HOSTILE_HEAD + "components:\n  schemas:\n")
        index = 0
        while size < 50 * 1024 * 1024:
            size += out.write(schema.format(i=index, previous=max(index - 1, 0)))
            index += 1
        out.write("    Broken: {description: \"never closed\n")
    cases = [("50 MB, error at the end", big)]
    # 1.5 million small flow sequences, 6 million nodes in 40 MB (7 bytes a node, three times
    # as dense as real YAML), and an unclosed one at the end.
    flow = os.path.join(folder, "flow.yaml")
    with open(flow, "w") as out:
        out.write(HOSTILE_HEAD + "x-rows:\n")
        for start in range(0, 1_500_000, 10_000):
            out.write("".join(f"- [alpha{index % 100:02d}, bravo, charlie]\n" for index in range(start, start + 10_000)))
        out.write("- [never closed\n")
    cases.append(("40 MB, 6 M nodes, error at the end", flow))
    # As dense as YAML gets with distinct texts (a node per 4 bytes): over the node budget.
    dense = os.path.join(folder, "dense.yaml")
    with open(dense, "w") as out:
        out.write(HOSTILE_HEAD + "x-dense: [")
        letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
        written = 0
        while written < 10_000_000:  # 238 328 distinct texts, over and over, none kept here
            for first in letters:
                row = [first + b + c for b in letters for c in letters]
                out.write(",".join(row) + ",")
                written += len(row)
        out.write("0]\n")
    cases.append(("a node per 4 bytes, 10 M nodes", dense))
    many = HOSTILE_HEAD + "components:\n  schemas:\n" + "".join(f"    S{i}: {{type: strnig}}\n" for i in range(10_000))
    cases.append(("10 000 errors", write("many.yaml", many)))
    depth = 100_000
    cases.append(("100 000-deep flow sequences", write("deep.yaml", HOSTILE_HEAD + "x-deep: " + "[" * depth + "]" * depth + "\n")))
    cases.append(("100 000-deep JSON objects", write("deep.json", '{"openapi": "3.0.3", "x": ' + '{"a": ' * depth + "1" + "}" * depth + "}")))
    return cases
