#!/usr/bin/env python3
"""Writes the issue-17 scenario: one step of N transactions (default 1,000,000) with the
query groupBy(window(eventTime, '5 minutes'), accountId).agg(sum(amount), count(*)) in update
mode. --rows-file also writes the rows as step0.ndjson next to the scenario (the step then says
"rowsFile"). Deterministic for a seed: account ACC-nnnnnnn of 10,000, amounts 1.00..2500.00,
event time advancing over one hour (12 windows)."""
import argparse, json, os, random

p = argparse.ArgumentParser()
p.add_argument("out")
p.add_argument("--rows", type=int, default=1_000_000)
p.add_argument("--accounts", type=int, default=10_000)
p.add_argument("--seed", type=int, default=17)
p.add_argument("--rows-file", action="store_true")
a = p.parse_args()

rng = random.Random(a.seed)
branches = ["MUMBAI", "DELHI", "CHENNAI", "KOLKATA", "PUNE", "JAIPUR", "SURAT", "LUCKNOW"]
start = 10 * 3600  # 10:00:00
def row(i):
    acc = rng.randrange(a.accounts)
    cents = rng.randrange(100, 250001)
    t = start + i * 3600 // a.rows
    return ["ACC-%07d" % acc, branches[acc % 8], "%d.%02d" % (cents // 100, cents % 100),
            "2026-03-01 %02d:%02d:%02d" % (t // 3600, t // 60 % 60, t % 60)]

head = {
    "format": "streamstep-scenario", "version": 1,
    "title": "%d transactions, windowed totals (Update)" % a.rows,
    "source": {"name": "transactions", "schema": [
        {"name": "accountId", "type": "string"}, {"name": "branchCode", "type": "string"},
        {"name": "amount", "type": "decimal(12,2)"}, {"name": "eventTime", "type": "timestamp"}]},
    "query": [{"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"],
               "aggs": ["sum(amount)", "count(*)"]}],
    "outputMode": "update", "sink": {"format": "console"},
}
with open(a.out, "w") as f:
    if a.rows_file:
        name = "step0.ndjson"
        with open(os.path.join(os.path.dirname(os.path.abspath(a.out)), name), "w") as rows:
            for i in range(a.rows):
                r = row(i)
                rows.write(json.dumps(dict(zip(["accountId", "branchCode", "amount", "eventTime"], r))) + "\n")
        head["steps"] = [{"rowsFile": name}]
        json.dump(head, f, indent=1)
    else:
        text = json.dumps(dict(head, steps=[{"rows": []}]), indent=1)
        before, after = text.rsplit('"rows": []', 1)
        f.write(before + '"rows": [\n')
        for i in range(a.rows):
            f.write(("," if i else "") + json.dumps(row(i)) + "\n")
        f.write("]" + after)
