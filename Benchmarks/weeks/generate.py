#!/usr/bin/env python3
"""Writes issue 41's family of weeks: 44 meal-plan weeks priced at the till,
spanning what users write, for `Benchmarks/weeks/run.sh`.

Each week is one file, `family/wNN.plan`, with one plan `wNN` under
`minimize cost` (what is paid at the till). It includes two shared files:
`family/recipes.plan` (the 48 recipes of Examples/week.plan without their
steps, and 28 more built from templates, some over foods of the bundled USDA
SR28 catalog) and one of eight price worlds `family/foods-kK-sS.plan`: K
stores (1 to 4, each with a trip) and a price seed S, every food of
Examples/pantry.plan (its nutrition kept) and 20 catalog foods, each sold in
several package sizes at one to K stores (the first sells every food),
some produce loose by weight.

The weeks vary, as users' weeks do: one person (even-numbered weeks) or a
household of 2 to 5 (odd-numbered, with profiles or written goals of their
own, some skipping lunch on weekdays), 3 to 7 days of 2 to 4 meals, 10 to 60
recipes (`allow MEAL recipes`), portion steps, a pantry with use-by dates,
budgets, locks, repeat rules, leftovers (`leftovers dinner to lunch`,
`leftovers worth P%`), store limits and the tie-break. A quarter of the
weeks (w03, w06, w11, w14, ...: the number is 3 or 6 modulo 8) is held out:
not looked at while tuning the search.
`family/manifest.json` lists every week, its part and what it has.

Everything is deterministic (random.Random seeded by the week's number and
CRC32s of names): the same command writes the same files byte for byte.
The files are committed, so the family stays fixed if this script changes.

    python3 Benchmarks/weeks/generate.py            writes Benchmarks/weeks/family
    python3 Benchmarks/weeks/generate.py --out DIR
"""
import argparse
import datetime
import json
import os
import random
import re
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
EXAMPLES = os.path.join(ROOT, "Examples")

WEEKS = 44
# Week i is held out when i % 8 is 3 or 6: a quarter of the family, one
# person (even weeks) and households (odd weeks) alike.
HELD_OUT = (3, 6)

STORE_POOL = [
    ("aldi", "Discount grocer", "2"),
    ("market", "Corner market", "1"),
    ("superstore", "Superstore", "3"),
    ("greengrocer", "Greengrocer", "0.50"),
]
PRODUCE_STORES = {"market", "greengrocer", "superstore"}

# Catalog foods the template recipes use: (identifier, SR28 NDB number).
CATALOG_FOODS = [
    ("salmon", "15076"), ("shrimp", "15149"), ("turkey", "05165"), ("quinoa", "20035"),
    ("couscous", "20028"), ("barley", "20005"), ("white_rice", "20044"), ("pinto_beans", "16042"),
    ("kale", "11233"), ("green_beans", "11052"), ("cauliflower", "11135"), ("asparagus", "11011"),
    ("brussels_sprouts", "11098"), ("strawberries", "09316"), ("pears", "09252"), ("peaches", "09236"),
    ("walnuts", "12155"), ("cream_cheese", "01017"), ("butter", "01145"), ("bagels", "18001"),
]
GROUP_PRICE = {
    "01": (2.5, 6.0), "04": (2.0, 4.0), "05": (1.5, 3.5), "09": (0.9, 3.5), "11": (0.9, 3.0),
    "12": (5.0, 9.0), "15": (6.0, 11.0), "16": (1.0, 2.0), "18": (2.0, 3.5), "19": (5.0, 9.0),
    "20": (1.0, 3.0),
}
GRAMS = {"g": 1.0, "kg": 1000.0, "oz": 28.349523125, "lb": 453.59237}
PRICE = re.compile(r"^\s*price (\d+(?:\.\d+)?) USD per (?:(\d+(?:\.\d+)?) )?(\S+) at (\w+)\s*$")

MEALS = ["breakfast", "lunch", "dinner", "snack"]
# The share of a day's energy and nutrients each meal brings, for goals
# written for the meals a week plans.
MEAL_SHARE = {"breakfast": 0.25, "lunch": 0.30, "dinner": 0.33, "snack": 0.12}


def money(value):
    """A shelf price: at least 0.19, ending in 9 cents."""
    cents = max(19, int(round(value * 10)) * 10 - 1)
    return f"{cents // 100}.{cents % 100:02d}"


def number(value):
    return f"{value:.3f}".rstrip("0").rstrip(".")


# ---------------------------------------------------------------- foods


def offers(name, price, count, unit, stores, seed):
    """Price lines for one food in a world of `stores`: a home store with a
    base size (and often a bigger, cheaper per gram, or a smaller, dearer
    one), other stores with other sizes and prices, and produce sometimes
    loose by weight at a store that sells produce."""
    rng = random.Random(zlib.crc32(f"{name}/{len(stores)}/{seed}".encode()))
    mass = unit in GRAMS
    price *= rng.uniform(0.85, 1.2)
    home = stores[rng.randrange(len(stores))]
    lines = [f"price {money(price)} USD per {number(count)} {unit} at {home}"]
    if rng.random() < 0.7:
        lines.append(f"price {money(price * 2 * rng.uniform(0.80, 0.95))} USD per {number(count * 2)} {unit} at {home}")
    if mass and rng.random() < 0.3:
        lines.append(f"price {money(price * 0.5 * rng.uniform(1.05, 1.25))} USD per {number(count * 0.5)} {unit} at {home}")
    for store in stores:
        # The first store of a world (a supermarket) sells every food.
        if store == home or (store != stores[0] and rng.random() < 0.4):
            continue
        factor = rng.uniform(0.85, 1.25)
        small = 0.5 if mass else 1
        lines.append(f"price {money(price * small * factor * 1.1)} USD per {number(count * small)} {unit} at {store}")
        if rng.random() < 0.5:
            big = 3 if mass else 2
            lines.append(
                f"price {money(price * big * factor * rng.uniform(0.78, 0.92))} USD per {number(count * big)} {unit} at {store}")
    loose = [s for s in stores if s in PRODUCE_STORES]
    if mass and loose and rng.random() < 0.3:
        per_kg = price / (count * GRAMS[unit]) * 1000 * rng.uniform(1.05, 1.35)
        lines.append(f"price {money(per_kg)} USD per 1 kg loose at {rng.choice(loose)}")
    return lines


def example_food_blocks():
    """Examples/pantry.plan's food blocks: {name: (lines without prices, price)}."""
    text = open(os.path.join(EXAMPLES, "pantry.plan")).read()
    blocks, name = {}, None
    for line in text.splitlines():
        match = re.match(r"^food (\w+)", line)
        if match:
            name = match.group(1)
            blocks[name] = [[line.split("//")[0].rstrip()], None]
            continue
        if name is None:
            continue
        price = PRICE.match(line)
        if price:
            value, amount, unit, _ = price.groups()
            blocks[name][1] = (float(value), float(amount) if amount else 1.0, unit)
            continue
        blocks[name][0].append(line)
        if line.startswith("}"):
            name = None
    return blocks


def write_world(path, stores, seed, blocks):
    store_ids = [s[0] for s in stores]
    out = [
        "// Generated by Benchmarks/weeks/generate.py: do not edit. EXAMPLE prices,",
        "// made up deterministically, not quotes from any store. Nutrition: USDA SR28.",
        "",
        'use catalog "usda-sr28"',
        "",
    ]
    out += [f'store {s} "{n}" {{ trip {t} USD }}' for s, n, t in stores]
    out.append("")
    for name, (lines, price) in blocks.items():
        value, amount, unit = price
        body = lines[:-1] + ["  " + o for o in offers(name, value, amount, unit, store_ids, seed)] + [lines[-1]]
        out += body + [""]
    for name, ndb in CATALOG_FOODS:
        rng = random.Random(zlib.crc32(name.encode()))
        low, high = GROUP_PRICE[ndb[:2]]
        out.append(f"food {name} = usda {ndb} {{")
        out += ["  " + o for o in offers(name, rng.uniform(low, high), 1, "lb", store_ids, seed)]
        out += ["}", ""]
    with open(path, "w") as f:
        f.write("\n".join(out).rstrip() + "\n")


# ---------------------------------------------------------------- recipes


def example_recipes():
    """Examples/week.plan's recipe blocks without steps: [(name, meals, text)]."""
    text = open(os.path.join(EXAMPLES, "week.plan")).read()
    recipes = []
    for block in re.findall(r"^recipe .*?^}", text, re.S | re.M):
        name = re.match(r"recipe (\w+)", block).group(1)
        meals = re.search(r"meal ([\w, ]+?);", block).group(1).replace(" ", "").split(",")
        lines = [l for l in block.splitlines() if not l.strip().startswith("step ")]
        recipes.append((name, meals, "\n".join(lines)))
    return recipes


BREAKFAST_BASES = [("oats", "60 g oats", "oat bowl"), ("bagels", "100 g bagels", "bagel"),
                   ("bread", "2 slice bread", "toast"), ("yogurt", "1 container yogurt", "yogurt cup")]
BREAKFAST_TOPS = [("strawberries", "120 g strawberries"), ("pears", "180 g pears"),
                  ("peaches", "150 g peaches"), ("banana", "1 medium banana"),
                  ("frozen_blueberries", "1/2 cup frozen_blueberries")]
BREAKFAST_EXTRAS = [("walnuts", "15 g walnuts"), ("cream_cheese", "30 g cream_cheese"),
                    ("milk", "1 cup milk"), ("butter", "10 g butter"), ("peanut_butter", "1 tbsp peanut_butter")]
GRAINS = [("quinoa", "70 g quinoa"), ("couscous", "70 g couscous"), ("barley", "70 g barley"),
          ("white_rice", "75 g white_rice"), ("brown_rice", "75 g brown_rice"), ("pasta", "90 g pasta")]
PROTEINS = [("salmon", "120 g salmon"), ("shrimp", "110 g shrimp"), ("turkey", "110 g turkey"),
            ("chicken", "120 g chicken"), ("tofu", "1/3 block tofu"), ("pinto_beans", "60 g pinto_beans"),
            ("chickpeas", "60 g chickpeas"), ("eggs", "2 large eggs"), ("lentils", "60 g lentils")]
VEGETABLES = [("kale", "70 g kale"), ("green_beans", "150 g green_beans"), ("cauliflower", "150 g cauliflower"),
              ("asparagus", "150 g asparagus"), ("brussels_sprouts", "150 g brussels_sprouts"),
              ("broccoli", "1.5 cup broccoli"), ("carrots", "150 g carrots"), ("spinach", "2 cup spinach")]
SNACK_FRUITS = [("pears", "180 g pears"), ("peaches", "150 g peaches"), ("strawberries", "150 g strawberries"),
                ("apples", "1 medium apples"), ("oranges", "1 medium oranges"), ("banana", "1 medium banana")]
SNACK_SIDES = [("walnuts", "20 g walnuts"), ("cheddar", "25 g cheddar"), ("almonds", "20 g almonds"),
               ("cottage_cheese", "1/2 cup cottage_cheese"), ("yogurt", "150 g yogurt")]


def template_recipes():
    """28 more recipes from templates: 8 breakfasts, 6 lunches, 8 bowls for
    lunch or dinner, 6 snacks. Returns [(name, meals, text)]."""
    rng = random.Random(41)
    out = []

    def add(prefix, index, title, meals, serves, lines):
        name = f"{prefix}_{index:02d}"
        text = [f'recipe {name} "{title}" {{', f"  serves {serves}; meal {', '.join(meals)}; time {rng.choice([5, 10, 15, 20, 30])} min"]
        text += ["  " + l for l in lines] + ["}"]
        out.append((name, meals, "\n".join(text)))

    for i in range(8):
        base = BREAKFAST_BASES[i % len(BREAKFAST_BASES)]
        top = BREAKFAST_TOPS[rng.randrange(len(BREAKFAST_TOPS))]
        extra = BREAKFAST_EXTRAS[rng.randrange(len(BREAKFAST_EXTRAS))]
        add("breakfast", i + 1, f"{base[2].capitalize()} with {top[0].replace('_', ' ')} and {extra[0].replace('_', ' ')}",
            ["breakfast"], 1, [base[1], top[1], extra[1]])
    for i in range(6):
        protein = PROTEINS[rng.randrange(len(PROTEINS))]
        veg = VEGETABLES[rng.randrange(len(VEGETABLES))]
        add("lunch", i + 1, f"{protein[0].replace('_', ' ').capitalize()} and {veg[0].replace('_', ' ')} on bread",
            ["lunch"], 1, ["2 slice bread", protein[1], veg[1], "1 tsp olive_oil"])
    for i in range(8):
        grain = GRAINS[i % len(GRAINS)]
        protein = PROTEINS[rng.randrange(len(PROTEINS))]
        veg = VEGETABLES[rng.randrange(len(VEGETABLES))]
        serves = rng.choice([1, 2, 2, 4])
        add("bowl", i + 1,
            f"{grain[0].replace('_', ' ').capitalize()} bowl with {protein[0].replace('_', ' ')} and {veg[0].replace('_', ' ')}",
            ["lunch", "dinner"], serves, [scale(l, serves) for l in (grain[1], protein[1], veg[1])] + [f"{serves * 5} g olive_oil"])
    for i in range(6):
        fruit = SNACK_FRUITS[rng.randrange(len(SNACK_FRUITS))]
        side = SNACK_SIDES[rng.randrange(len(SNACK_SIDES))]
        add("snack", i + 1, f"{fruit[0].replace('_', ' ').capitalize()} with {side[0].replace('_', ' ')}",
            ["snack"], 1, [fruit[1], side[1]])
    return out


def scale(line, factor):
    """'70 g quinoa' times 2 is '140 g quinoa'; '1/3 block tofu' times 2 is '2/3 block tofu'."""
    amount, rest = line.split(" ", 1)
    if "/" in amount:
        top, bottom = amount.split("/")
        top = int(top) * factor
        return f"{top}/{bottom} {rest}" if top % int(bottom) else f"{top // int(bottom)} {rest}"
    return f"{number(float(amount) * factor)} {rest}"


def write_recipes(path, recipes):
    out = [
        "// Generated by Benchmarks/weeks/generate.py: do not edit. The recipes of",
        "// Examples/week.plan (steps left out) and 28 more from templates.",
        "",
    ]
    for _, _, text in recipes:
        out += [text, ""]
    with open(path, "w") as f:
        f.write("\n".join(out).rstrip() + "\n")


def ingredients(text):
    """The foods a recipe block uses."""
    foods = []
    for line in text.splitlines()[2:]:
        words = line.split()
        if words and words[0][0].isdigit():
            foods.append(words[-1])
    return foods


# ---------------------------------------------------------------- weeks

PORTIONS_SOLO = ["whole", "0.5...2 step 0.5", "1...3 step 1", "0.5...1.5 step 0.25", "whole", "1...2 step 0.5"]
PORTIONS_HOUSE = ["0.5...2 step 0.5", "0.5...2.5 step 0.5", "0.5...3 step 0.25", "1...3 step 0.5", "0.5...2 step 0.25"]
# Profiles: (kind, age, sex, height cm, weight kg, activity).
PROFILES = [
    ("adult", 44, "female", 165, 68, "low_active"), ("adult", 38, "male", 180, 82, "active"),
    ("adult", 67, "female", 160, 62, "sedentary"), ("adult", 29, "male", 175, 70, "low_active"),
    ("adult", 51, "male", 172, 90, "sedentary"), ("teen", 15, "male", 170, 58, "active"),
    ("teen", 13, "female", 155, 45, "low_active"), ("child", 9, "female", 135, 30, "active"),
    ("child", 7, "male", 122, 24, "active"),
]
NAMES = ["ana", "ben", "cleo", "dev", "eli", "fay", "gus", "hana", "ivo", "jon", "kai", "lin", "mo", "noa"]


def goal_block(name, title, energy, share, rng, strict, child=False, wide=False):
    """A goal scaled to the meals a plan covers (`share` of a day)."""
    lo, hi = energy * share * (0.75 if wide else 0.85), energy * share * (1.3 if wide else 1.2)
    protein = energy * share * (0.03 if child or wide else rng.choice([0.035, 0.04, 0.045]))
    fiber = energy * share * (0.010 if strict else 0.008)
    lines = [f'goal {name} "{title}" {{',
             f"  energy {round(lo, -1):g}...{round(hi, -1):g} kcal per day",
             f"  protein >= {round(protein):g} g per day",
             f"  fiber >= {round(fiber):g} g per day"]
    if rng.random() < 0.7:
        lines.append(f"  sodium <= {round(2300 * max(share, 0.6), -1):g} mg per day")
    if rng.random() < 0.5:
        lines.append(f"  saturated_fat <= {rng.choice([10, 12])}% of energy per day")
    lines.append("}")
    return lines


def week(index, recipes, food_names):
    rng = random.Random(4100 + index)
    name = f"w{index:02d}"
    household = index % 2 == 1
    people = 2 + (index // 2) % 4 if household else 1
    days = rng.choice([3, 4, 5, 6, 7, 7, 7])
    n_slots = rng.choice([3, 4]) if household else rng.choice([2, 3, 4])
    slots = {2: rng.choice([["lunch", "dinner"], ["breakfast", "dinner"]]),
             3: ["breakfast", "lunch", "dinner"],
             4: MEALS}[n_slots]
    share = sum(MEAL_SHARE[m] for m in slots)
    stores = 1 + rng.randrange(4)
    seed = rng.randrange(2)
    world = f"foods-k{stores}-s{seed}.plan"
    start = datetime.date(2027, 1, 4) + datetime.timedelta(days=7 * index)
    features = {"people": people, "days": days, "meals": slots, "stores": stores}

    # Repeat rules first: they decide how many recipes each meal needs.
    repeat_max = rng.choice([1, 2, 2, 3, None]) if days >= 4 else rng.choice([1, 2, None])
    once_per_day = rng.random() < 0.6
    apart = rng.random() < 0.25
    leftovers = "lunch" in slots and "dinner" in slots and rng.random() < 0.3
    # A leftover is a second meal of the same dish: `repeat at most 1` counts
    # cookings then, or no week would keep it.
    cookings = leftovers and repeat_max is not None and (repeat_max == 1 or rng.random() < 0.5)

    # Recipes: 10 to 60, spread over the plan's meals, at least enough for
    # the repeat rules.
    suits = {m: [r for r in recipes if m in r[1]] for m in slots}
    need = {m: max(3, -(-days // repeat_max) + 1 if repeat_max else 3) for m in slots}
    if apart:
        need = {m: max(v, 3) for m, v in need.items()}
    target = rng.randint(max(10, sum(need.values())), 60)
    chosen = []
    pools = {m: rng.sample(suits[m], len(suits[m])) for m in slots}
    counts = {m: 0 for m in slots}
    while len(chosen) < target and any(pools.values()):
        for m in slots:
            while pools[m] and pools[m][0][0] in [c[0] for c in chosen]:
                pools[m].pop(0)
            if pools[m] and (counts[m] < need[m] or len(chosen) < target):
                chosen.append(pools[m].pop(0))
            counts = {mm: sum(1 for c in chosen if mm in c[1]) for mm in slots}
            if len(chosen) >= target and all(counts[mm] >= need[mm] for mm in slots):
                break
    features["recipes"] = len(chosen)

    out = [
        f"// Issue 41's family of weeks, week {name}. Generated by",
        "// Benchmarks/weeks/generate.py: do not edit. EXAMPLE prices.",
        f"//   planner solve Benchmarks/weeks/family/{name}.plan --plan {name}",
        "",
        'include "recipes.plan"',
        f'include "{world}"',
        "",
    ]
    strict = rng.random() < 0.5
    if household:
        out += goal_block(f"{name}_adult", "An adult's meals", rng.choice([2000, 2200, 2400]), share, rng, False)
        out += goal_block(f"{name}_child", "A child's meals", 1600, share, rng, False, child=True)
        out.append("")
        out.append(f'household {name}_home "A household of {people}" {{')
        picks = rng.sample(range(len(PROFILES)), people)
        for j, p in enumerate(picks):
            kind, age, sex, height, weight, activity = PROFILES[p]
            member = NAMES[(index + j) % len(NAMES)]
            body = []
            # Profiles give a whole day's energy: only with three meals or more.
            if n_slots >= 3 and share >= 0.85 and rng.random() < 0.6:
                body.append(f"profile {{ age {age}; sex {sex}; height {height} cm; weight {weight} kg; activity {activity} }}")
            else:
                body.append(f"goal {name}_{'child' if kind == 'child' else 'adult'}")
            # Lunch at school on weekdays: for members with a written goal (a
            # profile's whole day of energy from two meals needs big portions).
            if kind in ("child", "teen") and body[0].startswith("goal") and "lunch" in slots and days >= 5 \
                    and rng.random() < 0.6:
                body.append("skip lunch on days 1...5")
                features.setdefault("skips", 0)
                features["skips"] += 1
            out.append(f'  member {member} "{member.capitalize()}" {{')
            out += ["    " + b for b in body]
            out.append("  }")
        out.append("}")
        portions = PORTIONS_HOUSE[rng.randrange(len(PORTIONS_HOUSE))]
    else:
        portions = PORTIONS_SOLO[rng.randrange(len(PORTIONS_SOLO))]
        # Whole servings (or at most one and a half) reach less energy: such
        # a user writes a lower, wider goal.
        small = portions == "whole" or portions.startswith("0.5...1.5")
        energy = rng.choice([1600, 1800, 2000]) if small else rng.choice([1800, 2000, 2200, 2500])
        out += goal_block(f"{name}_goal", "My meals", energy, share, rng, strict, wide=small)
    out.append("")
    features["portions"] = portions

    # A pantry: a few foods the recipes use, some with a use-by date inside the week.
    used = sorted({f for c in chosen for f in ingredients(c[2]) if f in food_names})
    pantry = None
    if rng.random() < 0.6 and used:
        pantry = f"{name}_pantry"
        out.append(f'pantry {pantry} "At home" {{')
        for food in rng.sample(used, min(len(used), rng.randint(2, 6))):
            line = f"  {rng.choice([100, 150, 200, 250, 400, 500])} g {food}"
            if rng.random() < 0.5:
                line += f" use by {start + datetime.timedelta(days=rng.randrange(days))}"
            out.append(line)
        out.append("}")
        out.append("")
        features["pantry"] = True

    out.append(f'plan {name} "Week {name}: {people} {"person" if people == 1 else "people"}, {days} days of {", ".join(slots)}" {{')
    out.append(f"  days {days}")
    out.append(f"  meals {', '.join(slots)}")
    out.append(f"  household {name}_home" if household else f"  goal {name}_goal")
    out.append(f"  portions {portions}")
    out.append(f"  start {start}")
    if pantry:
        out.append(f"  pantry {pantry}")
    if repeat_max:
        out.append(f"  repeat at most {repeat_max} {'cookings ' if cookings else ''}per week")
        features["repeat"] = repeat_max
    if once_per_day:
        out.append("  repeat once per day")
    if apart:
        out.append("  repeat not on consecutive days")
    if leftovers:
        out.append("  leftovers dinner to lunch")
        features["leftovers"] = "dinner to lunch"
    for m in slots:
        if leftovers and m == "lunch":
            continue
        allowed = [c[0] for c in chosen if m in c[1]]
        out.append(f"  allow {m} recipes {', '.join(allowed)}")
    locks = rng.choice([0, 0, 1, 2])
    locked = set()
    for _ in range(locks):
        meal = rng.choice([m for m in slots if not (leftovers and m == "lunch")])
        day = 1 + rng.randrange(days)
        recipe = rng.choice([c[0] for c in chosen if meal in c[1]])
        if (day, meal) in locked or recipe in [r for _, _, r in features.get("lock_list", [])]:
            continue
        locked.add((day, meal))
        features.setdefault("lock_list", []).append((day, meal, recipe))
        out.append(f"  lock day {day} {meal} {recipe}")
    if locked:
        features["locks"] = len(locked)
    features.pop("lock_list", None)
    if stores >= 3 and rng.random() < 0.4:
        at_most = rng.choice([1, 2])
        out.append(f"  stores at most {at_most}")
        features["stores_at_most"] = at_most
    if rng.random() < 0.35:
        # A budget near what such a week costs at the till: a trip and a few
        # packages, and 10 to 14 USD a person a day of meals; some bind,
        # some do not.
        budget = round(15 + people * days * share * rng.choice([10.0, 12.0, 14.0]))
        out.append(f"  budget {budget} USD per week" if days == 7 else f"  budget {budget * 7 / days:.0f} USD per week")
        features["budget"] = True
    if rng.random() < 0.3:
        credit = rng.choice([25, 50])
        out.append(f"  leftovers worth {credit}%")
        features["leftover_credit"] = credit
    tie = rng.choice(["variety", "variety", "variety", "goal_center", "none"])
    out.append(f"  tie-break {tie}")
    features["tie_break"] = tie
    out.append("  minimize cost")
    out.append("}")
    part = "held-out" if index % 8 in HELD_OUT else "tuning"
    entry = {"week": name, "file": f"{name}.plan", "plan": name, "part": part,
             "kind": "household" if household else "solo", "world": world, **features}
    return name, "\n".join(out) + "\n", entry


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(HERE, "family"))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    blocks = example_food_blocks()
    for k in range(1, 5):
        for s in range(2):
            write_world(os.path.join(args.out, f"foods-k{k}-s{s}.plan"), STORE_POOL[:k], s, blocks)
    recipes = example_recipes() + template_recipes()
    write_recipes(os.path.join(args.out, "recipes.plan"), recipes)
    food_names = set(blocks) | {n for n, _ in CATALOG_FOODS}
    manifest = []
    for i in range(WEEKS):
        name, text, entry = week(i, recipes, food_names)
        with open(os.path.join(args.out, f"{name}.plan"), "w") as f:
            f.write(text)
        manifest.append(entry)
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump({"held_out": "every week whose number is 3 or 6 modulo 8: not looked at while tuning the search",
                   "weeks": manifest}, f, indent=1)
        f.write("\n")
    print(f"{WEEKS} weeks, {len(recipes)} recipes: {os.path.relpath(args.out, ROOT)}")


if __name__ == "__main__":
    main()
