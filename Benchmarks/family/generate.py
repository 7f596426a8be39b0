#!/usr/bin/env python3
"""Writes issue 13's benchmark family of diet models as .plan files.

The family: the SR28 foods with values for energy, protein, fat, carbohydrate
and sodium (8,706 of 8,789), ordered by the lowercase hex MD5 digest of
"20240917:NDB", the first N of them listed in NDB order (so each size holds the
smaller ones); a price per 100 g of round(random.Random(20240917 ^ NDB).uniform(0.10, 3.00), 2);
one amount per food and day, 0 to 500 g a day and at most 700 g a week per
food; an adult's daily goals; the cheapest week (7 days). A value SR28 leaves
empty is left out of the food, and counts as 0.

The foods come from the catalog planner bundles
(Sources/MealOptimizer/Resources/usda-sr28.plancat, which holds every SR28
value exactly as SR28 writes it), or with --sr28 DIR from the raw SR28 release.

    generate.py --sizes 200,1000 --out DIR            family-200.plan, family-1000.plan
    generate.py --tsv ...                             also family-N.tsv, the same foods as a table
    generate.py --sizes 200 --whole --out DIR         family-200-whole.plan (whole 100 g servings)
    generate.py --sr28 ../shared/data/usda-sr28 ...   read the raw SR28 files instead
"""
import argparse
import hashlib
import os
import random
import sys

SEED = 20240917
DAYS = 7
# (catalog name, SR28 nutrient number, unit written in the .plan file)
NUTRIENTS = [
    ("energy", "208", "kcal"), ("protein", "203", "g"), ("fat", "204", "g"), ("carbs", "205", "g"),
    ("fiber", "291", "g"), ("saturated_fat", "606", "g"), ("sodium", "307", "mg"),
    ("calcium", "301", "mg"), ("iron", "303", "mg"), ("vitamin_c", "401", "mg"),
    ("potassium", "306", "mg"),
]
REQUIRED = ["energy", "protein", "fat", "carbs", "sodium"]
GOALS = """goal adult "An adult's day" {
  energy 1800...2400 kcal per day
  protein >= 60 g per day
  fiber >= 25 g per day
  sodium <= 2300 mg per day
  saturated_fat <= 22 g per day
  calcium >= 1000 mg per day
  iron >= 8 mg per day
  vitamin_c >= 90 mg per day
  potassium >= 3500 mg per day
}
"""
HERE = os.path.dirname(os.path.abspath(__file__))
CATALOG = os.path.join(HERE, "..", "..", "Sources", "MealOptimizer", "Resources", "usda-sr28.plancat")


class Reader:
    """The bundled catalog's byte format (see FoodCatalog+Serialization.swift)."""

    def __init__(self, data):
        self.data, self.offset = data, 0

    def byte(self):
        self.offset += 1
        return self.data[self.offset - 1]

    def varint(self):
        result = shift = 0
        while True:
            b = self.byte()
            result |= (b & 0x7F) << shift
            if b < 0x80:
                return result
            shift += 7

    def string(self):
        n = self.varint()
        self.offset += n
        return self.data[self.offset - n:self.offset].decode("utf-8")

    def decimal(self):
        """The value's exact decimal text: a zigzag mantissa and a scale of up to 7 digits."""
        packed = self.varint()
        scale, zigzag = packed & 7, packed >> 3
        mantissa = (zigzag >> 1) ^ -(zigzag & 1)
        text = str(abs(mantissa)).rjust(scale + 1, "0")
        if scale:
            text = text[:-scale] + "." + text[-scale:]
            text = text.rstrip("0").rstrip(".")
        return ("-" if mantissa < 0 else "") + text


def catalog_foods(path):
    """{ndb: (description, {name: value text})} for every food of the bundled catalog."""
    with open(path, "rb") as f:
        r = Reader(f.read())
    if r.data[:8] != b"PLNCAT02":
        sys.exit(f"generate.py: {path} is not a planner catalog of format 02")
    r.offset = 8
    for _ in range(r.varint()):
        r.string()
    names = [r.string() for _ in range(r.varint())]
    foods = {}
    for _ in range(r.varint()):
        ndb, description = r.string(), r.string()
        r.string()  # short name
        r.string()  # common names
        r.byte()  # group
        r.varint()  # tags
        values = {}
        for _ in range(r.varint()):
            column = r.byte()
            values[names[column]] = r.decimal()
        for _ in range(r.varint()):
            r.string(), r.string(), r.decimal(), r.decimal()
        foods[ndb] = (description, values)
    return foods


def sr28_foods(directory):
    """The same, from the raw SR28 release (Latin-1, '^'-separated, '~'-quoted)."""
    by_number = {number: name for name, number, _ in NUTRIENTS}
    foods = {}
    with open(os.path.join(directory, "FOOD_DES.txt"), encoding="latin-1") as f:
        for line in f:
            fields = line.rstrip("\r\n").split("^")
            foods[fields[0].strip("~")] = (fields[2].strip("~"), {})
    with open(os.path.join(directory, "NUT_DATA.txt"), encoding="latin-1") as f:
        for line in f:
            fields = line.split("^", 3)
            name = by_number.get(fields[1].strip("~"))
            if name and fields[2] != "":
                value = fields[2]
                if "." in value:
                    value = value.rstrip("0").rstrip(".")
                foods[fields[0].strip("~")][1][name] = value
    return foods


def family(foods):
    """The qualifying NDB numbers in the family's order (MD5 of "20240917:NDB")."""
    qualifying = [ndb for ndb, (_, values) in foods.items() if all(n in values for n in REQUIRED)]
    return sorted(qualifying, key=lambda ndb: hashlib.md5(f"{SEED}:{ndb}".encode()).hexdigest())


def price(ndb):
    return round(random.Random(SEED ^ int(ndb)).uniform(0.10, 3.00), 2)


# The optimum of each size's week (issue 13), for --expect.
OPTIMA = {200: "17.54349057", 1000: "5.9507921", 4000: "3.710022403", 8000: "3.207071406"}


def write_plan(path, foods, order, size, whole, expect=False):
    chosen = sorted(order[:size])
    out = [
        f"// Issue 13's benchmark family: {size} USDA SR28 foods x {DAYS} days, the cheapest week.",
        "// Written by Benchmarks/family/generate.py; prices are made up (seeded), nutrition is SR28's.",
    ]
    if expect and not whole and size in OPTIMA:
        out += [f"// Regenerate: python3 Benchmarks/family/generate.py --sizes {size} --expect --out Tests/PlanSolvingTests/Fixtures/golden", "//",
                f"// expect week: optimal {OPTIMA[size]}"]
    out += ["", GOALS]
    for ndb in chosen:
        description, values = foods[ndb]
        label = description.replace("\\", "\\\\").replace('"', '\\"')
        nutrition = "; ".join(f"{name} {values[name]} {unit}" for name, _, unit in NUTRIENTS if name in values)
        out.append(f'food f{ndb} "{label}" {{')
        out.append(f"  per 100 g {{ {nutrition} }}")
        if whole:
            out.append("  measure serving = 100 g")
        out.append(f"  price {price(ndb):.2f} USD per 100 g")
        out.append("}")
    name = "whole" if whole else "week"
    out += ["", f'plan {name} "The cheapest week" {{', f"  days {DAYS}", "  goal adult", "  minimize cost eaten"]
    if whole:
        out.append("  whole servings")
    for ndb in chosen:
        out.append(f"  limit f{ndb} <= 500 g per day")
        out.append(f"  limit f{ndb} <= 700 g per week")
    out.append("}")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def write_table(path, foods, order, size):
    """The same foods as a table for the peers (glpk_diet.c, peers.py): NDB, price per 100 g,
    then the NUTRIENTS per 100 g, 0 where SR28 has no value."""
    with open(path, "w", encoding="utf-8") as f:
        for ndb in sorted(order[:size]):
            values = foods[ndb][1]
            figures = " ".join(values.get(name, "0") for name, _, _ in NUTRIENTS)
            f.write(f"{ndb} {price(ndb):.2f} {figures}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="200,1000,4000,8000")
    parser.add_argument("--out", default=".")
    parser.add_argument("--whole", action="store_true", help="whole 100 g servings")
    parser.add_argument("--expect", action="store_true", help="add the optimum as a golden test's '// expect' line")
    parser.add_argument("--tsv", action="store_true", help="also write family-N.tsv for the peers")
    parser.add_argument("--sr28", help="read the raw SR28 release in this folder instead of the catalog")
    parser.add_argument("--catalog", default=CATALOG)
    args = parser.parse_args()
    foods = sr28_foods(args.sr28) if args.sr28 else catalog_foods(args.catalog)
    order = family(foods)
    if len(foods) != 8789 or len(order) != 8706:
        sys.exit(f"generate.py: {len(foods)} foods, {len(order)} qualifying; expected 8789 and 8706")
    os.makedirs(args.out, exist_ok=True)
    for size in (int(s) for s in args.sizes.split(",")):
        suffix = "-whole" if args.whole else ""
        path = os.path.join(args.out, f"family-{size}{suffix}.plan")
        write_plan(path, foods, order, size, args.whole, args.expect)
        print(path)
        if args.tsv:
            table = os.path.join(args.out, f"family-{size}.tsv")
            write_table(table, foods, order, size)
            print(table)


if __name__ == "__main__":
    main()
