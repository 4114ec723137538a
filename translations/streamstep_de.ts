<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>CommandLine</name>
    <message>
        <source>Steps a Spark Structured Streaming query trigger by trigger.</source>
        <translation>Führt eine Spark-Structured-Streaming-Abfrage Trigger für Trigger aus.</translation>
    </message>
    <message>
        <source>Runs &lt;n&gt; triggers after opening the scenario.</source>
        <translation>Führt nach dem Öffnen des Szenarios &lt;n&gt; Trigger aus.</translation>
    </message>
    <message>
        <source>Saves the main window as a PNG &lt;file&gt; and quits.</source>
        <translation>Speichert das Hauptfenster als PNG-&lt;Datei&gt; und beendet sich.</translation>
    </message>
    <message>
        <source>Window size, e.g. 1280x800.</source>
        <translation>Fenstergröße, z. B. 1280x800.</translation>
    </message>
    <message>
        <source>User interface language (en, de).</source>
        <translation>Sprache der Oberfläche (en, de).</translation>
    </message>
    <message>
        <source>A .scenario.json file to open.</source>
        <translation>Eine zu öffnende .scenario.json-Datei.</translation>
    </message>
    <message>
        <source>Only one scenario file can be opened.</source>
        <translation>Es kann nur eine Szenariodatei geöffnet werden.</translation>
    </message>
    <message>
        <source>--steps needs a number of triggers, got &apos;%1&apos;.</source>
        <translation>--steps erwartet eine Anzahl Trigger, erhalten: &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>--size needs WIDTHxHEIGHT (at least 200x200), got &apos;%1&apos;.</source>
        <translation>--size erwartet BREITExHÖHE (mindestens 200x200), erhalten: &apos;%1&apos;.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>streamstep::BatchChartView</name>
    <message>
        <source>Per-batch figures</source>
        <translation>Kennzahlen je Batch</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Input rows</source>
        <translation>Eingabezeilen</translation>
    </message>
    <message>
        <source>Rows emitted</source>
        <translation>Ausgegebene Zeilen</translation>
    </message>
    <message>
        <source>Total state rows</source>
        <translation>Zustandszeilen gesamt</translation>
    </message>
    <message>
        <source>Updated state rows</source>
        <translation>Geänderte Zustandszeilen</translation>
    </message>
    <message>
        <source>Shown batch</source>
        <translation>Angezeigter Batch</translation>
    </message>
    <message>
        <source>Dropped by watermark</source>
        <translation>Vom Watermark verworfen</translation>
    </message>
</context>
<context>
    <name>streamstep::BatchListModel</name>
    <message>
        <source>Spark&apos;s no-data batch: the previous batch moved the watermark, so the stateful operator runs once more without input to emit and evict what the new watermark finalises.</source>
        <translation>Sparks No-Data-Batch: Der vorige Batch hat das Watermark verschoben, daher läuft der zustandsbehaftete Operator noch einmal ohne Eingabe, um auszugeben und zu entfernen, was das neue Watermark abschließt.</translation>
    </message>
    <message>
        <source>In force while this batch ran: %1
Next (from this batch&apos;s max event time): %2</source>
        <translation>Gültig während dieses Batches: %1
Nächstes (aus der maximalen Ereigniszeit dieses Batches): %2</translation>
    </message>
    <message>
        <source>no-data</source>
        <translation>No-Data</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keins</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation>Trigger</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Input rows</source>
        <translation>Eingabezeilen</translation>
    </message>
    <message>
        <source>Rows emitted</source>
        <translation>Ausgegebene Zeilen</translation>
    </message>
    <message>
        <source>Dropped (late)</source>
        <translation>Verworfen (verspätet)</translation>
    </message>
    <message>
        <source>State rows</source>
        <translation>Zustandszeilen</translation>
    </message>
    <message>
        <source>Updated state rows</source>
        <translation>Geänderte Zustandszeilen</translation>
    </message>
    <message>
        <source>Watermark</source>
        <translation>Watermark</translation>
    </message>
    <message>
        <source>Max event time</source>
        <translation>Max. Ereigniszeit</translation>
    </message>
    <message>
        <source>Micro-batch id (batchId)</source>
        <translation>ID des Micro-Batches (batchId)</translation>
    </message>
    <message>
        <source>The scenario step whose data triggered the batch</source>
        <translation>Der Szenarioschritt, dessen Daten den Batch ausgelöst haben</translation>
    </message>
    <message>
        <source>Data batch, or Spark&apos;s no-data batch after the watermark moved</source>
        <translation>Daten-Batch oder Sparks No-Data-Batch nach einer Watermark-Verschiebung</translation>
    </message>
    <message>
        <source>Input Rows (numInputRows)</source>
        <translation>Eingabezeilen (numInputRows)</translation>
    </message>
    <message>
        <source>Rows handed to the sink (numOutputRows)</source>
        <translation>An die Senke übergebene Zeilen (numOutputRows)</translation>
    </message>
    <message>
        <source>Aggregated Number Of Rows Dropped By Watermark</source>
        <translation>Aggregated Number Of Rows Dropped By Watermark (vom Watermark verworfene Zeilen)</translation>
    </message>
    <message>
        <source>Aggregated Number Of Total State Rows</source>
        <translation>Aggregated Number Of Total State Rows (Zustandszeilen gesamt)</translation>
    </message>
    <message>
        <source>Aggregated Number Of Updated State Rows</source>
        <translation>Aggregated Number Of Updated State Rows (geänderte Zustandszeilen)</translation>
    </message>
    <message>
        <source>Global watermark in force while the batch ran (eventTime.watermark)</source>
        <translation>Globales Watermark, das während des Batches galt (eventTime.watermark)</translation>
    </message>
    <message>
        <source>Max event time of the batch&apos;s rows (eventTime.max)</source>
        <translation>Maximale Ereigniszeit der Zeilen des Batches (eventTime.max)</translation>
    </message>
</context>
<context>
    <name>streamstep::BatchTableModel</name>
    <message>
        <source>late</source>
        <translation>verspätet</translation>
    </message>
    <message>
        <source>filtered</source>
        <translation>gefiltert</translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation>Duplikat</translation>
    </message>
    <message>
        <source>new</source>
        <translation>neu</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>final</source>
        <translation>final</translation>
    </message>
    <message>
        <source>evicted</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>Late: dropped by the watermark. Its event time is older than the watermark in force while this batch ran, so its window or state was already finalised.</source>
        <translation>Verspätet: vom Watermark verworfen. Ihre Ereigniszeit liegt vor dem Watermark, das während dieses Batches galt; ihr Fenster bzw. Zustand war schon abgeschlossen.</translation>
    </message>
    <message>
        <source>Filtered: removed by a filter (or a NULL event time).</source>
        <translation>Gefiltert: von einem Filter entfernt (oder Ereigniszeit NULL).</translation>
    </message>
    <message>
        <source>Duplicate: dropped by dropDuplicates, the key was already seen.</source>
        <translation>Duplikat: von dropDuplicates verworfen, der Schlüssel war schon bekannt.</translation>
    </message>
    <message>
        <source>New: this group entered the state in this batch.</source>
        <translation>Neu: Diese Gruppe kam in diesem Batch in den Zustand.</translation>
    </message>
    <message>
        <source>Updated: this group was in the state and changed in this batch.</source>
        <translation>Geändert: Diese Gruppe war im Zustand und hat sich in diesem Batch geändert.</translation>
    </message>
    <message>
        <source>Final: the watermark passed the end of this window in this batch; the group is evicted from the state (append mode emits it now).</source>
        <translation>Final: Das Watermark hat in diesem Batch das Ende dieses Fensters überschritten; die Gruppe wird aus dem Zustand entfernt (der Append-Modus gibt sie jetzt aus).</translation>
    </message>
    <message>
        <source>Evicted: finalised by the watermark in an earlier batch; no longer in the state.</source>
        <translation>Entfernt: in einem früheren Batch vom Watermark abgeschlossen; nicht mehr im Zustand.</translation>
    </message>
    <message>
        <source>status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>What this batch did with the row (text mark; hover a row for why)</source>
        <translation>Was dieser Batch mit der Zeile gemacht hat (Textmarke; Zeile überfahren für die Begründung)</translation>
    </message>
    <message>
        <source>event-time column (watermark delay %1 ms)</source>
        <translation>Ereigniszeit-Spalte (Watermark-Verzögerung %1 ms)</translation>
    </message>
    <message>
        <source>late, kept</source>
        <translation>verspätet, behalten</translation>
    </message>
    <message>
        <source>Late but kept: its event time is at or before the watermark in force, yet its window (or state) is still open, so it still counts.</source>
        <translation>Verspätet, aber behalten: Die Ereigniszeit liegt am oder vor dem geltenden Watermark, doch ihr Fenster (oder Zustand) ist noch offen, daher zählt die Zeile noch.</translation>
    </message>
</context>
<context>
    <name>streamstep::LessonsPage</name>
    <message>
        <source>&amp;Open lesson</source>
        <translation>Lektion ö&amp;ffnen</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Lessons&lt;/h2&gt;&lt;p&gt;Pick a lesson: each one is a streaming query, an output mode, a sink and the data of each trigger. Open it and step it trigger by trigger.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Lektionen&lt;/h2&gt;&lt;p&gt;Wählen Sie eine Lektion: Jede besteht aus einer Streaming-Abfrage, einem Ausgabemodus, einer Senke und den Daten jedes Triggers. Öffnen Sie sie und führen Sie sie Trigger für Trigger aus.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No bundled lessons were found.</source>
        <translation>Es wurden keine mitgelieferten Lektionen gefunden.</translation>
    </message>
</context>
<context>
    <name>streamstep::MainWindow</name>
    <message>
        <source>Open a lesson or a scenario file to begin.</source>
        <translation>Öffnen Sie eine Lektion oder eine Szenariodatei, um zu beginnen.</translation>
    </message>
    <message>
        <source>Query stopped</source>
        <translation>Abfrage gestoppt</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>&amp;Lektionen</translation>
    </message>
    <message>
        <source>Show the list of bundled lessons</source>
        <translation>Die Liste der mitgelieferten Lektionen anzeigen</translation>
    </message>
    <message>
        <source>S&amp;tart</source>
        <translation>S&amp;tarten</translation>
    </message>
    <message>
        <source>Start the query (Spark&apos;s writeStream.start()): validates it and waits for data</source>
        <translation>Die Abfrage starten (Sparks writeStream.start()): prüft sie und wartet auf Daten</translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <translation>&amp;Schritt</translation>
    </message>
    <message>
        <source>Feed the next step&apos;s rows as one trigger (Space, →)</source>
        <translation>Die Zeilen des nächsten Schritts als einen Trigger einspeisen (Leertaste, →)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Abspielen</translation>
    </message>
    <message>
        <source>Run one trigger per interval until the data runs out (P)</source>
        <translation>Einen Trigger pro Intervall ausführen, bis die Daten aufgebraucht sind (P)</translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation>&amp;Zurücksetzen</translation>
    </message>
    <message>
        <source>Stop the query and forget its state, batches and sink output (Ctrl+R)</source>
        <translation>Die Abfrage stoppen und ihren Zustand, ihre Batches und die Senkenausgabe verwerfen (Strg+R)</translation>
    </message>
    <message>
        <source>Run &amp;All Triggers</source>
        <translation>&amp;Alle Trigger ausführen</translation>
    </message>
    <message>
        <source>&amp;Larger Text</source>
        <translation>&amp;Größere Schrift</translation>
    </message>
    <message>
        <source>S&amp;maller Text</source>
        <translation>&amp;Kleinere Schrift</translation>
    </message>
    <message>
        <source>&amp;Normal Text Size</source>
        <translation>&amp;Normale Schriftgröße</translation>
    </message>
    <message>
        <source>&amp;About StreamStep</source>
        <translation>Über &amp;StreamStep</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Englisch</translation>
    </message>
    <message>
        <source>German</source>
        <translation>Deutsch</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>Stepper</source>
        <translation>Schrittsteuerung</translation>
    </message>
    <message>
        <source>Batch:</source>
        <translation>Batch:</translation>
    </message>
    <message>
        <source>Review any past batch: every panel shows that batch&apos;s recorded report</source>
        <translation>Einen früheren Batch ansehen: Jeder Bereich zeigt den aufgezeichneten Bericht dieses Batches</translation>
    </message>
    <message>
        <source>The console sink prints each batch here, as Spark does.</source>
        <translation>Die Konsolensenke gibt hier jeden Batch aus, wie Spark es tut.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Batches&lt;/b&gt; — watermark and state per micro-batch</source>
        <translation>&lt;b&gt;Batches&lt;/b&gt; — Watermark und Zustand je Micro-Batch</translation>
    </message>
    <message>
        <source>Cannot open the scenario</source>
        <translation>Das Szenario kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Ready: press Step (Space) to run the first trigger.</source>
        <translation>Bereit: Drücken Sie „Schritt“ (Leertaste), um den ersten Trigger auszuführen.</translation>
    </message>
    <message>
        <source>The query cannot start: %1</source>
        <translation>Die Abfrage kann nicht starten: %1</translation>
    </message>
    <message>
        <source>Trigger %1 ran no batch: no new data and no stateful operator needed one.</source>
        <translation>Trigger %1 hat keinen Batch ausgeführt: keine neuen Daten, und kein zustandsbehafteter Operator brauchte einen.</translation>
    </message>
    <message>
        <source>Trigger %1 ran batch %2.</source>
        <translation>Trigger %1 hat Batch %2 ausgeführt.</translation>
    </message>
    <message>
        <source>Trigger %1 ran batches %2–%3: the watermark moved, so Spark ran a no-data batch right after the data batch.</source>
        <translation>Trigger %1 hat die Batches %2–%3 ausgeführt: Das Watermark hat sich verschoben, daher hat Spark direkt nach dem Daten-Batch einen No-Data-Batch ausgeführt.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Input rows&lt;/b&gt;</source>
        <translation>&lt;b&gt;Eingabezeilen&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Result table&lt;/b&gt;</source>
        <translation>&lt;b&gt;Ergebnistabelle&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Emitted rows&lt;/b&gt;</source>
        <translation>&lt;b&gt;Ausgegebene Zeilen&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sink&lt;/b&gt;</source>
        <translation>&lt;b&gt;Senke&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No batch has run yet.</source>
        <translation>Es wurde noch kein Batch ausgeführt.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Input rows&lt;/b&gt; of batch %1: %n row(s)</source>
        <translation>
            <numerusform>&lt;b&gt;Eingabezeilen&lt;/b&gt; von Batch %1: %n Zeile</numerusform>
            <numerusform>&lt;b&gt;Eingabezeilen&lt;/b&gt; von Batch %1: %n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Input rows&lt;/b&gt; of batch %1: none — Spark&apos;s no-data batch</source>
        <translation>&lt;b&gt;Eingabezeilen&lt;/b&gt; von Batch %1: keine — Sparks No-Data-Batch</translation>
    </message>
    <message numerus="yes">
        <source>, %n late</source>
        <translation>
            <numerusform>, %n verspätet</numerusform>
            <numerusform>, %n verspätet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n filtered out</source>
        <translation>
            <numerusform>, %n herausgefiltert</numerusform>
            <numerusform>, %n herausgefiltert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Result table&lt;/b&gt; after batch %1: %n group(s)</source>
        <translation>
            <numerusform>&lt;b&gt;Ergebnistabelle&lt;/b&gt; nach Batch %1: %n Gruppe</numerusform>
            <numerusform>&lt;b&gt;Ergebnistabelle&lt;/b&gt; nach Batch %1: %n Gruppen</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Result table&lt;/b&gt;: a query without aggregation has none of its own; its result is every batch&apos;s emitted rows.</source>
        <translation>&lt;b&gt;Ergebnistabelle&lt;/b&gt;: Eine Abfrage ohne Aggregation hat keine eigene; ihr Ergebnis sind die ausgegebenen Zeilen aller Batches.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Emitted rows&lt;/b&gt; of batch %1 (%2 mode): %n row(s)</source>
        <translation>
            <numerusform>&lt;b&gt;Ausgegebene Zeilen&lt;/b&gt; von Batch %1 (Modus %2): %n Zeile</numerusform>
            <numerusform>&lt;b&gt;Ausgegebene Zeilen&lt;/b&gt; von Batch %1 (Modus %2): %n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Sink: console&lt;/b&gt; — output up to batch %1</source>
        <translation>&lt;b&gt;Senke: Konsole&lt;/b&gt; — Ausgabe bis Batch %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sink: memory table&lt;/b&gt; after batch %1</source>
        <translation>&lt;b&gt;Senke: Speichertabelle&lt;/b&gt; nach Batch %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sink: %1&lt;/b&gt; — rows written by batch %2</source>
        <translation>&lt;b&gt;Senke: %1&lt;/b&gt; — von Batch %2 geschriebene Zeilen</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keins</translation>
    </message>
    <message>
        <source>Batch %1: this query has no watermark, so state is never evicted by event time.</source>
        <translation>Batch %1: Diese Abfrage hat kein Watermark, daher wird Zustand nie nach Ereigniszeit entfernt.</translation>
    </message>
    <message>
        <source>Batch %1: watermark in force &lt;b&gt;%2&lt;/b&gt;.</source>
        <translation>Batch %1: gültiges Watermark &lt;b&gt;%2&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>Max event time %1 → next watermark = %1 − %2</source>
        <translation>Max. Ereigniszeit %1 → nächstes Watermark = %1 − %2</translation>
    </message>
    <message>
        <source>is not later, so the watermark stays &lt;b&gt;%1&lt;/b&gt; (it never goes back).</source>
        <translation>ist nicht später, daher bleibt das Watermark bei &lt;b&gt;%1&lt;/b&gt; (es geht nie zurück).</translation>
    </message>
    <message>
        <source>No input: this batch only applies the watermark (emits and evicts).</source>
        <translation>Keine Eingabe: Dieser Batch wendet nur das Watermark an (gibt aus und entfernt).</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>Query rejected</source>
        <translation>Abfrage abgelehnt</translation>
    </message>
    <message numerus="yes">
        <source>Not started · %n trigger(s) of data</source>
        <translation>
            <numerusform>Nicht gestartet · %n Trigger mit Daten</numerusform>
            <numerusform>Nicht gestartet · %n Trigger mit Daten</numerusform>
        </translation>
    </message>
    <message>
        <source>Next trigger: %1 of %2</source>
        <translation>Nächster Trigger: %1 von %2</translation>
    </message>
    <message numerus="yes">
        <source>All %n trigger(s) done</source>
        <translation>
            <numerusform>Der %n Trigger ist ausgeführt</numerusform>
            <numerusform>Alle %n Trigger ausgeführt</numerusform>
        </translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>Lektionen</translation>
    </message>
    <message>
        <source>%1 — StreamStep</source>
        <translation>%1 — StreamStep</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>Szenario öffnen</translation>
    </message>
    <message>
        <source>Scenarios (*.scenario.json);;JSON files (*.json);;All files (*)</source>
        <translation>Szenarien (*.scenario.json);;JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save Scenario As</source>
        <translation>Szenario speichern unter</translation>
    </message>
    <message>
        <source>Scenarios (*.scenario.json)</source>
        <translation>Szenarien (*.scenario.json)</translation>
    </message>
    <message>
        <source>Cannot save the scenario</source>
        <translation>Das Szenario kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>Liste &amp;leeren</translation>
    </message>
    <message>
        <source>About StreamStep</source>
        <translation>Über StreamStep</translation>
    </message>
    <message>
        <source>&lt;h3&gt;StreamStep %1&lt;/h3&gt;&lt;p&gt;Teaches Apache Spark Structured Streaming by stepping an embedded engine trigger by trigger: input rows, the result table, the rows emitted to the sink, the watermark and the state, batch by batch.&lt;/p&gt;&lt;p&gt;The engine reproduces Spark 3.5&apos;s micro-batch semantics and error messages.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;StreamStep %1&lt;/h3&gt;&lt;p&gt;Lehrt Apache Spark Structured Streaming, indem eine eingebettete Engine Trigger für Trigger ausgeführt wird: Eingabezeilen, Ergebnistabelle, an die Senke ausgegebene Zeilen, Watermark und Zustand, Batch für Batch.&lt;/p&gt;&lt;p&gt;Die Engine bildet die Micro-Batch-Semantik und die Fehlermeldungen von Spark 3.5 nach.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The language changes when StreamStep starts next time.</source>
        <translation>Die Sprache ändert sich beim nächsten Start von StreamStep.</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n batch(es) run)</source>
        <translation>
            <numerusform>%1 (%n Batch ausgeführt)</numerusform>
            <numerusform>%1 (%n Batches ausgeführt)</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>The query of this scenario was edited. Save the changes?</source>
        <translation>Die Abfrage dieses Szenarios wurde bearbeitet. Änderungen speichern?</translation>
    </message>
</context>
<context>
    <name>streamstep::QueryEditor</name>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Add an op after the selected one</source>
        <translation>Eine Operation nach der ausgewählten hinzufügen</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten…</translation>
    </message>
    <message>
        <source>Edit the selected op</source>
        <translation>Die ausgewählte Operation bearbeiten</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the selected op</source>
        <translation>Die ausgewählte Operation entfernen</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Move the selected op up</source>
        <translation>Die ausgewählte Operation nach oben verschieben</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Move the selected op down</source>
        <translation>Die ausgewählte Operation nach unten verschieben</translation>
    </message>
    <message>
        <source>&lt;b&gt;Query&lt;/b&gt; — ops in order</source>
        <translation>&lt;b&gt;Abfrage&lt;/b&gt; — Operationen in Reihenfolge</translation>
    </message>
    <message>
        <source>Output mode:</source>
        <translation>Ausgabemodus:</translation>
    </message>
    <message>
        <source>Sink:</source>
        <translation>Senke:</translation>
    </message>
    <message>
        <source>append — only final rows</source>
        <translation>append — nur finale Zeilen</translation>
    </message>
    <message>
        <source>update — changed rows</source>
        <translation>update — geänderte Zeilen</translation>
    </message>
    <message>
        <source>complete — whole result</source>
        <translation>complete — ganzes Ergebnis</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>%1 hinzufügen</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>%1 bearbeiten</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>Move %1 up</source>
        <translation>%1 nach oben verschieben</translation>
    </message>
    <message>
        <source>Move %1 down</source>
        <translation>%1 nach unten verschieben</translation>
    </message>
    <message>
        <source>Set output mode to %1</source>
        <translation>Ausgabemodus auf %1 setzen</translation>
    </message>
    <message>
        <source>Set sink to %1</source>
        <translation>Senke auf %1 setzen</translation>
    </message>
</context>
<context>
    <name>streamstep::QueryOpDialog</name>
    <message>
        <source>Query op: %1</source>
        <translation>Abfrageoperation: %1</translation>
    </message>
    <message>
        <source>Event-time column:</source>
        <translation>Ereigniszeit-Spalte:</translation>
    </message>
    <message>
        <source>for example: 10 minutes</source>
        <translation>zum Beispiel: 10 minutes</translation>
    </message>
    <message>
        <source>Delay threshold:</source>
        <translation>Verzögerungsschwelle:</translation>
    </message>
    <message>
        <source>for example: amount &gt; 1000</source>
        <translation>zum Beispiel: amount &gt; 1000</translation>
    </message>
    <message>
        <source>Condition:</source>
        <translation>Bedingung:</translation>
    </message>
    <message>
        <source>Columns (one per line):</source>
        <translation>Spalten (eine pro Zeile):</translation>
    </message>
    <message>
        <source>Column name:</source>
        <translation>Spaltenname:</translation>
    </message>
    <message>
        <source>Expression:</source>
        <translation>Ausdruck:</translation>
    </message>
    <message>
        <source>for example: window(eventTime, &apos;5 minutes&apos;)</source>
        <translation>zum Beispiel: window(eventTime, &apos;5 minutes&apos;)</translation>
    </message>
    <message>
        <source>Keys (one per line):</source>
        <translation>Schlüssel (einer pro Zeile):</translation>
    </message>
    <message>
        <source>for example: sum(amount) AS total</source>
        <translation>zum Beispiel: sum(amount) AS total</translation>
    </message>
    <message>
        <source>Aggregates (one per line):</source>
        <translation>Aggregate (eines pro Zeile):</translation>
    </message>
    <message>
        <source>empty: all columns</source>
        <translation>leer: alle Spalten</translation>
    </message>
    <message>
        <source>Name the event-time column.</source>
        <translation>Geben Sie die Ereigniszeit-Spalte an.</translation>
    </message>
    <message>
        <source>Invalid delay &apos;%1&apos;: %2</source>
        <translation>Ungültige Verzögerung &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>The delay threshold (%1) should not be negative.</source>
        <translation>Die Verzögerungsschwelle (%1) darf nicht negativ sein.</translation>
    </message>
    <message>
        <source>Name the new column.</source>
        <translation>Geben Sie den Namen der neuen Spalte an.</translation>
    </message>
    <message>
        <source>Enter at least one expression.</source>
        <translation>Geben Sie mindestens einen Ausdruck ein.</translation>
    </message>
</context>
<context>
    <name>streamstep::QuerySummaryView</name>
    <message>
        <source>Add a watermark (withWatermark) on the event-time column and group by a window of it, or use update or complete mode.</source>
        <translation>Fügen Sie ein Watermark (withWatermark) auf der Ereigniszeit-Spalte hinzu und gruppieren Sie nach einem Fenster darüber, oder verwenden Sie den Update- oder Complete-Modus.</translation>
    </message>
    <message>
        <source>Use append or update mode for a query without aggregation, or add a groupBy.</source>
        <translation>Verwenden Sie für eine Abfrage ohne Aggregation den Append- oder Update-Modus, oder fügen Sie ein groupBy hinzu.</translation>
    </message>
    <message>
        <source>File sinks accept only append mode: use append mode (with a watermark for an aggregation), or a console, memory or SQLite sink.</source>
        <translation>Dateisenken akzeptieren nur den Append-Modus: Verwenden Sie den Append-Modus (mit Watermark bei einer Aggregation) oder eine Konsolen-, Speicher- oder SQLite-Senke.</translation>
    </message>
    <message>
        <source>Untitled scenario</source>
        <translation>Unbenanntes Szenario</translation>
    </message>
    <message>
        <source>The query cannot start:</source>
        <translation>Die Abfrage kann nicht starten:</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>Abhilfe:</translation>
    </message>
    <message>
        <source>Source &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>Quelle &lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>Abfrage</translation>
    </message>
    <message>
        <source>Output mode:</source>
        <translation>Ausgabemodus:</translation>
    </message>
    <message>
        <source>Sink:</source>
        <translation>Senke:</translation>
    </message>
    <message>
        <source>Triggers:</source>
        <translation>Trigger:</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
</context>
<context>
    <name>streamstep::RunController</name>
    <message>
        <source>%1: cannot open the file: %2</source>
        <translation>%1: Die Datei kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1: cannot write the file: %2</source>
        <translation>%1: Die Datei kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>streamstep::WatermarkChartView</name>
    <message>
        <source>Watermark and max event time (UTC)</source>
        <translation>Watermark und max. Ereigniszeit (UTC)</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Event time</source>
        <translation>Ereigniszeit</translation>
    </message>
    <message>
        <source>Max event time</source>
        <translation>Max. Ereigniszeit</translation>
    </message>
    <message>
        <source>Watermark</source>
        <translation>Watermark</translation>
    </message>
    <message>
        <source>Shown batch</source>
        <translation>Angezeigter Batch</translation>
    </message>
    <message>
        <source>No watermark: this query has no withWatermark</source>
        <translation>Kein Watermark: Diese Abfrage hat kein withWatermark</translation>
    </message>
</context>
</TS>
