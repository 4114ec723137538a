#!/usr/bin/env python3
"""Generates StreamStep's bundled lesson scenarios (scenarios/*.scenario.json).

Every `expect` value is computed here by a small, independent implementation of the Spark 3.5
Structured Streaming rules in shared/spark-semantics.md (stateless filter, streaming aggregation
in append/update/complete mode, event-time windows, watermark, no-data batches, late-row
dropping, state eviction).  Standard library only, seeded and deterministic: running

    python3 scenarios/make_lessons.py

rewrites every file byte-for-byte identically.  Amounts are handled as integer cents (exact
decimal(12,2) arithmetic), timestamps as integer seconds since the epoch (UTC).
"""

import calendar
import json
import os
import random
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

SCHEMA = [
    {"name": "accountId", "type": "string"},
    {"name": "branchCode", "type": "string"},
    {"name": "amount", "type": "decimal(12,2)"},
    {"name": "eventTime", "type": "timestamp"},
]
SOURCE = {"name": "transactions", "schema": SCHEMA}
BRANCHES = ["MUMBAI", "DELHI", "CHENNAI", "KOLKATA", "BENGALURU", "HYDERABAD", "PUNE"]

DAY = calendar.timegm((2026, 3, 1, 0, 0, 0))  # 2026-03-01 00:00:00 UTC, in seconds


# ----------------------------------------------------------------------------- value helpers

def ts(hhmmss):
    """'10:01:30' on 2026-03-01 -> epoch seconds."""
    h, m, s = (int(x) for x in hhmmss.split(":"))
    return DAY + h * 3600 + m * 60 + s


def fmt_ts(sec):
    """Epoch seconds -> 'YYYY-MM-DD HH:MM:SS' (UTC)."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(sec))


def fmt_ts_iso(sec):
    """Epoch seconds -> Spark's progress format 'YYYY-MM-DDTHH:MM:SS.000Z' (UTC)."""
    return time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(sec))


def fmt_dec(cents):
    """Integer cents -> decimal text with scale 2 ('250000.00', '-0.05')."""
    sign = "-" if cents < 0 else ""
    c = abs(cents)
    return "%s%d.%02d" % (sign, c // 100, c % 100)


def cents(text):
    """'12.50' -> 1250 (exact)."""
    whole, frac = text.split(".")
    assert len(frac) == 2
    return int(whole) * 100 + int(frac) if not whole.startswith("-") else -(int(whole[1:]) * 100 + int(frac))


def acc(n):
    return "ACC-%04d" % n


class Row:
    """One source row: accountId, branchCode, amount (cents or None), eventTime (epoch s)."""

    def __init__(self, account, branch, amount, event_time):
        self.account, self.branch, self.amount, self.event_time = account, branch, amount, event_time

    def to_json(self):  # array in schema order
        return [self.account, self.branch,
                None if self.amount is None else fmt_dec(self.amount), fmt_ts(self.event_time)]


def steps_json(steps, quiz=None):
    """The steps, each with the questions `quiz` (step index -> list) asks before it runs."""
    out = [{"rows": [r.to_json() for r in rows]} for rows in steps]
    for i, questions in (quiz or {}).items():
        out[i]["quiz"] = questions
    return out


# ----------------------------------------------------------------------------- quizzes
# A quiz question is asked before its step runs (docs/scenario-format.md, "Quizzes"). The
# engine answers "written", "watermark", "stateRows" and "dropped" itself; a "choice" names the
# fact that decides it, and its answer is the option whose number is the simulation's value, so
# `streamstep-cli check` compares the same figure the other way round.

def ask(kind, prompt, prompt_de, explain=None, explain_de=None):
    q = {"kind": kind, "prompt": prompt, "prompt_de": prompt_de}
    if explain:
        q["explain"] = explain
        q["explain_de"] = explain_de
    return q


def choice(prompt, prompt_de, options, options_de, fact, value, explain=None, explain_de=None):
    """A choice decided by `fact`; the answer is the option that starts with `value`."""
    said = (lambda o: o == fmt_ts(value)) if fact == "watermark" else (lambda o: o.split(" ")[0] == str(value))
    answer = [i for i, o in enumerate(options) if said(o)]
    assert len(answer) == 1, (prompt, options, value)
    q = {"kind": "choice", "prompt": prompt, "prompt_de": prompt_de, "options": options}
    if options_de:
        q["options_de"] = options_de
    q["answer"] = answer[0]
    q["fact"] = fact
    if explain:
        q["explain"] = explain
        q["explain_de"] = explain_de
    return q


# Helpers for the questions below, in the words of every lesson's quiz.

def pick(prompt, prompt_de, options, options_de, answer, fact=None, explain=None, explain_de=None):
    """A choice; the options are written right answer first and shown turned by the prompt's
    length, so that the right one is not always at the same place."""
    turn = len(prompt) % len(options)
    options, options_de = options[turn:] + options[:turn], options_de[turn:] + options_de[:turn]
    answer = (answer - turn) % len(options)
    q = {"kind": "choice", "prompt": prompt, "prompt_de": prompt_de, "options": options, "options_de": options_de,
         "answer": answer}
    if fact:
        q["fact"] = fact
    if explain:
        q["explain"], q["explain_de"] = explain, explain_de
    return q


def rows_en(*ns):
    return ["%d row" % n if n == 1 else "%d rows" % n for n in ns]


def rows_de(*ns):
    return ["%d Zeile" % n if n == 1 else "%d Zeilen" % n for n in ns]


STATE_AFTER = ("How many rows are in state after trigger %d?", "Wie viele Zeilen sind nach Trigger %d im Zustand?")
WM_AFTER = ("What is the watermark after trigger %d?", "Wie steht das Watermark nach Trigger %d?")
DROPPED = ("Which rows of trigger %d are dropped as late?", "Welche Zeilen von Trigger %d werden als verspätet verworfen?")
WRITTEN = ("Which rows does trigger %d write?", "Welche Zeilen schreibt Trigger %d?")
WRITES_HOW_MANY = ("How many rows does trigger %d write?", "Wie viele Zeilen schreibt Trigger %d?")
BATCHES = ("How many micro-batches does trigger %d run?", "Wie viele Micro-Batches führt Trigger %d aus?")


def state(step, explain=None, explain_de=None):
    return ask("stateRows", STATE_AFTER[0] % step, STATE_AFTER[1] % step, explain, explain_de)


def watermark(step, explain=None, explain_de=None):
    return ask("watermark", WM_AFTER[0] % step, WM_AFTER[1] % step, explain, explain_de)


def dropped(step, explain=None, explain_de=None):
    return ask("dropped", DROPPED[0] % step, DROPPED[1] % step, explain, explain_de)


def written(step, explain=None, explain_de=None):
    return ask("written", WRITTEN[0] % step, WRITTEN[1] % step, explain, explain_de)


def writes(step, ns, answer, explain, explain_de, prompt=None, prompt_de=None):
    """A choice decided by rowsWritten: options are the numbers `ns`, answer the index of the right one."""
    return pick(prompt or WRITES_HOW_MANY[0] % step, prompt_de or WRITES_HOW_MANY[1] % step, rows_en(*ns), rows_de(*ns),
                answer, "rowsWritten", explain, explain_de)


def number(fact, prompt, prompt_de, ns, answer, explain, explain_de):
    return pick(prompt, prompt_de, [str(n) for n in ns], [str(n) for n in ns], answer, fact, explain, explain_de)


REJECTED = ("Spark rejects the query before the first trigger", "Spark lehnt die Abfrage vor dem ersten Trigger ab")

# The quizzes of the generated lessons that have none of their own above (lessons 03, 05a-c, 06, 08):
# file -> {step: [question, ...]}, added to the steps by add_quizzes().
GENERATED_QUIZZES = {
    "03-account-counts-update.scenario.json": {
        1: [writes(1, (45, 70, 1000), 0,
                   "Update writes each account that rows of the batch reached, once, with its new running count.",
                   "Update schreibt jedes Konto, das Zeilen des Batches erreicht haben, einmal, mit seiner neuen laufenden Anzahl.",
                   "Trigger 1 brings 70 rows for 45 accounts. How many rows does it upsert into SQLite?",
                   "Trigger 1 bringt 70 Zeilen für 45 Konten. Wie viele Zeilen schreibt er per Upsert nach SQLite?")],
        2: [state(2, "No new account appeared and nothing is evicted without a watermark: one state row per account.",
                  "Kein neues Konto kam dazu, und ohne Watermark wird nichts entfernt: eine Zustandszeile pro Konto.")],
    },
    "05a-complete-on-filter.scenario.json": {
        0: [pick("A filter without aggregation, in Complete mode. What happens when the query starts?",
                 "Ein Filter ohne Aggregation im Modus Complete. Was passiert beim Start der Abfrage?",
                 [REJECTED[0], "Each trigger writes every row that ever passed the filter", "Each trigger writes the new rows that pass the filter"],
                 [REJECTED[1], "Jeder Trigger schreibt jede Zeile, die je den Filter bestand", "Jeder Trigger schreibt die neuen Zeilen, die den Filter bestehen"],
                 0, explain="Complete would have to keep every input row; Spark allows it only with an aggregation.",
                 explain_de="Complete müsste jede Eingabezeile behalten; Spark erlaubt es nur mit einer Aggregation."),
            pick("Which output mode runs this filter?", "Welcher Ausgabemodus führt diesen Filter aus?",
                 ["Append", "Complete"], ["Append", "Complete"], 0,
                 explain="A stateless query writes each row once: Append (lesson 01).",
                 explain_de="Eine zustandslose Abfrage schreibt jede Zeile einmal: Append (Lektion 01).")],
    },
    "05b-append-aggregation-no-watermark.scenario.json": {
        0: [pick("A count per account in Append mode, without a watermark. What happens?",
                 "Eine Zählung pro Konto im Modus Append, ohne Watermark. Was passiert?",
                 [REJECTED[0], "Each count is written once, when the stream ends", "Each trigger writes the counts that changed"],
                 [REJECTED[1], "Jede Zählung wird einmal geschrieben, wenn der Strom endet", "Jeder Trigger schreibt die geänderten Zählungen"],
                 0, explain="Append writes a group once it can never change; without a watermark no count is ever final.",
                 explain_de="Append schreibt eine Gruppe, sobald sie sich nie mehr ändern kann; ohne Watermark ist keine Zählung je endgültig."),
            pick("What lets an aggregation run in Append mode?", "Was lässt eine Aggregation im Modus Append laufen?",
                 ["withWatermark on eventTime and a window of eventTime among the keys", "withWatermark on eventTime alone", "A filter before the groupBy"],
                 ["withWatermark auf eventTime und ein Fenster über eventTime unter den Schlüsseln", "withWatermark auf eventTime allein", "Ein Filter vor dem groupBy"],
                 0, explain="The watermark must be able to close a group: the keys need the watermarked column or a window of it (lesson 04).",
                 explain_de="Das Watermark muss eine Gruppe schließen können: Die Schlüssel brauchen die Spalte des Watermarks oder ein Fenster über ihr (Lektion 04).")],
    },
    "05c-file-sink-update.scenario.json": {
        0: [pick("A filter written to a CSV sink in Update mode. What happens?",
                 "Ein Filter schreibt im Modus Update in eine CSV-Senke. Was passiert?",
                 ["Spark rejects it when start() creates the sink", "Update rewrites the CSV files each trigger", "It runs like Append"],
                 ["Spark lehnt ab, wenn start() die Senke anlegt", "Update schreibt die CSV-Dateien bei jedem Trigger neu", "Es läuft wie Append"],
                 0, explain="The query itself would run; the file sink refuses Update.",
                 explain_de="Die Abfrage selbst liefe; die Datei-Senke lehnt Update ab."),
            pick("Which output modes does a file sink (csv, json, parquet) accept?",
                 "Welche Ausgabemodi nimmt eine Datei-Senke (csv, json, parquet) an?",
                 ["Append only", "Append and Update", "Append, Update and Complete"],
                 ["Nur Append", "Append und Update", "Append, Update und Complete"],
                 0, explain="Files are only ever added: rows written earlier cannot change.",
                 explain_de="Dateien kommen nur hinzu: Früher geschriebene Zeilen können sich nicht ändern.")],
    },
    "06a-complete-vs-update-complete.scenario.json": {
        1: [writes(1, (503, 10, 14), 0, "Complete hands the whole result table to the sink, touched or not.",
                   "Complete übergibt der Senke die ganze Ergebnistabelle, berührt oder nicht.",
                   "Trigger 1 brings 14 rows for 10 accounts, 3 of them new. How many rows does Complete write?",
                   "Trigger 1 bringt 14 Zeilen für 10 Konten, 3 davon neu. Wie viele Zeilen schreibt Complete?")],
        3: [state(3, "Complete never evicts: every account stays in state.",
                  "Complete entfernt nie etwas: Jedes Konto bleibt im Zustand.")],
    },
    "06b-complete-vs-update-update.scenario.json": {
        1: [writes(1, (10, 503, 14), 0, "Update writes only the accounts the batch touched.",
                   "Update schreibt nur die Konten, die der Batch berührt hat.",
                   "Trigger 1 brings 14 rows for 10 accounts, 3 of them new. How many rows does Update write?",
                   "Trigger 1 bringt 14 Zeilen für 10 Konten, 3 davon neu. Wie viele Zeilen schreibt Update?")],
        3: [state(3, "Update writes less, but the state still holds every account.",
                  "Update schreibt weniger, aber der Zustand hält weiterhin jedes Konto."),
            pick("ACC-0002 gets a 0.00 transaction in trigger 3: its total stays the same. Is it written?",
                 "ACC-0002 bekommt in Trigger 3 eine Transaktion über 0.00: Seine Summe bleibt gleich. Wird es geschrieben?",
                 ["Yes: Update writes every group the batch touched", "No: Update writes only changed totals"],
                 ["Ja: Update schreibt jede Gruppe, die der Batch berührt hat", "Nein: Update schreibt nur geänderte Summen"],
                 0, explain="Update means touched, not changed.", explain_de="Update heißt berührt, nicht geändert.")],
    },
    "08-windowed-totals-parquet.scenario.json": {
        0: [writes(0, (0, 4, 5), 0, "No window has ended before the watermark yet: Append writes no file.",
                   "Noch kein Fenster endete vor dem Watermark: Append schreibt keine Datei.")],
        3: [number("batches", BATCHES[0] % 3, BATCHES[1] % 3, (0, 1, 2), 1,
                   "The watermark does not move (10:09:00 is below 10:11:00), so no no-data batch follows and no file is written.",
                   "Das Watermark bewegt sich nicht (10:09:00 liegt unter 10:11:00), also folgt kein Batch ohne Daten, und keine Datei wird geschrieben.")],
        4: [written(4, "Each of these windows goes into trigger 4's part file, once.",
                    "Jedes dieser Fenster kommt einmal in die Part-Datei von Trigger 4.")],
    },
}


def add_quizzes(name, doc):
    for step, questions in GENERATED_QUIZZES.get(name, {}).items():
        doc["steps"][step].setdefault("quiz", []).extend(questions)
    return doc


# ----------------------------------------------------------------------------- the semantics

def run_filter_over_100000(steps):
    """filter(amount > 100000.00).select(accountId, amount, eventTime), append: per step, the
    rows of that step whose condition is TRUE (NULL > x is NULL -> dropped)."""
    out = []
    for rows in steps:
        out.append([{"accountId": r.account, "amount": fmt_dec(r.amount), "eventTime": fmt_ts(r.event_time)}
                    for r in rows if r.amount is not None and r.amount > 100000_00])
    return out


def run_plain_aggregation(steps, key_of, agg_init, agg_add, mode, key_col, agg_col, agg_fmt):
    """Streaming aggregation grouped by a plain (non event-time) column, no watermark.
    Per step returns emitted rows, state rows and state rows updated.
    complete: every group in state; update: groups that received a row in this batch."""
    state = {}
    results = []
    for rows in steps:
        touched = set()
        for r in rows:
            k = key_of(r)
            state[k] = agg_add(state.get(k, agg_init), r)
            touched.add(k)
        keys = sorted(state) if mode == "complete" else sorted(touched)
        emitted = [{key_col: k, agg_col: agg_fmt(state[k])} for k in keys]
        # A trigger with no rows runs no batch (no watermark -> no no-data batch either).
        results.append({"emitted": emitted, "stateRows": len(state), "stateRowsUpdated": len(touched)})
    return results


def run_windowed_append(steps, window_s, delay_s):
    """withWatermark(eventTime, delay).groupBy(window(eventTime, window), accountId).agg(sum(amount)),
    append mode, tumbling windows.  Implements spark-semantics §2-§5:
      * data batch runs with the watermark in force (wm); a row is late when window end <= wm;
        late rows are dropped, numRowsDroppedByWatermark counts distinct late group keys;
      * the data batch evicts (and, in append, emits) groups with window end <= wm;
      * afterwards candidate = max(eventTime of the batch, late rows included) - delay;
        new watermark = max(wm, candidate);
      * if the new watermark > wm, a no-data batch runs at once (same step) with the new
        watermark and evicts/emits groups with window end <= new watermark.
    Returns per step: emitted, droppedByWatermark, stateRows, stateRowsUpdated (summed over the
    step's batches) and the event-time stats of the step's data batch."""
    wm = 0  # 1970-01-01 00:00:00
    state = {}  # (window_start, accountId) -> total cents
    results = []

    def evict(watermark):
        out = []
        for (start, account) in sorted(state):
            if start + window_s <= watermark:
                out.append({"window": {"start": fmt_ts(start), "end": fmt_ts(start + window_s)},
                            "accountId": account, "total": fmt_dec(state[(start, account)])})
        for row in out:
            del state[(ts_of(row["window"]["start"]), row["accountId"])]
        return out

    for rows in steps:
        res = {"emitted": [], "droppedByWatermark": 0, "stateRowsUpdated": 0}
        if rows:
            late_keys, updated = set(), set()
            for r in rows:
                start = r.event_time - (r.event_time % window_s)  # floor to the window size
                key = (start, r.account)
                if start + window_s <= wm:
                    late_keys.add(key)
                    continue
                state[key] = state.get(key, 0) + r.amount
                updated.add(key)
            res["droppedByWatermark"] += len(late_keys)
            res["stateRowsUpdated"] += len(updated)
            res["emitted"] += evict(wm)
            times = [r.event_time for r in rows]
            res["eventTime"] = {"watermark": wm, "min": min(times), "max": max(times)}
            new_wm = max(wm, max(times) - delay_s)
            if new_wm > wm:  # Spark's no-data batch, run with the new watermark
                wm = new_wm
                res["emitted"] += evict(wm)
            res["watermarkAfter"] = wm
        res["stateRows"] = len(state)
        results.append(res)
    return results


def ts_of(text):
    return calendar.timegm(time.strptime(text, "%Y-%m-%d %H:%M:%S"))


# ----------------------------------------------------------------------------- JSON writer

def dumps(value, indent=0):
    """Pretty JSON: a list/object goes on one line when that line stays short, else one
    element per line.  Keeps rows and expected rows one per line."""
    flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if not isinstance(value, (list, dict)) or len(flat) + indent <= 140:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, list):
        inner = (",\n").join(pad + dumps(v, indent + 2) for v in value)
        return "[\n" + inner + "\n" + " " * indent + "]"
    inner = (",\n").join(pad + json.dumps(k, ensure_ascii=False) + ": " + dumps(v, indent + 2)
                         for k, v in value.items())
    return "{\n" + inner + "\n" + " " * indent + "}"


def scenario(title, description, query, output_mode, sink, steps, expect=None, expect_error=None, quiz=None):
    doc = {
        "format": "streamstep-scenario",
        "version": 1,
        "title": title,
        "description": "\n".join(description),
        "source": SOURCE,
        "query": query,
        "outputMode": output_mode,
        "sink": sink,
        "steps": steps_json(steps, quiz),
    }
    if expect is not None:
        doc["expect"] = expect
    if expect_error is not None:
        doc["expectError"] = expect_error
    return doc


def sort_rows(rows):
    return sorted(rows, key=lambda r: json.dumps(r, sort_keys=True))


# ----------------------------------------------------------------------------- lessons

def random_time(rng, start, end):
    return rng.randrange(ts(start), ts(end))


def lesson_01(rng):
    def make_step(n_total, n_pass, start, end, specials):
        rows = []
        for _ in range(n_pass - sum(1 for s in specials if s is not None and s > 100000_00)):
            rows.append(rng.randrange(100000_01, 950000_00))
        for _ in range(n_total - n_pass - sum(1 for s in specials if s is None or s <= 100000_00)):
            rows.append(rng.randrange(50_00, 99999_99 + 1))
        amounts = rows + specials
        rng.shuffle(amounts)
        times = sorted(random_time(rng, start, end) for _ in amounts)
        return [Row(acc(rng.randint(1, 60)), rng.choice(BRANCHES), a, t) for a, t in zip(amounts, times)]

    # step 0: exactly 100000.00 (does not pass), NULL (does not pass), 100000.01 and 99999.99
    step0 = make_step(40, 15, "09:00:00", "09:30:00", [100000_00, None, 100000_01, 99999_99])
    step1 = make_step(25, 8, "09:30:00", "10:00:00", [100000_00])
    steps = [step0, step1]
    out = run_filter_over_100000(steps)
    assert [len(s) for s in steps] == [40, 25] and [len(o) for o in out] == [15, 8]
    expect = [{"step": i, "emitted": sort_rows(o)} for i, o in enumerate(out)]
    description = [
        "A **stateless** query: keep the transactions with `amount > 100000.00` and project "
        "`accountId`, `amount`, `eventTime`, written in Append mode to the CSV file sink `high_value`.",
        "",
        "- **Trigger 0** — 40 rows arrive, **15** are emitted. Look for the row of exactly "
        "`100000.00`: `>` is strict, so it is filtered out, while `100000.01` passes.",
        "- The row whose `amount` is NULL is filtered out as well: `NULL > 100000.00` is NULL, "
        "and a filter keeps only rows whose condition is TRUE.",
        "- **Trigger 1** — 25 new rows, **8** are emitted (another `100000.00` is dropped). "
        "Only the new rows are processed: nothing from trigger 0 is emitted again.",
        "",
        "**Spark rule:** without aggregation, deduplication or join a streaming query keeps no "
        "state. Each micro-batch reads only the newly arrived rows, and in Append mode every row "
        "that survives the filter goes to the sink exactly once. No watermark is needed, and "
        "Complete mode would be rejected for this query (lesson 05a).",
        "",
        "**Sink:** a CSV file sink (`high_value/` in the output folder). Each batch writes its "
        "part files, then records them in the sink's manifest; a reader lists only committed "
        "files, and a replayed batch is not written twice (`streamstep-cli sink-cat`).",
    ]
    quiz = {
        0: [choice("40 rows arrive and 15 of them pass the filter. How many rows does the engine keep in state "
                   "after trigger 0?",
                   "40 Zeilen kommen an, 15 davon passieren den Filter. Wie viele Zeilen hält die Engine nach "
                   "Trigger 0 im Zustand?",
                   ["0", "15", "40"], ["0", "15", "40"], "stateRows", 0,
                   "A filter looks at one row at a time: the query keeps no state.",
                   "Ein Filter betrachtet eine Zeile nach der anderen: die Abfrage hält keinen Zustand.")],
        1: [choice("Trigger 1 brings 25 new rows. How many rows does it write to the CSV sink?",
                   "Trigger 1 bringt 25 neue Zeilen. Wie viele Zeilen schreibt er in die CSV-Senke?",
                   ["8 rows", "23 rows", "25 rows"], ["8 Zeilen", "23 Zeilen", "25 Zeilen"],
                   "rowsWritten", len(out[1]),
                   "Only the new rows are read; of them, those over 100000.00 are written. Nothing of "
                   "trigger 0 is written again.",
                   "Nur die neuen Zeilen werden gelesen; von ihnen werden die über 100000.00 geschrieben. "
                   "Nichts aus Trigger 0 wird erneut geschrieben.")],
    }
    return scenario(
        "High-value transactions (filter, Append)", description,
        [{"op": "filter", "condition": "amount > 100000.00"},
         {"op": "select", "columns": ["accountId", "amount", "eventTime"]}],
        "append", {"format": "csv", "options": {"path": "high_value", "header": True}}, steps, expect, quiz=quiz)


def lesson_02(rng):
    def split(total_cents, parts):
        """Split an amount into `parts` positive pieces (multiples of 1000.00 + some paise)."""
        cuts = sorted(rng.sample(range(1, total_cents // 1000_00), parts - 1))
        pieces = [b - a for a, b in zip([0] + cuts, cuts + [total_cents // 1000_00])]
        pieces = [p * 1000_00 for p in pieces]
        # move some paise around so amounts look less round, keeping the total exact
        for i in range(parts - 1):
            shift = rng.randrange(0, 999_99)
            if pieces[i] - shift > 0:
                pieces[i] -= shift
                pieces[i + 1] += shift
        assert sum(pieces) == total_cents and all(p > 0 for p in pieces)
        return pieces

    def make_rows(plan, start, end):
        rows = []
        for branch, total, parts in plan:
            for amount in split(total, parts):
                rows.append(Row(acc(rng.randint(1, 40)), branch, amount, 0))
        rng.shuffle(rows)
        for r, t in zip(rows, sorted(random_time(rng, start, end) for _ in rows)):
            r.event_time = t
        return rows

    step0 = make_rows([("MUMBAI", 500000_00, 5), ("DELHI", 320000_00, 4)], "09:00:00", "09:15:00")
    step1 = make_rows([("MUMBAI", 250000_00, 3), ("DELHI", 90000_00, 2), ("CHENNAI", 120000_00, 3)],
                      "09:15:00", "09:30:00")
    steps = [step0, step1]
    res = run_plain_aggregation(steps, lambda r: r.branch, 0,
                                lambda s, r: s + (r.amount or 0), "complete",
                                "branchCode", "totalAmount", fmt_dec)
    totals = [{e["branchCode"]: e["totalAmount"] for e in r["emitted"]} for r in res]
    assert totals == [{"MUMBAI": "500000.00", "DELHI": "320000.00"},
                      {"MUMBAI": "750000.00", "DELHI": "410000.00", "CHENNAI": "120000.00"}]
    expect = [{"step": i, "emitted": sort_rows(r["emitted"]), "stateRows": r["stateRows"]}
              for i, r in enumerate(res)]
    description = [
        "Running total of `amount` per `branchCode`, printed to the console in **Complete** mode.",
        "",
        "- **Trigger 0** — %d rows: the console shows MUMBAI `500000.00` and DELHI `320000.00`." % len(step0),
        "- **Trigger 1** — %d more rows (MUMBAI +250000.00, DELHI +90000.00 and a first CHENNAI "
        "batch): the whole table is printed again — MUMBAI `750000.00`, DELHI `410000.00`, "
        "CHENNAI `120000.00`. The totals cover *all* data so far, not just this batch." % len(step1),
        "",
        "**Spark rule:** an aggregation keeps one state row per group across micro-batches. "
        "Complete mode hands the *entire* result table to the sink on every trigger (changed or "
        "not), so it only suits small results; state is never evicted. "
        "`sum` of a `decimal(12,2)` column is `decimal(22,2)` (precision + 10, same scale), "
        "hence the two decimals in every total.",
    ]
    quiz = {
        1: [ask("written", "In Complete mode, which rows does trigger 1 print to the console?",
                "Welche Zeilen gibt Trigger 1 im Complete-Modus auf der Konsole aus?",
                "Complete mode hands the whole result table to the sink on every trigger, changed or not.",
                "Der Complete-Modus gibt bei jedem Trigger die ganze Ergebnistabelle an die Senke, "
                "ob sie sich geändert hat oder nicht."),
            choice("How many rows does trigger 1 print?", "Wie viele Zeilen gibt Trigger 1 aus?",
                   ["1 row", "3 rows", "8 rows"], ["1 Zeile", "3 Zeilen", "8 Zeilen"],
                   "rowsWritten", len(res[1]["emitted"])),
            ask("stateRows", "How many rows are in state after trigger 1?",
                "Wie viele Zeilen sind nach Trigger 1 im Zustand?",
                "One state row per branch: an aggregation without watermark never evicts.",
                "Eine Zustandszeile je Filiale: eine Aggregation ohne Watermark entfernt nie etwas.")],
    }
    assert res[1]["stateRows"] == 3
    return scenario(
        "Branch totals (groupBy + sum, Complete)", description,
        [{"op": "groupBy", "keys": ["branchCode"], "aggs": ["sum(amount) AS totalAmount"]}],
        "complete", {"format": "console", "options": {}}, steps, expect, quiz=quiz)


def lesson_03(rng):
    # step 0: all 1000 accounts once, plus extra rows for some of them
    accounts = [acc(n) for n in range(1, 1001)]
    step0_ids = accounts + [rng.choice(accounts) for _ in range(350)]
    rng.shuffle(step0_ids)
    step1_accounts = rng.sample(accounts, 45)
    step1_ids = step1_accounts + [rng.choice(step1_accounts) for _ in range(25)]
    rng.shuffle(step1_ids)
    step2_accounts = rng.sample(accounts, 12)
    step2_ids = step2_accounts + [rng.choice(step2_accounts) for _ in range(6)]
    rng.shuffle(step2_ids)

    home = {a: rng.choice(BRANCHES) for a in accounts}

    def make_rows(ids, start, end):
        times = sorted(random_time(rng, start, end) for _ in ids)
        return [Row(a, home[a], rng.randrange(100_00, 250000_00), t) for a, t in zip(ids, times)]

    steps = [make_rows(step0_ids, "08:00:00", "09:00:00"),
             make_rows(step1_ids, "09:00:00", "09:10:00"),
             make_rows(step2_ids, "09:10:00", "09:20:00")]
    res = run_plain_aggregation(steps, lambda r: r.account, 0, lambda s, r: s + 1, "update",
                                "accountId", "count", lambda c: c)
    assert [len(r["emitted"]) for r in res] == [1000, 45, 12]
    assert [r["stateRows"] for r in res] == [1000, 1000, 1000]
    expect = [{"step": i, "emitted": sort_rows(r["emitted"]), "stateRows": r["stateRows"],
               "stateRowsUpdated": r["stateRowsUpdated"]} for i, r in enumerate(res)]
    description = [
        "Counts transactions per `accountId` (`count(*) AS count`) in **Update** mode, upserted "
        "into the SQLite table `account_counts`.",
        "",
        "- **Trigger 0** — %d rows for 1000 distinct accounts (some with several rows): "
        "**1000** rows are emitted, one per account." % len(steps[0]),
        "- **Trigger 1** — %d rows touching **45** existing accounts: only those **45** rows are "
        "emitted, each with its new *running* count (earlier rows included)." % len(steps[1]),
        "- **Trigger 2** — %d rows for **12** accounts: **12** rows are emitted." % len(steps[2]),
        "- The state stays at **1000** rows throughout: no new account appears, and without a "
        "watermark nothing is ever evicted.",
        "",
        "**Spark rule:** Update mode emits only the groups that received input in this "
        "micro-batch, with their updated aggregate; unchanged groups stay silent. `count(*)` is "
        "a `long`. A real sink must upsert by key (here `accountId`) to keep a correct table.",
        "",
        "**Sink:** an SQLite table `account_counts` upserted on `accountId` (the PostgreSQL "
        "upsert pattern): 1000, then 45, then 12 rows are upserted and the table ends with 1000 "
        "rows. Each batch is one transaction that also records its batch id, so a replayed batch "
        "is skipped.",
    ]
    return scenario(
        "Account counts (groupBy + count, Update)", description,
        [{"op": "groupBy", "keys": ["accountId"], "aggs": ["count(*) AS count"]}],
        "update", {"format": "sqlite", "options": {"path": "account_counts.db", "table": "account_counts",
                                                   "key": ["accountId"]}}, steps, expect)


def lesson_04_steps():
    R = Row
    return [
        # step 0: watermark in force 1970-01-01 00:00:00; max 10:08:45 -> next 09:58:45
        [R("ACC-0001", "MUMBAI", cents("120000.00"), ts("10:01:00")),
         R("ACC-0002", "DELHI", cents("45000.50"), ts("10:02:30")),
         R("ACC-0001", "MUMBAI", cents("30000.00"), ts("10:03:10")),
         R("ACC-0003", "CHENNAI", cents("75000.00"), ts("10:06:00")),
         R("ACC-0002", "DELHI", cents("15000.00"), ts("10:08:45"))],
        # step 1: in force 09:58:45; 10:04:00 is late-but-not-too-late (window end 10:05 > 09:58:45);
        # max 10:17:30 -> 10:07:30: the [10:00, 10:05) windows are emitted by the no-data batch
        [R("ACC-0001", "MUMBAI", cents("20000.00"), ts("10:11:00")),
         R("ACC-0002", "DELHI", cents("5000.00"), ts("10:04:00")),
         R("ACC-0003", "CHENNAI", cents("60000.00"), ts("10:09:59")),
         R("ACC-0001", "MUMBAI", cents("80000.00"), ts("10:17:30"))],
        # step 2: in force 10:07:30; three rows in [10:00, 10:05) are too late (2 group keys);
        # 10:08:00 still counts (window end 10:10 > 10:07:30); max 10:21:00 -> 10:11:00
        [R("ACC-0001", "MUMBAI", cents("99000.00"), ts("10:02:00")),
         R("ACC-0003", "CHENNAI", cents("10000.00"), ts("10:08:00")),
         R("ACC-0001", "MUMBAI", cents("1000.00"), ts("10:04:59")),
         R("ACC-0002", "DELHI", cents("2500.00"), ts("10:03:00")),
         R("ACC-0002", "DELHI", cents("12000.00"), ts("10:21:00"))],
        # step 3: in force 10:11:00; max 10:19:00 -> candidate 10:09:00 < 10:11:00: unchanged,
        # so no no-data batch and nothing emitted
        [R("ACC-0001", "MUMBAI", cents("30000.00"), ts("10:16:00")),
         R("ACC-0002", "DELHI", cents("8000.00"), ts("10:19:00"))],
        # step 4: in force 10:11:00; max 10:31:00 -> 10:21:00: windows ending 10:15 and 10:20 emitted
        [R("ACC-0003", "CHENNAI", cents("22000.00"), ts("10:24:10")),
         R("ACC-0001", "MUMBAI", cents("5000.00"), ts("10:31:00"))],
    ]


def windowed_append_expect(res):
    expect = []
    for i, r in enumerate(res):
        et = r["eventTime"]
        expect.append({"step": i, "emitted": sort_rows(r["emitted"]),
                       "droppedByWatermark": r["droppedByWatermark"],
                       "stateRows": r["stateRows"], "stateRowsUpdated": r["stateRowsUpdated"],
                       "eventTime": {"min": fmt_ts_iso(et["min"]), "max": fmt_ts_iso(et["max"]),
                                     "watermark": fmt_ts_iso(et["watermark"])}})
    return expect


WINDOWED_TOTALS_QUERY = [
    {"op": "withWatermark", "column": "eventTime", "delay": "10 minutes"},
    {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"], "aggs": ["sum(amount) AS total"]}]


def lesson_04():
    steps = lesson_04_steps()
    res = run_windowed_append(steps, window_s=300, delay_s=600)

    # The hand-worked figures the description tells the learner (checked against the simulation).
    def w(start, account, total):
        return {"window": {"start": "2026-03-01 " + start, "end": fmt_ts(ts(start) + 300)},
                "accountId": account, "total": total}
    assert [r["emitted"] == [] for r in res] == [True, False, False, True, False]
    assert sort_rows(res[1]["emitted"]) == sort_rows([w("10:00:00", "ACC-0001", "150000.00"),
                                                      w("10:00:00", "ACC-0002", "50000.50")])
    assert sort_rows(res[2]["emitted"]) == sort_rows([w("10:05:00", "ACC-0003", "145000.00"),
                                                      w("10:05:00", "ACC-0002", "15000.00")])
    assert sort_rows(res[4]["emitted"]) == sort_rows([w("10:10:00", "ACC-0001", "20000.00"),
                                                      w("10:15:00", "ACC-0001", "110000.00"),
                                                      w("10:15:00", "ACC-0002", "8000.00")])
    assert [r["droppedByWatermark"] for r in res] == [0, 0, 2, 0, 0]
    assert [r["stateRows"] for r in res] == [4, 4, 3, 4, 3]
    assert [fmt_ts(r["eventTime"]["watermark"]) for r in res] == [
        "1970-01-01 00:00:00", "2026-03-01 09:58:45", "2026-03-01 10:07:30",
        "2026-03-01 10:11:00", "2026-03-01 10:11:00"]
    assert [fmt_ts(r["watermarkAfter"]) for r in res] == [
        "2026-03-01 09:58:45", "2026-03-01 10:07:30", "2026-03-01 10:11:00",
        "2026-03-01 10:11:00", "2026-03-01 10:21:00"]

    expect = windowed_append_expect(res)
    description = [
        "Sums `amount` per 5-minute event-time window and `accountId`, with a 10-minute "
        "watermark, in **Append** mode: each window is printed **once**, when it is final.",
        "",
        "- **Trigger 0** — no rows are emitted; 4 windows wait in state. Max event time 10:08:45, "
        "so the watermark becomes 10:08:45 − 10 min = **09:58:45** (used from the next batch on).",
        "- **Trigger 1** — the 10:04:00 row is older than rows already seen but its window "
        "[10:00, 10:05) ends after 09:58:45, so it still counts (ACC-0002 → 50000.50). Max 10:17:30 "
        "moves the watermark to **10:07:30**; Spark's no-data batch right after it emits the "
        "[10:00, 10:05) windows: ACC-0001 150000.00, ACC-0002 50000.50.",
        "- **Trigger 2** — three rows from [10:00, 10:05) are too late (window end ≤ 10:07:30): "
        "dropped, `numRowsDroppedByWatermark` = 2 (one per late window/account group), and the "
        "totals already printed do not change. 10:08:00 still counts (window ends 10:10). "
        "Watermark → **10:11:00**: the [10:05, 10:10) windows are emitted.",
        "- **Trigger 3** — max 10:19:00 gives 10:09:00, below 10:11:00: the watermark never goes "
        "back, no no-data batch runs, no rows are emitted.",
        "- **Trigger 4** — watermark → **10:21:00**: the windows ending at 10:15 and 10:20 are emitted.",
        "",
        "**Spark rule:** watermark = max event time of a batch − delay, only increasing, in force "
        "from the next batch. Append emits and evicts a window when its end ≤ watermark; rows "
        "whose window end ≤ watermark are dropped as late.",
    ]
    return scenario(
        "Windowed totals (window + watermark, Append)", description, WINDOWED_TOTALS_QUERY,
        "append", {"format": "console", "options": {}}, steps, expect, quiz=lesson_04_quiz(res))


def lesson_04_quiz(res):
    def batches(r):  # the data batch, and a no-data batch when the watermark moved
        return 1 + (r["watermarkAfter"] > r["eventTime"]["watermark"])
    return {
        1: [ask("watermark", "Trigger 1's latest row is at 10:17:30. What is the watermark after trigger 1?",
                "Die späteste Zeile von Trigger 1 ist um 10:17:30. Wie steht das Watermark nach Trigger 1?",
                "watermark = max event time − delay, in force from the next batch on.",
                "Watermark = größte Ereigniszeit − Verzögerung, gültig ab dem nächsten Batch."),
            ask("written", "Which windows does trigger 1 write to the console?",
                "Welche Fenster schreibt Trigger 1 auf die Konsole?"),
            choice("How many micro-batches does trigger 1 run?", "Wie viele Micro-Batches führt Trigger 1 aus?",
                   ["1", "2"], ["1", "2"], "batches", batches(res[1]),
                   "A batch that moves the watermark is followed at once by a no-data batch.",
                   "Auf einen Batch, der das Watermark bewegt, folgt sofort ein No-Data-Batch.")],
        2: [ask("dropped", "Which of trigger 2's rows are dropped as late?",
                "Welche Zeilen von Trigger 2 werden als verspätet verworfen?"),
            choice("What does Spark's numRowsDroppedByWatermark say for trigger 2?",
                   "Was meldet Sparks numRowsDroppedByWatermark für Trigger 2?",
                   ["0", "2", "3"], ["0", "2", "3"], "droppedByWatermark", res[2]["droppedByWatermark"],
                   "Spark counts late rows after the partial aggregation: one per late window and account.",
                   "Spark zählt verspätete Zeilen nach der Teilaggregation: eine je verspätetem Fenster "
                   "und Konto.")],
        3: [choice("Trigger 3's latest row is at 10:19:00. What is the watermark after trigger 3?",
                   "Die späteste Zeile von Trigger 3 ist um 10:19:00. Wie steht das Watermark nach Trigger 3?",
                   ["2026-03-01 10:09:00", "2026-03-01 10:11:00"], None, "watermark", res[3]["watermarkAfter"],
                   "10:19:00 − 10 minutes = 10:09:00 is earlier than 10:11:00, and the watermark never goes back.",
                   "10:19:00 − 10 Minuten = 10:09:00 liegt vor 10:11:00, und das Watermark geht nie zurück."),
            ask("stateRows", "How many windows wait in state after trigger 3?",
                "Wie viele Fenster warten nach Trigger 3 im Zustand?")],
    }


def few_rows():
    R = Row
    return [[R("ACC-0001", "MUMBAI", cents("250000.00"), ts("10:01:00")),
             R("ACC-0002", "DELHI", cents("1200.00"), ts("10:02:00")),
             R("ACC-0003", "CHENNAI", cents("180000.00"), ts("10:03:30"))],
            [R("ACC-0001", "MUMBAI", cents("5000.00"), ts("10:06:00")),
             R("ACC-0004", "PUNE", cents("320000.00"), ts("10:07:15"))]]


def rejected_lesson(title, msg, pairing, why, fix, query, output_mode, sink):
    """A lesson whose query Spark rejects when it starts (exit code 2, `msg`): `pairing` says what
    is paired, `why` (lines) why Spark refuses it, `fix` what to do instead."""
    description = ["An **invalid pairing**: " + pairing, "",
                   "- Expected error: `AnalysisException: %s`." % msg] + why + ["", "**Fix:** " + fix]
    return scenario(title, description, query, output_mode, sink, few_rows(),
                    expect_error={"exitCode": 2, "messageContains": msg})


def lesson_05a():
    return rejected_lesson(
        "Invalid: Complete mode without aggregation",
        "Complete output mode not supported when there are no streaming aggregations on streaming DataFrames/Datasets",
        "a plain filter (`amount > 100000.00`) with **Complete** output mode. "
        "The query is rejected when it starts, before any trigger runs — nothing reaches the sink.",
        ["- Why: Complete mode re-emits the whole result table every trigger, so Spark would have "
         "to keep *every* input row ever seen. It is only allowed for queries with an aggregation, "
         "whose result table is bounded by the number of groups."],
        "use Append (or Update) for a stateless filter — see lesson 01 — or add a "
        "`groupBy` if you really want a re-emitted summary table.",
        [{"op": "filter", "condition": "amount > 100000.00"}],
        "complete", {"format": "memory", "options": {"queryName": "high_value"}})


def lesson_05b():
    return rejected_lesson(
        "Invalid: Append aggregation without watermark",
        "Append output mode not supported when there are streaming aggregations on streaming DataFrames/DataSets without watermark",
        "`groupBy(accountId).count()` in **Append** mode, without a "
        "watermark. The query is rejected at start, before any trigger runs.",
        ["- Why: Append emits a group only once, when it can never change again. A count per "
         "account can always grow with the next transaction, so no group would ever be final."],
        "use Update or Complete mode (lessons 03 and 02), or group by an event-time "
        "window with `withWatermark` so Spark knows when a window is closed (lesson 04). A "
        "watermark alone is not enough: the grouping keys must contain the watermarked column "
        "or a window of it.",
        [{"op": "groupBy", "keys": ["accountId"], "aggs": ["count(*) AS count"]}],
        "append", {"format": "console", "options": {}})


def lesson_05c():
    return rejected_lesson(
        "Invalid: Update mode on a file sink",
        "Data source csv does not support Update output mode.",
        "a filter written to a **CSV file sink** in **Update** mode. "
        "The query is rejected when `start()` creates the sink, before any trigger runs; no file "
        "is written.",
        ["- Why: file sinks (csv, json, parquet, …) only add new files; they cannot update or "
         "replace rows written earlier, so they accept **Append** mode only.",
         "- The filter itself would be fine in Update mode (it behaves like Append without "
         "aggregation); it is the sink that refuses."],
        "use `outputMode(\"append\")` with the file sink, or a sink that can upsert "
        "(e.g. `foreachBatch` with a MERGE / JDBC upsert) for Update mode.",
        [{"op": "filter", "condition": "amount > 100000.00"}],
        "update", {"format": "csv", "options": {"path": "out/high_value"}})


def lesson_06_steps(rng):
    accounts = [acc(n) for n in range(1, 501)]
    home = {}

    def branch(a):
        if a not in home:
            home[a] = rng.choice(BRANCHES)
        return home[a]

    def make_rows(ids, start, end):
        times = sorted(random_time(rng, start, end) for _ in ids)
        return [Row(a, branch(a), rng.randrange(500_00, 400000_00), t) for a, t in zip(ids, times)]

    ids0 = accounts + [rng.choice(accounts) for _ in range(120)]
    rng.shuffle(ids0)
    # step 1: 10 accounts (7 existing, 3 new); step 2: 10 (8 existing, 2 new);
    # step 3: 9 (8 existing, 1 new) + a 0.00 row for an existing account
    new = [acc(n) for n in range(501, 507)]
    s1 = rng.sample(accounts, 7) + new[0:3]
    s2 = rng.sample(accounts, 8) + new[3:5]
    s3 = rng.sample(accounts, 8) + new[5:6]
    steps = [make_rows(ids0, "08:00:00", "09:00:00")]
    for ids, (start, end) in ((s1, ("09:00:00", "09:10:00")), (s2, ("09:10:00", "09:20:00")),
                              (s3, ("09:20:00", "09:30:00"))):
        ids = ids + [rng.choice(ids) for _ in range(4)]
        rng.shuffle(ids)
        steps.append(make_rows(ids, start, end))
    # a 0.00 transaction for an account untouched since step 0: the group gets input in
    # step 3, but its total does not change
    zero_acc = next(a for a in accounts if a not in s1 + s2 + s3)
    steps[3].append(Row(zero_acc, branch(zero_acc), 0, ts("09:29:30")))
    return steps, zero_acc


def lesson_06(rng):
    steps, zero_acc = lesson_06_steps(rng)
    results = {}
    for mode in ("complete", "update"):
        results[mode] = run_plain_aggregation(steps, lambda r: r.account, 0,
                                              lambda s, r: s + (r.amount or 0), mode,
                                              "accountId", "total", fmt_dec)
    counts = {m: [len(r["emitted"]) for r in results[m]] for m in results}
    assert counts == {"complete": [500, 503, 505, 506], "update": [500, 10, 10, 10]}, counts
    state = [r["stateRows"] for r in results["complete"]]
    assert state == [r["stateRows"] for r in results["update"]] == [500, 503, 505, 506]
    zero_total = next(e["total"] for e in results["update"][3]["emitted"] if e["accountId"] == zero_acc)
    assert zero_total == next(e["total"] for e in results["update"][0]["emitted"]
                              if e["accountId"] == zero_acc)

    table = ("| trigger | rows in | accounts touched (new) | Complete emits | Update emits | state rows |",
             "|---|---|---|---|---|---|")
    new_counts = [500, 3, 2, 1]
    lines = list(table)
    for i in range(4):
        lines.append("| %d | %d | %d (%d) | %d | %d | %d |" % (
            i, len(steps[i]), results["update"][i]["stateRowsUpdated"], new_counts[i],
            counts["complete"][i], counts["update"][i], state[i]))

    docs = []
    for mode, other, letter in (("complete", "update", "a"), ("update", "complete", "b")):
        if mode == "complete":
            head = [
                "A common mistake: a per-account running total in **Complete** mode. Same data as "
                "lesson 06b (Update); compare the number of rows handed to the sink each trigger.",
                "",
            ]
            tail = [
                "",
                "Complete re-sends the **whole table** every trigger — 500 rows, then 503, 505, 506 — "
                "although only about 10 accounts received data. With millions of accounts every trigger "
                "rewrites millions of rows.",
                "",
                "**Spark rule:** Complete emits all groups in state each trigger and never evicts. "
                "Use **Update** (lesson 06b) and upsert by `accountId` in the sink.",
            ]
        else:
            head = [
                "The fix for lesson 06a: the same per-account running total in **Update** mode, "
                "with exactly the same steps.",
                "",
            ]
            tail = [
                "",
                "Update sends only the accounts that received rows in the trigger — 500, then 10, "
                "10, 10 — with their new running totals; the state still holds every account. "
                "In trigger 3, %s gets a `0.00` transaction: it is emitted although its total is "
                "unchanged (Update means *touched*, not *changed*)." % zero_acc,
                "",
                "**Spark rule:** Update emits every group that got input in this micro-batch; "
                "the sink must upsert by key (`accountId`).",
            ]
        res = results[mode]
        expect = [{"step": i, "emitted": sort_rows(r["emitted"]), "stateRows": r["stateRows"],
                   "stateRowsUpdated": r["stateRowsUpdated"]} for i, r in enumerate(res)]
        title = ("Mistake: running totals in Complete mode" if mode == "complete"
                 else "Fix: running totals in Update mode")
        docs.append(("06%s-complete-vs-update-%s.scenario.json" % (letter, mode),
                     scenario(title, head + lines + tail,
                              [{"op": "groupBy", "keys": ["accountId"], "aggs": ["sum(amount) AS total"]}],
                              mode, {"format": "memory", "options": {"queryName": "account_totals"}},
                              steps, expect)))
    return docs


# ----------------------------------------------------------------------------- validation

TOP_KEYS = {"format", "version", "title", "description", "title_de", "description_de", "topic", "level", "tags",
            "source", "query", "outputMode", "sink", "steps", "expect", "expectError"}
REQUIRED = {"format", "version", "source", "query", "outputMode", "sink", "steps"}
OP_KEYS = {"withWatermark": {"column", "delay"}, "filter": {"condition"}, "where": {"condition"},
           "select": {"columns"}, "withColumn": {"name", "expr"}, "groupBy": {"keys", "aggs"},
           "dropDuplicates": {"columns"}}
EXPECT_KEYS = {"step", "emitted", "rowsWritten", "stateRows", "stateRowsUpdated", "droppedByWatermark", "eventTime"}
TS_RE = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$")
ISO_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$")
DEC_RE = re.compile(r"^-?\d{1,10}\.\d{2}$")  # decimal(12,2)


def validate(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    name = os.path.basename(path)
    assert set(doc) <= TOP_KEYS, (name, set(doc) - TOP_KEYS)
    assert REQUIRED <= set(doc), (name, REQUIRED - set(doc))
    assert doc["format"] == "streamstep-scenario" and doc["version"] == 1
    assert set(doc["source"]) == {"name", "schema"} and doc["source"]["schema"] == SCHEMA
    for op in doc["query"]:
        assert op["op"] in OP_KEYS and set(op) - {"op"} <= OP_KEYS[op["op"]], (name, op)
    assert doc["outputMode"] in ("append", "update", "complete")
    assert set(doc["sink"]) <= {"format", "options"}
    n_lines = len(doc["description"].split("\n"))
    assert 5 <= n_lines <= 15, (name, n_lines)
    assert len(doc["description_de"].split("\n")) == n_lines, name
    assert doc["topic"] in ("output-modes", "sinks", "mistakes", "windows", "watermarks", "state") and \
        doc["level"] in ("beginner", "intermediate", "advanced") and doc["tags"], name
    for step in doc["steps"]:
        assert set(step) <= {"rows", "quiz"} and "rows" in step
        for q in step.get("quiz", []):
            assert q["kind"] in ("written", "watermark", "stateRows", "dropped", "choice"), (name, q)
            assert q["prompt"] and q["prompt_de"], (name, q)
            assert (q["kind"] == "choice") == ("answer" in q), (name, q)
        for row in step["rows"]:
            assert isinstance(row, list) and len(row) == 4, (name, row)
            a, b, amount, t = row
            assert isinstance(a, str) and isinstance(b, str)
            assert amount is None or DEC_RE.match(amount), (name, row)
            assert TS_RE.match(t) and ts_of(t) // 86400 == DAY // 86400, (name, row)
    assert ("expect" in doc) != ("expectError" in doc), name
    for e in doc.get("expect", []):
        assert set(e) <= EXPECT_KEYS and 0 <= e["step"] < len(doc["steps"]), (name, e)
        for r in e["emitted"]:
            for v in r.values():
                if isinstance(v, str) and ":" in v:
                    assert TS_RE.match(v)
        for v in e.get("eventTime", {}).values():
            assert ISO_RE.match(v), (name, v)
    if "expectError" in doc:
        assert set(doc["expectError"]) == {"exitCode", "messageContains"}


# The server the PostgreSQL lesson writes to unless STREAMSTEP_POSTGRES_URL names another: a local
# server's `streamstep` database and user (README: "Point the PostgreSQL lesson at your server").
POSTGRES_LESSON_URL = "postgresql://streamstep@localhost:5432/streamstep"


def lesson_07():
    # Its own generator, so the lessons before it stay byte-for-byte the same.
    rng = random.Random(20261201)
    accounts = [acc(n) for n in range(1, 31)]
    home = {a: rng.choice(BRANCHES) for a in accounts}
    picks = [accounts + [rng.choice(accounts) for _ in range(10)],
             rng.sample(accounts, 6) + [rng.choice(accounts[:6]) for _ in range(2)],
             [],
             rng.sample(accounts, 4)]
    for ids in picks:
        rng.shuffle(ids)
    spans = [("09:00:00", "09:10:00"), ("09:10:00", "09:20:00"), None, ("09:30:00", "09:40:00")]
    steps = []
    for ids, span in zip(picks, spans):
        times = sorted(random_time(rng, *span) for _ in ids) if span else []
        steps.append([Row(a, home[a], rng.randrange(100_00, 250000_00), t) for a, t in zip(ids, times)])
    res = run_plain_aggregation(steps, lambda r: r.account, 0, lambda s, r: s + 1, "update",
                                "accountId", "count", lambda c: c)
    written = [len(r["emitted"]) for r in res]
    assert written[0] == 30 and written[2] == 0, written
    # The table after every batch: an upsert keeps one row per account, with its newest count.
    table = {}
    for r in res:
        for row in r["emitted"]:
            table[row["accountId"]] = row["count"]
    assert len(table) == 30
    # Trigger 2 brings no rows: no batch runs (no watermark asks for a no-data batch), so
    # nothing is written and no state row is updated.
    expect = [{"step": i, "emitted": sort_rows(r["emitted"]), "stateRows": r["stateRows"],
               "stateRowsUpdated": r["stateRowsUpdated"]} if steps[i] else
              {"step": i, "emitted": [], "rowsWritten": 0, "stateRowsUpdated": 0}
              for i, r in enumerate(res)]
    description = [
        "Counts transactions per `accountId` in **Update** mode and upserts them into the "
        "PostgreSQL table `account_counts`: the standard pattern for a live per-account dashboard.",
        "",
        "- **Trigger 0** — %d rows for 30 accounts: **30** rows are upserted (inserted)." % len(steps[0]),
        "- **Trigger 1** — %d rows for %d accounts: only those **%d** rows are upserted, with their "
        "new running counts; the other rows of the table stay as they were." % (len(steps[1]), written[1], written[1]),
        "- **Trigger 2** — no rows arrive: no batch runs, nothing is written.",
        "- **Trigger 3** — %d rows: **%d** upserts. The table ends with 30 rows, one per account." % (len(steps[3]), written[3]),
        "",
        "**Sink:** each batch is one transaction: `INSERT … ON CONFLICT (accountId) DO UPDATE` of the "
        "changed rows, plus its batch id in `_streamstep_batches`, so a batch replayed after a crash is "
        "skipped (exactly once). Spark writes this with `foreachBatch` and a JDBC upsert. The url "
        "(%s) is a local server; `STREAMSTEP_POSTGRES_URL` points the lesson at another." % POSTGRES_LESSON_URL,
    ]
    quiz = {
        1: [choice("Trigger 1 brings %d rows for %d accounts. How many rows does it upsert in Update mode?"
                   % (len(steps[1]), written[1]),
                   "Trigger 1 bringt %d Zeilen für %d Konten. Wie viele Zeilen schreibt er im Update-Modus?"
                   % (len(steps[1]), written[1]),
                   ["%d rows" % written[1], "%d rows" % len(steps[1]), "30 rows"],
                   ["%d Zeilen" % written[1], "%d Zeilen" % len(steps[1]), "30 Zeilen"],
                   "rowsWritten", written[1],
                   "Update mode writes each group that rows of the batch reached, once, with its new count.",
                   "Der Update-Modus schreibt jede Gruppe, die Zeilen des Batches erreicht haben, einmal, "
                   "mit ihrer neuen Anzahl.")],
        2: [choice("Trigger 2 brings no rows. How many micro-batches does it run?",
                   "Trigger 2 bringt keine Zeilen. Wie viele Micro-Batches führt er aus?",
                   ["0", "1", "2"], ["0", "1", "2"], "batches", 0,
                   "Without new data and without a watermark to move, Spark runs no batch.",
                   "Ohne neue Daten und ohne Watermark, das sich bewegen könnte, führt Spark keinen Batch aus."),
            ask("stateRows", "How many rows are in state after trigger 2?",
                "Wie viele Zeilen sind nach Trigger 2 im Zustand?")],
    }
    return scenario(
        "Account counts into PostgreSQL (Update, upsert)", description,
        [{"op": "groupBy", "keys": ["accountId"], "aggs": ["count(*) AS count"]}],
        "update", {"format": "postgres", "options": {"url": POSTGRES_LESSON_URL, "table": "account_counts",
                                                     "key": ["accountId"]}}, steps, expect, quiz=quiz)


def lesson_08():
    steps = lesson_04_steps()
    res = run_windowed_append(steps, window_s=300, delay_s=600)
    files = [i for i, r in enumerate(res) if r["emitted"]]
    assert files == [1, 2, 4], files
    description = [
        "The windowed totals of lesson 04 written the way Spark's examples write them: to **Parquet** "
        "files (`format(\"parquet\")`, Spark's default file format), in **Append** mode.",
        "",
        "- Each batch that emits final windows writes one part file, `part-<batch>-c000.snappy.parquet`, "
        "and then one entry of the sink's `_spark_metadata` log that lists it; readers (Spark, DuckDB, "
        "`streamstep-cli sink-cat`) see only listed files, so a crash never shows half a batch.",
        "- Triggers 1, 2 and 4 write files (their no-data batches emit the windows the watermark closed); "
        "triggers 0 and 3 write none.",
        "- The window column is a Parquet group {start, end} of two TIMESTAMP(MICROS, UTC) columns, "
        "`total` a DECIMAL(22,2), `accountId` a STRING: the types Spark reads back.",
        "",
        "**Spark rule:** file sinks are Append only (they cannot change rows already written); the "
        "metadata log makes them exactly once across restarts.",
    ]
    return scenario(
        "Windowed totals into Parquet files (Append)", description, WINDOWED_TOTALS_QUERY,
        "append", {"format": "parquet", "options": {"path": "out/windowed_totals"}}, steps,
        windowed_append_expect(res))


# ----------------------------------------------------------------------------- lesson metadata
# German titles and descriptions, topic, level and tags of the generated lessons (01-08).
LESSON_META = {
    "01-high-value-filter.scenario.json": {
        "title_de": "Transaktionen mit hohem Betrag (Filter, Append)",
        "description_de": (
            "Eine **zustandslose** Abfrage: Sie behält die Transaktionen mit `amount > 100000.00`, wählt `accountId`, `amount` und `eventTime` "
            "und schreibt sie im Modus Append in die CSV-Datei-Senke `high_value`.\n"
            "\n"
            "- **Trigger 0** — 40 Zeilen kommen an, **15** werden geschrieben. Suchen Sie die Zeile mit genau `100000.00`: `>` ist streng, "
            "sie fällt also heraus, während `100000.01` durchkommt.\n"
            "- Auch die Zeile, deren `amount` NULL ist, fällt heraus: `NULL > 100000.00` ist NULL, und ein Filter behält nur Zeilen, deren "
            "Bedingung TRUE ist.\n"
            "- **Trigger 1** — 25 neue Zeilen, **8** werden geschrieben (ein weiteres `100000.00` fällt heraus). Nur die neuen Zeilen werden "
            "verarbeitet: Nichts aus Trigger 0 wird noch einmal geschrieben.\n"
            "\n"
            "**Spark-Regel:** Ohne Aggregation, Deduplizierung oder Join hält eine Streaming-Abfrage keinen Zustand. Jeder Micro-Batch liest "
            "nur die neu angekommenen Zeilen, und im Modus Append geht jede Zeile, die den Filter besteht, genau einmal in die Senke. Es braucht "
            "kein Watermark, und der Modus Complete würde für diese Abfrage abgelehnt (Lektion 05a).\n"
            "\n"
            "**Senke:** eine CSV-Datei-Senke (`high_value/` im Ausgabeordner). Jeder Batch schreibt seine Part-Dateien und trägt sie dann in "
            "das Manifest der Senke ein; ein Leser sieht nur eingetragene Dateien, und ein wiederholter Batch wird nicht zweimal geschrieben "
            "(`streamstep-cli sink-cat`)."),
        "topic": "output-modes", "level": "beginner", "tags": ["filter", "append", "csv", "stateless"],
    },
    "02-branch-totals-complete.scenario.json": {
        "title_de": "Summen pro Filiale (groupBy + sum, Complete)",
        "description_de": (
            "Laufende Summe von `amount` pro `branchCode`, auf der Konsole im Modus **Complete**.\n"
            "\n"
            "- **Trigger 0** — 9 Zeilen: Die Konsole zeigt MUMBAI `500000.00` und DELHI `320000.00`.\n"
            "- **Trigger 1** — 8 weitere Zeilen (MUMBAI +250000.00, DELHI +90000.00 und erste Zeilen für CHENNAI): Die ganze Tabelle wird "
            "erneut ausgegeben — MUMBAI `750000.00`, DELHI `410000.00`, CHENNAI `120000.00`. Die Summen umfassen *alle* bisherigen Daten, nicht "
            "nur diesen Batch.\n"
            "\n"
            "**Spark-Regel:** Eine Aggregation hält über die Micro-Batches eine Zustandszeile pro Gruppe. Complete gibt der Senke bei jedem "
            "Trigger die *ganze* Ergebnistabelle (geändert oder nicht), passt also nur zu kleinen Ergebnissen; der Zustand wird nie entfernt. "
            "`sum` über eine Spalte `decimal(12,2)` ergibt `decimal(22,2)` (Präzision + 10, gleiche Skala), daher die zwei Nachkommastellen "
            "jeder Summe."),
        "topic": "output-modes", "level": "beginner", "tags": ["groupBy", "sum", "complete", "console"],
    },
    "03-account-counts-update.scenario.json": {
        "title_de": "Zählung pro Konto (groupBy + count, Update)",
        "description_de": (
            "Zählt die Transaktionen pro `accountId` (`count(*) AS count`) im Modus **Update** und schreibt sie per Upsert in die "
            "SQLite-Tabelle `account_counts`.\n"
            "\n"
            "- **Trigger 0** — 1350 Zeilen für 1000 verschiedene Konten (manche mit mehreren Zeilen): **1000** Zeilen werden geschrieben, eine "
            "pro Konto.\n"
            "- **Trigger 1** — 70 Zeilen für **45** bestehende Konten: Nur diese **45** Zeilen werden geschrieben, jede mit ihrer neuen "
            "*laufenden* Anzahl (frühere Zeilen eingeschlossen).\n"
            "- **Trigger 2** — 18 Zeilen für **12** Konten: **12** Zeilen werden geschrieben.\n"
            "- Der Zustand bleibt die ganze Zeit bei **1000** Zeilen: Kein neues Konto kommt dazu, und ohne Watermark wird nie etwas entfernt.\n"
            "\n"
            "**Spark-Regel:** Der Modus Update schreibt nur die Gruppen, die in diesem Micro-Batch Eingaben bekamen, mit ihrem neuen Wert; "
            "unveränderte Gruppen bleiben still. `count(*)` ist ein `long`. Eine echte Senke muss per Schlüssel (hier `accountId`) upserten, "
            "damit die Tabelle stimmt.\n"
            "\n"
            "**Senke:** eine SQLite-Tabelle `account_counts`, per Upsert auf `accountId` geschrieben (das Muster des PostgreSQL-Upserts): "
            "1000, dann 45, dann 12 Zeilen, und die Tabelle endet mit 1000 Zeilen. Jeder Batch ist eine Transaktion, die auch seine Batch-ID "
            "festhält, daher wird ein wiederholter Batch übersprungen."),
        "topic": "output-modes", "level": "beginner", "tags": ["groupBy", "count", "update", "sqlite", "upsert"],
    },
    "04-windowed-totals-append.scenario.json": {
        "title_de": "Summen pro Fenster (window + Watermark, Append)",
        "description_de": (
            "Summiert `amount` pro 5-Minuten-Fenster der Ereigniszeit und `accountId`, mit 10 Minuten Watermark, im Modus **Append**: Jedes "
            "Fenster wird **einmal** ausgegeben, wenn es endgültig ist.\n"
            "\n"
            "- **Trigger 0** — nichts wird geschrieben; 4 Fenster warten im Zustand. Größte Ereigniszeit 10:08:45, also wird das Watermark "
            "10:08:45 − 10 min = **09:58:45** (gültig ab dem nächsten Batch).\n"
            "- **Trigger 1** — die Zeile von 10:04:00 ist älter als schon gesehene Zeilen, aber ihr Fenster [10:00, 10:05) endet nach 09:58:45, "
            "sie zählt also noch (ACC-0002 → 50000.50). 10:17:30 setzt das Watermark auf **10:07:30**; Sparks Batch ohne Daten gleich danach "
            "schreibt die Fenster [10:00, 10:05): ACC-0001 150000.00, ACC-0002 50000.50.\n"
            "- **Trigger 2** — drei Zeilen aus [10:00, 10:05) sind zu spät (Fensterende ≤ 10:07:30): verworfen, `numRowsDroppedByWatermark` "
            "= 2 (eins pro verspäteter Fenster-/Kontogruppe), und die schon geschriebenen Summen ändern sich nicht. 10:08:00 zählt noch "
            "(das Fenster endet um 10:10). Watermark → **10:11:00**: Die Fenster [10:05, 10:10) werden geschrieben.\n"
            "- **Trigger 3** — die größte Zeit 10:19:00 ergibt 10:09:00, weniger als 10:11:00: Das Watermark geht nie zurück, kein Batch ohne "
            "Daten läuft, nichts wird geschrieben.\n"
            "- **Trigger 4** — Watermark → **10:21:00**: Die Fenster, die um 10:15 und 10:20 enden, werden geschrieben.\n"
            "\n"
            "**Spark-Regel:** Watermark = größte Ereigniszeit eines Batches − Verzögerung, nur steigend, gültig ab dem nächsten Batch. Append "
            "schreibt und entfernt ein Fenster, sobald sein Ende ≤ Watermark ist; Zeilen, deren Fensterende ≤ Watermark ist, werden als "
            "verspätet verworfen."),
        "topic": "windows", "level": "intermediate", "tags": ["window", "watermark", "append", "late data"],
    },
    "05a-complete-on-filter.scenario.json": {
        "title_de": "Ungültig: Modus Complete ohne Aggregation",
        "description_de": (
            "Eine **ungültige Kombination**: ein einfacher Filter (`amount > 100000.00`) im Modus **Complete**. Die Abfrage wird beim Start "
            "abgelehnt, bevor ein Trigger läuft — nichts erreicht die Senke.\n"
            "\n"
            "- Erwarteter Fehler: `AnalysisException: Complete output mode not supported when there are no streaming aggregations on "
            "streaming DataFrames/Datasets`.\n"
            "- Warum: Complete schreibt bei jedem Trigger die ganze Ergebnistabelle neu, Spark müsste also *jede* je gesehene Eingabezeile "
            "behalten. Erlaubt ist es nur für Abfragen mit Aggregation, deren Ergebnistabelle durch die Zahl der Gruppen begrenzt ist.\n"
            "\n"
            "**Lösung:** Nehmen Sie für einen zustandslosen Filter Append (oder Update) — siehe Lektion 01 — oder fügen Sie ein `groupBy` "
            "hinzu, wenn Sie wirklich eine immer neu geschriebene Übersichtstabelle wollen."),
        "topic": "mistakes", "level": "beginner", "tags": ["complete", "filter", "AnalysisException"],
    },
    "05b-append-aggregation-no-watermark.scenario.json": {
        "title_de": "Ungültig: Aggregation in Append ohne Watermark",
        "description_de": (
            "Eine **ungültige Kombination**: `groupBy(accountId).count()` im Modus **Append**, ohne Watermark. Die Abfrage wird beim Start "
            "abgelehnt, bevor ein Trigger läuft.\n"
            "\n"
            "- Erwarteter Fehler: `AnalysisException: Append output mode not supported when there are streaming aggregations on streaming "
            "DataFrames/DataSets without watermark`.\n"
            "- Warum: Append schreibt eine Gruppe nur einmal, wenn sie sich nie mehr ändern kann. Eine Zählung pro Konto kann mit der nächsten "
            "Transaktion immer wachsen, keine Gruppe wäre also je endgültig.\n"
            "\n"
            "**Lösung:** Nehmen Sie den Modus Update oder Complete (Lektionen 03 und 02), oder gruppieren Sie nach einem Fenster der "
            "Ereigniszeit mit `withWatermark`, damit Spark weiß, wann ein Fenster geschlossen ist (Lektion 04). Ein Watermark allein genügt "
            "nicht: Die Gruppierungsschlüssel müssen die Spalte des Watermarks oder ein Fenster über ihr enthalten."),
        "topic": "mistakes", "level": "beginner", "tags": ["append", "watermark", "groupBy", "AnalysisException"],
    },
    "05c-file-sink-update.scenario.json": {
        "title_de": "Ungültig: Modus Update auf einer Datei-Senke",
        "description_de": (
            "Eine **ungültige Kombination**: ein Filter, der im Modus **Update** in eine **CSV-Datei-Senke** schreibt. Die Abfrage wird "
            "abgelehnt, wenn `start()` die Senke anlegt, bevor ein Trigger läuft; keine Datei wird geschrieben.\n"
            "\n"
            "- Erwarteter Fehler: `AnalysisException: Data source csv does not support Update output mode.`.\n"
            "- Warum: Datei-Senken (csv, json, parquet, …) fügen nur neue Dateien hinzu; sie können früher geschriebene Zeilen weder ändern "
            "noch ersetzen, daher nehmen sie nur den Modus **Append** an.\n"
            "- Der Filter selbst wäre im Modus Update in Ordnung (ohne Aggregation verhält er sich wie Append); es ist die Senke, die ablehnt.\n"
            "\n"
            "**Lösung:** Nehmen Sie `outputMode(\"append\")` mit der Datei-Senke, oder für den Modus Update eine Senke, die upserten kann "
            "(z. B. `foreachBatch` mit MERGE / JDBC-Upsert)."),
        "topic": "mistakes", "level": "beginner", "tags": ["update", "csv", "file sink", "AnalysisException"],
    },
    "06a-complete-vs-update-complete.scenario.json": {
        "title_de": "Fehler: laufende Summen im Modus Complete",
        "description_de": (
            "Ein häufiger Fehler: eine laufende Summe pro Konto im Modus **Complete**. Dieselben Daten wie in Lektion 06b (Update); vergleichen "
            "Sie, wie viele Zeilen jeder Trigger der Senke übergibt.\n"
            "\n"
            "@TABLE@\n"
            "\n"
            "Complete schickt bei jedem Trigger die **ganze Tabelle** — 500 Zeilen, dann 503, 505, 506 —, obwohl nur etwa 10 Konten Daten "
            "bekamen. Bei Millionen Konten schreibt jeder Trigger Millionen Zeilen neu.\n"
            "\n"
            "**Spark-Regel:** Complete schreibt bei jedem Trigger alle Gruppen im Zustand und entfernt nie etwas. Nehmen Sie **Update** "
            "(Lektion 06b) und upserten Sie in der Senke nach `accountId`."),
        "topic": "output-modes", "level": "intermediate", "tags": ["complete", "update", "state", "memory"],
    },
    "06b-complete-vs-update-update.scenario.json": {
        "title_de": "Lösung: laufende Summen im Modus Update",
        "description_de": (
            "Die Lösung für Lektion 06a: dieselbe laufende Summe pro Konto im Modus **Update**, mit genau denselben Schritten.\n"
            "\n"
            "@TABLE@\n"
            "\n"
            "Update schickt nur die Konten, die im Trigger Zeilen bekamen — 500, dann 10, 10, 10 — mit ihren neuen laufenden Summen; der "
            "Zustand hält weiterhin jedes Konto. In Trigger 3 bekommt ACC-0002 eine Transaktion über `0.00`: Es wird geschrieben, obwohl "
            "seine Summe gleich bleibt (Update heißt *berührt*, nicht *geändert*).\n"
            "\n"
            "**Spark-Regel:** Update schreibt jede Gruppe, die in diesem Micro-Batch Eingaben bekam; die Senke muss per Schlüssel "
            "(`accountId`) upserten."),
        "topic": "output-modes", "level": "intermediate", "tags": ["update", "complete", "upsert"],
    },
    "07-account-counts-postgres.scenario.json": {
        "title_de": "Zählung pro Konto in PostgreSQL (Update, Upsert)",
        "description_de": (
            "Zählt die Transaktionen pro `accountId` im Modus **Update** und schreibt sie per Upsert in die PostgreSQL-Tabelle "
            "`account_counts`: das übliche Muster für ein Live-Dashboard pro Konto.\n"
            "\n"
            "- **Trigger 0** — 40 Zeilen für 30 Konten: **30** Zeilen werden geupsertet (eingefügt).\n"
            "- **Trigger 1** — 8 Zeilen für 7 Konten: nur diese **7** Zeilen werden geupsertet, mit ihren neuen laufenden Zahlen; die anderen "
            "Zeilen der Tabelle bleiben, wie sie waren.\n"
            "- **Trigger 2** — keine Zeilen kommen an: Kein Batch läuft, nichts wird geschrieben.\n"
            "- **Trigger 3** — 4 Zeilen: **4** Upserts. Die Tabelle endet mit 30 Zeilen, eine pro Konto.\n"
            "\n"
            "**Senke:** Jeder Batch ist eine Transaktion: `INSERT … ON CONFLICT (accountId) DO UPDATE` der geänderten Zeilen, dazu seine "
            "Batch-ID in `_streamstep_batches`, damit ein nach einem Absturz wiederholter Batch übersprungen wird (genau einmal). Spark "
            "schreibt das mit `foreachBatch` und einem JDBC-Upsert. Die URL (postgresql://streamstep@localhost:5432/streamstep) ist ein "
            "lokaler Server; `STREAMSTEP_POSTGRES_URL` richtet die Lektion auf einen anderen."),
        "topic": "sinks", "level": "intermediate", "tags": ["postgres", "update", "upsert", "exactly once"],
    },
    "08-windowed-totals-parquet.scenario.json": {
        "title_de": "Summen pro Fenster in Parquet-Dateien (Append)",
        "description_de": (
            "Die Fenstersummen aus Lektion 04, geschrieben wie in Sparks Beispielen: in **Parquet**-Dateien (`format(\"parquet\")`, Sparks "
            "Standard-Dateiformat), im Modus **Append**.\n"
            "\n"
            "- Jeder Batch, der endgültige Fenster schreibt, schreibt eine Part-Datei, `part-<batch>-c000.snappy.parquet`, und danach einen "
            "Eintrag im Log `_spark_metadata` der Senke, der sie aufführt; Leser (Spark, DuckDB, `streamstep-cli sink-cat`) sehen nur "
            "aufgeführte Dateien, ein Absturz zeigt also nie einen halben Batch.\n"
            "- Die Trigger 1, 2 und 4 schreiben Dateien (ihre Batches ohne Daten schreiben die Fenster, die das Watermark geschlossen hat); "
            "die Trigger 0 und 3 schreiben keine.\n"
            "- Die Fensterspalte ist eine Parquet-Gruppe {start, end} aus zwei Spalten TIMESTAMP(MICROS, UTC), `total` ein DECIMAL(22,2), "
            "`accountId` ein STRING: die Typen, die Spark zurückliest.\n"
            "\n"
            "**Spark-Regel:** Datei-Senken kennen nur Append (sie können geschriebene Zeilen nicht ändern); das Metadaten-Log macht sie über "
            "Neustarts hinweg genau einmal."),
        "topic": "sinks", "level": "intermediate", "tags": ["parquet", "append", "window", "file sink"],
    },
}

TABLE_HEADER_DE = "| Trigger | Zeilen rein | berührte Konten (neu) | Complete schreibt | Update schreibt | Zustandszeilen |"


def with_metadata(name, doc):
    """The lesson with its German texts, topic, level and tags after its description (the
    Lessons page's keys, docs/scenario-format.md "Lesson metadata")."""
    meta = LESSON_META[name]
    description_de = meta["description_de"]
    if "@TABLE@" in description_de:  # lesson 06's table: the English rows under a German header
        rows = [line for line in doc["description"].split("\n") if line.startswith("|")]
        description_de = description_de.replace("@TABLE@", "\n".join([TABLE_HEADER_DE] + rows[1:]))
    numbers = lambda text: sorted(set(re.findall(r"\d+(?:\.\d+)?", text)))
    # Generated numbers in the English text must reappear in the German one.
    assert numbers(doc["description"]) == numbers(description_de), (name, numbers(doc["description"]), numbers(description_de))
    out = {}
    for key, value in doc.items():
        out[key] = value
        if key == "description":
            out["title_de"] = meta["title_de"]
            out["description_de"] = description_de
            out["topic"] = meta["topic"]
            out["level"] = meta["level"]
            out["tags"] = meta["tags"]
    return out


# ----------------------------------------------------------------------------- main

def main():
    rng = random.Random(20260301)
    files = [
        ("01-high-value-filter.scenario.json", lesson_01(rng)),
        ("02-branch-totals-complete.scenario.json", lesson_02(rng)),
        ("03-account-counts-update.scenario.json", lesson_03(rng)),
        ("04-windowed-totals-append.scenario.json", lesson_04()),
        ("05a-complete-on-filter.scenario.json", lesson_05a()),
        ("05b-append-aggregation-no-watermark.scenario.json", lesson_05b()),
        ("05c-file-sink-update.scenario.json", lesson_05c()),
    ] + lesson_06(rng) + [
        ("07-account-counts-postgres.scenario.json", lesson_07()),
        ("08-windowed-totals-parquet.scenario.json", lesson_08()),
    ]
    for name, doc in files:
        doc = add_quizzes(name, with_metadata(name, doc))
        path = os.path.join(HERE, name)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(dumps(doc) + "\n")
        validate(path)
    print("wrote %d scenario files to %s" % (len(files), HERE), file=sys.stderr)


if __name__ == "__main__":
    main()
