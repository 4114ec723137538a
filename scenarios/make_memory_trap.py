#!/usr/bin/env python3
"""Writes lessons 27a/27b/27c (the complete-mode memory trap at scale) and 27a/27b's data files.

    python3 scenarios/make_memory_trap.py

rewrites scenarios/27-memory-trap/step0.csv … step3.csv and the three lesson files byte for byte
identically (seeded). Each step is one trigger of 25,000 transactions by 25,000 accounts that
pay for the first time (accountId "ACC-00000", amount decimal(12,2), eventTime: the columns of
the app's Generate Rows without branchCode, which the panels have no room for), with event times
filling the step's own 5 minutes from 10:00 on. So after step k there are 25,000·(k+1) distinct
accounts: lesson 27a (groupBy accountId, complete) holds all of them in state and writes all of
them every trigger; lesson 27b (withWatermark + groupBy window, accountId, update) holds only
the open window's 25,000.

Why 100,000 accounts and not a million: a million rows of these three columns are 38 MB of CSV
(too big to commit). Lesson 27c has the million: the same query over four generated steps of
250,000 new accounts each ("generate": the engine computes the rows from a running id, and the
Spark replay computes the same rows with spark.range(...).selectExpr(...)), so it needs no data
file. The figures in `expect` follow from the construction and are checked by
`streamstep-cli check` and by real Spark.
"""

import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = "27-memory-trap"
STEPS = 4
PER_STEP = 25_000
START = 10 * 3600  # 10:00:00 on 2026-03-01


def hms(sec):
    return "%02d:%02d:%02d" % (sec // 3600, sec // 60 % 60, sec % 60)


def write_data():
    rng = random.Random(27)
    for step in range(STEPS):
        accounts = list(range(step * PER_STEP, (step + 1) * PER_STEP))
        rng.shuffle(accounts)
        lines = ["accountId,amount,eventTime"]
        for i, account in enumerate(accounts):
            cents = rng.randrange(100, 250_001)
            t = START + step * 300 + i * 300 // PER_STEP
            lines.append("ACC-%05d,%d.%02d,2026-03-01 %s" % (account, cents // 100, cents % 100, hms(t)))
        with open(os.path.join(HERE, DATA, "step%d.csv" % step), "w", newline="\n") as f:
            f.write("\n".join(lines) + "\n")


SOURCE = {"name": "transactions", "schema": [
    {"name": "accountId", "type": "string"},
    {"name": "amount", "type": "decimal(12,2)"},
    {"name": "eventTime", "type": "timestamp"}]}


def n(value):
    return "{:,}".format(value)


def n_de(value):
    return n(value).replace(",", ".")


def state_question(step, explain, explain_de):
    return {"kind": "stateRows",
            "prompt": "How many rows are in state after trigger %d?" % step,
            "prompt_de": "Wie viele Zeilen sind nach Trigger %d im Zustand?" % step,
            "explain": explain, "explain_de": explain_de}


def written_choice(step, prompt, prompt_de, values, right, explain, explain_de):
    return {"kind": "choice", "prompt": prompt, "prompt_de": prompt_de,
            "options": ["%d rows" % v for v in values], "options_de": ["%d Zeilen" % v for v in values],
            "answer": values.index(right), "fact": "rowsWritten", "explain": explain, "explain_de": explain_de}


def complete_trap(steps, per, texts):
    """Lessons 27a and 27c: groupBy accountId in Complete mode over STEPS steps of `per` new
    accounts each, so after step s there are per·(s + 1) state rows, all written. `texts` holds the
    titles and descriptions and the quiz's words; the quiz asks for the state rows after trigger 1
    and 3 and for the rows trigger 3 writes."""
    total = STEPS * per
    steps[1]["quiz"] = [state_question(1, *texts["state1"])]
    steps[3]["quiz"] = [
        written_choice(3, *texts["written3"][:2], [per, total, 3 * per], total, *texts["written3"][2:]),
        state_question(3, *texts["state3"])]
    expect = [{"step": s, "rowsWritten": (s + 1) * per, "stateRows": (s + 1) * per,
               "stateRowsUpdated": per} for s in range(STEPS)]
    return {
        "format": "streamstep-scenario",
        "version": 1,
        "title": texts["title"],
        "description": texts["description"],
        "title_de": texts["title_de"],
        "description_de": texts["description_de"],
        "topic": "state",
        "level": "intermediate",
        "tags": texts["tags"],
        "source": SOURCE,
        "query": [{"op": "groupBy", "keys": ["accountId"],
                   "aggs": ["count(*) AS payments", "sum(amount) AS total"]}],
        "outputMode": "complete",
        "sink": {"format": "memory", "options": {"queryName": "account_dashboard"}},
        "steps": steps,
        "expect": expect,
    }


def lesson_27a():
    steps = [{"rowsFile": "%s/step%d.csv" % (DATA, s)} for s in range(STEPS)]
    return complete_trap(steps, PER_STEP, {
        "title": "The complete-mode memory trap: 100,000 accounts, all rewritten every trigger",
        "description": (
            "A dashboard shows each account's number of payments and total, so the query is `groupBy(\"accountId\")` "
            "in **Complete** mode. Each trigger brings 25,000 payments by 25,000 accounts that pay for the first time "
            "(rows from data files next to the lesson, made like the app's *Generate Rows*). Watch **State rows** and "
            "the rows written.\n\n"
            "- **Trigger 0** — 25,000 accounts: 25,000 state rows, 25,000 rows written.\n"
            "- **Trigger 1** — 25,000 new accounts: 50,000 state rows, and Complete writes **all 50,000** again.\n"
            "- **Trigger 2** — 75,000 state rows, 75,000 rows written.\n"
            "- **Trigger 3** — **100,000** state rows; the whole table of 100,000 rows is written, although only "
            "25,000 rows changed.\n\n"
            "Without a watermark-bounded window Spark can never forget a group: any account may pay again, and Complete "
            "must show it. State grows with the number of **distinct keys**: a bank with a million accounts holds a "
            "million state rows in every executor's state store and in every checkpoint, and rewrites a million rows "
            "every trigger. (The files hold 100,000 accounts so that the lesson stays under 4 MB; lesson 27c generates "
            "a million.) Even a watermark does not help here: Complete never evicts state.\n\n"
            "**Fix:** lesson 27b, the same payments per 5-minute window with a watermark, in Update mode."),
        "title_de": "Die Speicherfalle von Complete: 100.000 Konten im Zustand, bei jedem Trigger alle neu geschrieben",
        "description_de": (
            "Ein Dashboard zeigt für jedes Konto die Zahl der Zahlungen und die Summe, die Abfrage ist also "
            "`groupBy(\"accountId\")` im Modus **Complete**. Jeder Trigger bringt 25.000 Zahlungen von 25.000 Konten, "
            "die zum ersten Mal zahlen (Zeilen aus Datendateien neben der Lektion, erzeugt wie mit *Zeilen erzeugen* "
            "in der App). Beobachten Sie **Zustandszeilen** und die geschriebenen Zeilen.\n\n"
            "- **Trigger 0** — 25.000 Konten: 25.000 Zustandszeilen, 25.000 Zeilen geschrieben.\n"
            "- **Trigger 1** — 25.000 neue Konten: 50.000 Zustandszeilen, und Complete schreibt **alle 50.000** erneut.\n"
            "- **Trigger 2** — 75.000 Zustandszeilen, 75.000 Zeilen geschrieben.\n"
            "- **Trigger 3** — **100.000** Zustandszeilen; die ganze Tabelle mit 100.000 Zeilen wird geschrieben, "
            "obwohl sich nur 25.000 Zeilen geändert haben.\n\n"
            "Ohne ein durch ein Watermark begrenztes Fenster kann Spark keine Gruppe je vergessen: Jedes Konto kann "
            "wieder zahlen, und Complete muss es zeigen. Der Zustand wächst mit der Zahl der **verschiedenen "
            "Schlüssel**: Eine Bank mit einer Million Konten hält eine Million Zustandszeilen im State Store jedes "
            "Executors und in jedem Checkpoint und schreibt bei jedem Trigger eine Million Zeilen neu. (Die Dateien "
            "enthalten 100.000 Konten, damit die Lektion unter 4 MB bleibt; Lektion 27c erzeugt eine Million.) Selbst ein Watermark hilft hier nicht: Complete entfernt nie Zustand.\n\n"
            "**Lösung:** Lektion 27b, dieselben Zahlungen pro 5-Minuten-Fenster mit einem Watermark, im Modus Update."),
        "tags": ["complete", "state", "memory", "scale", "groupBy"],
        "state1": (
            "Complete keeps a state row for every account it has ever seen: 25,000 from trigger 0 and 25,000 new ones.",
            "Complete behält eine Zustandszeile für jedes Konto, das es je gesehen hat: 25.000 aus Trigger 0 und 25.000 neue."),
        "written3": (
            "Trigger 3 brings 25,000 transactions. How many rows does Complete write?",
            "Trigger 3 bringt 25.000 Transaktionen. Wie viele Zeilen schreibt Complete?",
            "Complete writes the whole result table every trigger: all 100,000 accounts, although only 25,000 changed.",
            "Complete schreibt bei jedem Trigger die ganze Ergebnistabelle: alle 100.000 Konten, obwohl sich nur 25.000 geändert haben."),
        "state3": (
            "One row per distinct account, forever: the state grows with the number of keys, not with time.",
            "Eine Zeile pro Konto, für immer: Der Zustand wächst mit der Zahl der Schlüssel, nicht mit der Zeit."),
    })


def lesson_27b():
    steps = [{"rowsFile": "%s/step%d.csv" % (DATA, s)} for s in range(STEPS)]
    steps[1]["quiz"] = [state_question(
        1, "Trigger 1's rows move the watermark to 10:08:59, past the end of [10:00, 10:05): the no-data batch evicts "
           "trigger 0's 25,000 groups, and only the open window's 25,000 stay.",
        "Die Zeilen von Trigger 1 setzen das Watermark auf 10:08:59, hinter das Ende von [10:00, 10:05): Der "
        "No-Data-Batch entfernt die 25.000 Gruppen von Trigger 0, nur die 25.000 des offenen Fensters bleiben.")]
    steps[3]["quiz"] = [
        written_choice(3, "Trigger 3 brings 25,000 transactions. How many rows does Update write?",
                       "Trigger 3 bringt 25.000 Transaktionen. Wie viele Zeilen schreibt Update?",
                       [100000, 25000, 0], PER_STEP,
                       "Update writes only the groups this trigger changed: the 25,000 accounts of [10:15, 10:20).",
                       "Update schreibt nur die Gruppen, die dieser Trigger geändert hat: die 25.000 Konten von [10:15, 10:20)."),
        state_question(3, "Still 25,000: the watermark evicts each window once it has passed its end, so the state "
                          "holds the open window's accounts, however long the stream runs.",
                       "Weiterhin 25.000: Das Watermark entfernt jedes Fenster, sobald es sein Ende überschritten hat; "
                       "der Zustand hält die Konten des offenen Fensters, wie lange der Stream auch läuft.")]
    expect = [{"step": s, "rowsWritten": PER_STEP, "stateRows": PER_STEP, "stateRowsUpdated": PER_STEP,
               "droppedByWatermark": 0} for s in range(STEPS)]
    for s in range(STEPS):
        expect[s]["eventTime"] = {"max": "2026-03-01 %s" % hms(START + s * 300 + 299)}
    return {
        "format": "streamstep-scenario",
        "version": 1,
        "title": "The fix: a watermark-bounded window keeps the state at 25,000 rows",
        "description": (
            "The payments of lesson 27a, 100,000 accounts in four triggers, but the query sums each account's payments "
            "**per 5-minute window**: `withWatermark(\"eventTime\", \"1 minute\")`, then "
            "`groupBy(window(eventTime, \"5 minutes\"), accountId)`, in **Update** mode. Watch **State rows**.\n\n"
            "- **Trigger 0** — 25,000 groups of [10:00, 10:05): 25,000 state rows, 25,000 rows written.\n"
            "- **Trigger 1** — 25,000 groups of [10:05, 10:10). The watermark moves to 10:08:59, past the end of "
            "[10:00, 10:05), and the **no-data batch evicts** its 25,000 groups: still **25,000** state rows (50,000 for "
            "a moment, between the data batch and the no-data batch: the Batches tab shows both).\n"
            "- **Triggers 2 and 3** — the same: 25,000 rows written, 25,000 in state.\n\n"
            "Lesson 27a ends with 100,000 state rows and writes 100,000 rows in trigger 3; here the state stays at the "
            "size of one open window, and each trigger writes only what changed. With a million accounts a month, the "
            "state holds the accounts of the last few minutes, not a million rows. (The sink panel grows to 100,000 rows: "
            "Spark's memory sink keeps every row Update wrote, as a database table would. That is the sink's storage, "
            "not the query's state.)\n\n"
            "**Spark rule:** state is bounded only when a watermark lets Spark close groups: a watermark on the event "
            "time, a window of that time among the grouping keys, and Update or Append mode (Complete keeps every "
            "group, even with a watermark)."),
        "title_de": "Die Lösung: Ein durch ein Watermark begrenztes Fenster hält den Zustand bei 25.000 Zeilen",
        "description_de": (
            "Die Zahlungen aus Lektion 27a, 100.000 Konten in vier Triggern, aber die Abfrage summiert die Zahlungen "
            "jedes Kontos **pro 5-Minuten-Fenster**: `withWatermark(\"eventTime\", \"1 minute\")`, dann "
            "`groupBy(window(eventTime, \"5 minutes\"), accountId)`, im Modus **Update**. Beobachten Sie die "
            "**Zustandszeilen**.\n\n"
            "- **Trigger 0** — 25.000 Gruppen von [10:00, 10:05): 25.000 Zustandszeilen, 25.000 Zeilen geschrieben.\n"
            "- **Trigger 1** — 25.000 Gruppen von [10:05, 10:10). Das Watermark rückt auf 10:08:59, hinter das Ende "
            "von [10:00, 10:05), und der **No-Data-Batch entfernt** dessen 25.000 Gruppen: weiterhin **25.000** "
            "Zustandszeilen (für einen Moment 50.000, zwischen dem Daten-Batch und dem No-Data-Batch: der Reiter "
            "Batches zeigt beide).\n"
            "- **Trigger 2 und 3** — ebenso: 25.000 Zeilen geschrieben, 25.000 im Zustand.\n\n"
            "Lektion 27a endet mit 100.000 Zustandszeilen und schreibt in Trigger 3 100.000 Zeilen; hier bleibt der "
            "Zustand so groß wie ein offenes Fenster, und jeder Trigger schreibt nur, was sich geändert hat. Bei "
            "einer Million Konten im Monat hält der Zustand die Konten der letzten Minuten, nicht eine Million Zeilen. "
            "(Die Senke wächst auf 100.000 Zeilen: Sparks Memory-Senke behält jede Zeile, die Update geschrieben hat, "
            "wie es eine Datenbanktabelle täte. Das ist der Speicher der Senke, nicht der Zustand der Abfrage.)\n\n"
            "**Spark-Regel:** Der Zustand ist nur begrenzt, wenn ein Watermark Spark Gruppen schließen lässt: ein "
            "Watermark auf der Ereigniszeit, ein Fenster dieser Zeit unter den Gruppierungsschlüsseln und der Modus "
            "Update oder Append (Complete behält jede Gruppe, auch mit Watermark)."),
        "topic": "state",
        "level": "advanced",
        "tags": ["update", "watermark", "window", "state", "memory", "scale"],
        "source": SOURCE,
        "query": [{"op": "withWatermark", "column": "eventTime", "delay": "1 minute"},
                  {"op": "groupBy", "keys": ["window(eventTime, '5 minutes')", "accountId"],
                   "aggs": ["sum(amount) AS total"]}],
        "outputMode": "update",
        "sink": {"format": "memory", "options": {"queryName": "account_windows"}},
        "steps": steps,
        "expect": expect,
    }


GENERATED_PER_STEP = 250_000
EPOCH_10_00 = 1772359200  # 2026-03-01 10:00:00 UTC, in seconds


def generated_step(step):
    """Step `step`'s 250,000 payments by accounts that pay for the first time: ids
    step·250,000 … step·250,000 + 249,999, so the accounts of different steps never meet; amounts
    of 1 to 2,500 whole euros; event times filling the step's own 5 minutes from 10:00 on."""
    return {"generate": {
        "rows": GENERATED_PER_STEP,
        "start": step * GENERATED_PER_STEP,
        "columns": {
            "accountId": "concat('ACC-', id)",
            "amount": "id * 7919 % 2500 + 1",
            "eventTime": "timestamp_seconds(%d + id %% 300)" % (EPOCH_10_00 + step * 300),
        }}}


def lesson_27c():
    steps = [generated_step(s) for s in range(STEPS)]
    return complete_trap(steps, GENERATED_PER_STEP, {
        "title": "The memory trap at scale: a million accounts in state, generated",
        "description": (
            "Lesson 27a's dashboard, `groupBy(\"accountId\")` in **Complete** mode, at the size of a real bank: four "
            "triggers of **250,000** payments, each by 250,000 accounts that pay for the first time. The rows are not "
            "in a file: each step **generates** them from a running number `id` (`concat('ACC-', id)` for the "
            "account), so the lesson stays a few lines long, and the Spark program exported from it computes the "
            "same rows with `spark.range`. Watch **State rows**, the rows written and how long each trigger takes.\n\n"
            "- **Trigger 0** — 250,000 accounts: 250,000 state rows, 250,000 rows written.\n"
            "- **Trigger 1** — 500,000 state rows, and Complete writes **all 500,000**.\n"
            "- **Trigger 2** — 750,000 state rows, 750,000 rows written.\n"
            "- **Trigger 3** — **1,000,000** state rows; a million rows are written, although only 250,000 changed.\n\n"
            "Four triggers wrote 2,500,000 rows for 1,000,000 payments, and a fifth trigger of new accounts would write 1,250,000. "
            "State grows with the number of **distinct keys** and never shrinks: every key is kept in the state "
            "store and in every checkpoint, and Complete rewrites the whole table each time. Nothing in this query "
            "lets Spark forget an account; a watermark would not either, since Complete never evicts state.\n\n"
            "**Fix:** lesson 27b — group by a watermark-bounded window in Update mode, and the state holds only the "
            "open window's keys."),
        "title_de": "Die Speicherfalle im Großen: eine Million Konten im Zustand, erzeugt",
        "description_de": (
            "Das Dashboard aus Lektion 27a, `groupBy(\"accountId\")` im Modus **Complete**, in der Größe einer echten "
            "Bank: vier Trigger mit je **250.000** Zahlungen von 250.000 Konten, die zum ersten Mal zahlen. Die Zeilen "
            "stehen in keiner Datei: Jeder Schritt **erzeugt** sie aus einer laufenden Nummer `id` "
            "(`concat('ACC-', id)` für das Konto). So bleibt die Lektion wenige Zeilen lang, und das daraus "
            "exportierte Spark-Programm berechnet dieselben Zeilen mit `spark.range`. Beobachten Sie die "
            "**Zustandszeilen**, die geschriebenen Zeilen und wie lange jeder Trigger dauert.\n\n"
            "- **Trigger 0** — 250.000 Konten: 250.000 Zustandszeilen, 250.000 Zeilen geschrieben.\n"
            "- **Trigger 1** — 500.000 Zustandszeilen, und Complete schreibt **alle 500.000**.\n"
            "- **Trigger 2** — 750.000 Zustandszeilen, 750.000 Zeilen geschrieben.\n"
            "- **Trigger 3** — **1.000.000** Zustandszeilen; eine Million Zeilen werden geschrieben, obwohl sich nur "
            "250.000 geändert haben.\n\n"
            "Vier Trigger haben für 1.000.000 Zahlungen 2.500.000 Zeilen geschrieben, und ein fünfter Trigger mit neuen Konten "
            "schriebe 1.250.000. Der Zustand wächst mit der Zahl der **verschiedenen Schlüssel** und schrumpft nie: Jeder "
            "Schlüssel bleibt im State Store und in jedem Checkpoint, und Complete schreibt jedes Mal die ganze "
            "Tabelle neu. Nichts in dieser Abfrage lässt Spark ein Konto vergessen; auch ein Watermark täte es nicht, "
            "denn Complete entfernt nie Zustand.\n\n"
            "**Lösung:** Lektion 27b — nach einem durch ein Watermark begrenzten Fenster gruppieren, im Modus Update, "
            "und der Zustand hält nur die Schlüssel des offenen Fensters."),
        "tags": ["complete", "state", "memory", "scale", "groupBy", "million", "generate"],
        "state1": (
            "Every account of trigger 0 stays in state, and trigger 1 adds 250,000 accounts that were never seen: 500,000.",
            "Jedes Konto aus Trigger 0 bleibt im Zustand, und Trigger 1 fügt 250.000 Konten hinzu, die es noch nie gab: 500.000."),
        "written3": (
            "Trigger 3 brings 250,000 payments. How many rows does Complete write?",
            "Trigger 3 bringt 250.000 Zahlungen. Wie viele Zeilen schreibt Complete?",
            "Complete writes the whole result table every trigger: all 1,000,000 accounts, although only 250,000 changed.",
            "Complete schreibt bei jedem Trigger die ganze Ergebnistabelle: alle 1.000.000 Konten, obwohl sich nur "
            "250.000 geändert haben."),
        "state3": (
            "A million: one row per distinct account, and Complete never lets one go.",
            "Eine Million: eine Zeile pro Konto, und Complete gibt keine davon je frei."),
    })


def main():
    os.makedirs(os.path.join(HERE, DATA), exist_ok=True)
    write_data()
    for name, doc in (("27a-complete-memory-trap.scenario.json", lesson_27a()),
                      ("27b-bounded-state-watermark.scenario.json", lesson_27b()),
                      ("27c-million-accounts-generated.scenario.json", lesson_27c())):
        with open(os.path.join(HERE, name), "w", newline="\n") as f:
            f.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
