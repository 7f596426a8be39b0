#!/usr/bin/env python3
"""Writes issue 9's benchmark week: Examples/week.plan's recipes, goal, pantry
and till plan (`week_at_till`) over 100 priced foods at 3 stores.

The 60 foods of Examples/pantry.plan (every recipe ingredient among them) keep
their nutrition; their single example price is replaced by offers at three
stores (aldi, market and a new superstore, each with a trip), in several
package sizes, with a mix of prices: a larger size cheaper per gram, stores
dearer or cheaper by food, some produce sold loose by weight. 40 more foods
come from the bundled USDA SR28 catalog (`food x = usda NDB`), priced the same
way. Everything is deterministic: prices come from a CRC32 of the food's name,
so the same command writes the same files byte for byte.

    python3 Benchmarks/week/generate.py --out bench-out/week

writes OUT/foods.plan (stores and foods), OUT/home-pantry.plan (a copy),
OUT/week.plan (Examples/week.plan including foods.plan instead of pantry.plan)
and OUT/family.plan: Examples/family.plan's household (four people, a
portion each) with its week priced at the till (`minimize cost` for its
`minimize cost eaten`), with home.plan and readings.csv copied beside it.
Solve them with `planner solve OUT/week.plan --plan week_at_till` and
`planner solve OUT/family.plan --plan family_week`.
"""
import argparse
import os
import random
import re
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
EXAMPLES = os.path.join(ROOT, "Examples")

STORES = [
    ("aldi", "Discount grocer", "2"),
    ("market", "Corner market", "1"),
    ("superstore", "Superstore", "3"),
]

# 40 catalog foods that no recipe uses: (identifier, SR28 NDB number).
CATALOG_FOODS = [
    ("cauliflower", "11135"), ("kale", "11233"), ("green_beans", "11052"), ("pears", "09252"),
    ("grapes", "09132"), ("strawberries", "09316"), ("pineapple", "09266"), ("watermelon", "09326"),
    ("mangos", "09176"), ("avocados", "09037"), ("kiwifruit", "09148"), ("peaches", "09236"),
    ("plums", "09279"), ("butter", "01145"), ("cream_cheese", "01017"), ("sour_cream", "01056"),
    ("salmon", "15076"), ("shrimp", "15149"), ("turkey", "05165"), ("bagels", "18001"),
    ("walnuts", "12155"), ("cashews", "12087"), ("quinoa", "20035"), ("barley", "20005"),
    ("couscous", "20028"), ("white_rice", "20044"), ("pinto_beans", "16042"), ("beets", "11080"),
    ("radishes", "11429"), ("asparagus", "11011"), ("brussels_sprouts", "11098"), ("eggplant", "11209"),
    ("green_peas", "11304"), ("lemons", "09150"), ("blueberries", "09050"), ("whole_milk", "01211"),
    ("cocoa", "19165"), ("canola_oil", "04582"), ("sun_dried_tomatoes", "11955"), ("white_bread", "18069"),
]

# A base price per pound for a catalog food, by SR28 food group (the NDB number's first two digits).
GROUP_PRICE = {
    "01": (2.5, 6.0), "04": (2.0, 4.0), "05": (1.5, 3.5), "09": (0.9, 3.5), "11": (0.9, 3.0),
    "12": (5.0, 9.0), "15": (6.0, 11.0), "16": (1.0, 2.0), "18": (2.0, 3.5), "19": (5.0, 9.0),
    "20": (1.0, 3.0),
}

GRAMS = {"g": 1.0, "kg": 1000.0, "oz": 28.349523125, "lb": 453.59237}
PRICE = re.compile(r"^\s*price (\d+(?:\.\d+)?) USD per (?:(\d+(?:\.\d+)?) )?(\S+) at (\w+)\s*$")


def money(value):
    """A shelf price: at least 0.19, ending in 9 cents."""
    cents = max(19, int(round(value * 10)) * 10 - 1)
    return f"{cents // 100}.{cents % 100:02d}"


def number(value):
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return text


def offers(name, price, count, unit, home):
    """Price lines for one food: its home store's size and a bigger one,
    and at some other stores other sizes and prices; produce may be loose."""
    rng = random.Random(zlib.crc32(name.encode()))
    mass = unit in GRAMS
    lines = [f"price {money(price)} USD per {number(count)} {unit} at {home}"]
    lines.append(f"price {money(price * 2 * rng.uniform(0.80, 0.95))} USD per {number(count * 2)} {unit} at {home}")
    for store, _, _ in STORES:
        if store == home or rng.random() < 0.35:
            continue
        factor = rng.uniform(0.85, 1.25)
        small = 0.5 if mass else 1
        lines.append(
            f"price {money(price * small * factor * 1.1)} USD per {number(count * small)} {unit} at {store}")
        if rng.random() < 0.6:
            big = 3 if mass else 2
            lines.append(
                f"price {money(price * big * factor * rng.uniform(0.78, 0.92))} USD per {number(count * big)} {unit} at {store}")
    if mass and rng.random() < 0.3:
        per_kg = price / (count * GRAMS[unit]) * 1000 * rng.uniform(1.05, 1.35)
        lines.append(f"price {money(per_kg)} USD per 1 kg loose at market")
    return lines


def example_foods():
    """Examples/pantry.plan's food blocks with new prices; also returns the number of foods."""
    text = open(os.path.join(EXAMPLES, "pantry.plan")).read()
    out, name, count = [], None, 0
    for line in text.splitlines():
        if line.startswith("store "):
            continue
        match = re.match(r"^food (\w+)", line)
        if match:
            name = match.group(1)
            count += 1
        price = PRICE.match(line)
        if price and name:
            value, amount, unit, home = price.groups()
            amount = float(amount) if amount else 1.0
            out += ["  " + offer for offer in offers(name, float(value), amount, unit, home)]
            continue
        out.append(line)
    return "\n".join(out).strip() + "\n", count


def catalog_foods():
    out = []
    for name, ndb in CATALOG_FOODS:
        rng = random.Random(zlib.crc32(name.encode()))
        low, high = GROUP_PRICE[ndb[:2]]
        per_lb = rng.uniform(low, high)
        home = "aldi" if rng.random() < 0.7 else "market"
        out.append(f"food {name} = usda {ndb} {{")
        out += ["  " + offer for offer in offers(name, per_lb, 1, "lb", home)]
        out.append("}")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "bench-out", "week"))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    foods, count = example_foods()
    header = (
        "// Generated by Benchmarks/week/generate.py: do not edit. EXAMPLE prices,\n"
        "// made up deterministically, not quotes from any store.\n\n"
        'use catalog "usda-sr28"\n\n'
        + "".join(f'store {s} "{n}" {{ trip {t} USD }}\n' for s, n, t in STORES)
        + "\n"
    )
    total = count + len(CATALOG_FOODS)
    with open(os.path.join(args.out, "foods.plan"), "w") as f:
        f.write(header + foods + "\n" + catalog_foods())
    with open(os.path.join(EXAMPLES, "home-pantry.plan")) as src:
        with open(os.path.join(args.out, "home-pantry.plan"), "w") as f:
            f.write(src.read())
    week = open(os.path.join(EXAMPLES, "week.plan")).read()
    week = week.replace('include "pantry.plan"', 'include "foods.plan"')
    with open(os.path.join(args.out, "week.plan"), "w") as f:
        f.write(week)
    for name in ("home.plan", "readings.csv"):
        with open(os.path.join(EXAMPLES, name)) as src:
            with open(os.path.join(args.out, name), "w") as f:
                f.write(src.read())
    family = open(os.path.join(EXAMPLES, "family.plan")).read()
    assert "  minimize cost eaten\n" in family, "Examples/family.plan no longer says 'minimize cost eaten'"
    family = family.replace("  minimize cost eaten\n", "  minimize cost\n")
    with open(os.path.join(args.out, "family.plan"), "w") as f:
        f.write(family)
    print(f"{total} foods, {len(STORES)} stores: {os.path.relpath(args.out, ROOT)}/week.plan")


if __name__ == "__main__":
    main()
